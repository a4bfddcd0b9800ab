package sevenrocks.kit;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The suite's comparison of a reply with a case, for harnesses that run the suite's JSON
 * file ({@code seven-rocks-conformance export --format json}) in their own tests.
 *
 * <p>The structural part of the file's "comparison" contract: the reply carries the case's
 * expect key; a rejection matches by its code and, when the case gives one, its index (never
 * its message); a result value by value: an object with exactly the expected keys, except
 * the result objects the case lists in "partial" (JSON Pointers), which may hold keys the
 * case leaves out; an array in order, except those listed in "unordered", matched as
 * multisets by a maximum matching; a scalar by JSON type and value, numbers as written ({@code
 * 2} is not {@code 2.0}). The runner checks, beyond this, the reply's JSON Schema and the
 * relations a result keeps with its request.
 */
public final class Compare {
  private Compare() {}

  /** Whether {@code reply} passes {@code kase}, one entry of the suite file's "cases". */
  public static boolean caseMatches(JsonObject kase, JsonElement reply) {
    JsonObject expect = kase.getAsJsonObject("expect");
    if (!reply.isJsonObject() || expect.size() != 1) {
      return false;
    }
    String kind = expect.keySet().iterator().next();
    JsonElement actual = reply.getAsJsonObject().get(kind);
    if (actual == null) {
      return false;
    }
    JsonElement expected = expect.get(kind);
    if (kind.equals("rejected")) {
      if (!actual.isJsonObject()) {
        return false;
      }
      JsonObject want = expected.getAsJsonObject();
      JsonObject got = actual.getAsJsonObject();
      if (!got.has("code") || !sameScalar(want.get("code"), got.get("code"))) {
        return false;
      }
      return !want.has("index") || (got.has("index") && sameScalar(want.get("index"), got.get("index")));
    }
    return valueMatches(expected, actual, pointers(kase, "unordered"), pointers(kase, "partial"), "");
  }

  private static Set<String> pointers(JsonObject kase, String key) {
    Set<String> out = new HashSet<>();
    if (kase.has(key)) {
      for (JsonElement pointer : kase.getAsJsonArray(key)) {
        out.add(pointer.getAsString());
      }
    }
    return out;
  }

  private static boolean sameScalar(JsonElement expected, JsonElement actual) {
    if (expected.isJsonNull() || actual.isJsonNull()) {
      return expected.isJsonNull() && actual.isJsonNull();
    }
    if (!expected.isJsonPrimitive() || !actual.isJsonPrimitive()) {
      return false;
    }
    JsonPrimitive want = expected.getAsJsonPrimitive();
    JsonPrimitive got = actual.getAsJsonPrimitive();
    if (want.isNumber() || got.isNumber()) {
      // As written: gson would call 2 and 2.0 equal.
      return want.isNumber() && got.isNumber() && want.getAsString().equals(got.getAsString());
    }
    return want.isBoolean() == got.isBoolean() && want.equals(got);
  }

  /** Whether {@code actual} matches {@code expected} at the JSON Pointer {@code pointer}. */
  public static boolean valueMatches(
      JsonElement expected, JsonElement actual, Set<String> unordered, Set<String> partial, String pointer) {
    if (expected.isJsonObject()) {
      if (!actual.isJsonObject()) {
        return false;
      }
      JsonObject want = expected.getAsJsonObject();
      JsonObject got = actual.getAsJsonObject();
      if (!partial.contains(pointer) && got.size() != want.size()) {
        return false;
      }
      for (Map.Entry<String, JsonElement> entry : want.entrySet()) {
        String token = entry.getKey().replace("~", "~0").replace("/", "~1");
        JsonElement item = got.get(entry.getKey());
        if (item == null || !valueMatches(entry.getValue(), item, unordered, partial, pointer + "/" + token)) {
          return false;
        }
      }
      return true;
    }
    if (expected.isJsonArray()) {
      if (!actual.isJsonArray()) {
        return false;
      }
      JsonArray want = expected.getAsJsonArray();
      JsonArray got = actual.getAsJsonArray();
      if (want.size() != got.size()) {
        return false;
      }
      if (unordered.contains(pointer)) {
        return multiset(want, got, unordered, partial, pointer);
      }
      for (int i = 0; i < want.size(); i++) {
        if (!valueMatches(want.get(i), got.get(i), unordered, partial, pointer + "/" + i)) {
          return false;
        }
      }
      return true;
    }
    return sameScalar(expected, actual);
  }

  // Kuhn's augmenting paths: one expected element may fit several actual ones.
  private static boolean multiset(
      JsonArray want, JsonArray got, Set<String> unordered, Set<String> partial, String pointer) {
    List<List<Integer>> fits = new ArrayList<>();
    for (int i = 0; i < want.size(); i++) {
      List<Integer> row = new ArrayList<>();
      for (int j = 0; j < got.size(); j++) {
        if (valueMatches(want.get(i), got.get(j), unordered, partial, pointer + "/" + i)) {
          row.add(j);
        }
      }
      fits.add(row);
    }
    Map<Integer, Integer> owner = new HashMap<>();
    for (int i = 0; i < want.size(); i++) {
      if (!augment(i, fits, owner, new HashSet<>())) {
        return false;
      }
    }
    return true;
  }

  private static boolean augment(int i, List<List<Integer>> fits, Map<Integer, Integer> owner, Set<Integer> seen) {
    for (int j : fits.get(i)) {
      if (!seen.add(j)) {
        continue;
      }
      Integer held = owner.get(j);
      if (held == null || augment(held, fits, owner, seen)) {
        owner.put(j, i);
        return true;
      }
    }
    return false;
  }
}
