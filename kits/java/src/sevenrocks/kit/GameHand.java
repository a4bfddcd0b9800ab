package sevenrocks.kit;

import java.util.List;

/** One hand of a game request; {@code opener} is null when the request leaves it out. */
public record GameHand(List<List<Tile>> deal, Integer opener, List<Action> actions) {}
