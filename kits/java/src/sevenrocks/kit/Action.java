package sevenrocks.kit;

/** An action in a hand: a {@link Placement} or {@link Pass#PASS}. */
public sealed interface Action permits Placement, Pass {}
