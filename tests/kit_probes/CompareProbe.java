import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import sevenrocks.kit.Compare;

/** Runs the Java kit's Compare.caseMatches over the comparison vectors: SUITE VECTORS. */
public final class CompareProbe {
  private CompareProbe() {}

  public static void main(String[] args) throws Exception {
    JsonObject suite = JsonParser.parseString(Files.readString(Path.of(args[0]))).getAsJsonObject();
    Map<String, JsonObject> cases = new HashMap<>();
    for (JsonElement kase : suite.getAsJsonArray("cases")) {
      cases.put(kase.getAsJsonObject().get("id").getAsString(), kase.getAsJsonObject());
    }
    JsonArray vectors = JsonParser.parseString(Files.readString(Path.of(args[1]))).getAsJsonArray();
    JsonArray wrong = new JsonArray();
    for (JsonElement item : vectors) {
      JsonObject vector = item.getAsJsonObject();
      JsonObject kase = cases.get(vector.get("case").getAsString());
      boolean passes = vector.get("passes").getAsBoolean();
      if (Compare.caseMatches(kase, vector.get("reply")) != passes) {
        wrong.add(vector.get("case").getAsString() + ": " + vector.get("what").getAsString());
      }
    }
    JsonObject out = new JsonObject();
    out.add("wrong", wrong);
    out.addProperty("checked", vectors.size());
    System.out.println(out);
  }
}
