"""A plain Python engine of the same rules: the baseline the benchmark measures against.

It is written the way an engine author writes one first, clearly and without
tricks: an object per tile on the table, a list of open ends, tiles in hand
as a list of ``(low, high)`` pairs, the end sum added up again after every
placement. It shares no code with the reference engine, so a test can play
both on the same deals with the same random choices and require the same
events (tests/engine/test_bench.py): the benchmark then compares like with like.

It offers the trusted path only (the benchmark plays legal moves): no
checking, no messages, no games. ``python -m benchmarks.naive [--seconds S]`` prints
its own rate alone; `benchmarks.engine` sets it beside the reference engine's.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from math import floor

__all__ = ["NaiveEnd", "NaiveHand", "NaiveTable", "PlacedTile", "main"]

Pair = tuple[int, int]

TARGET = 250


class PlacedTile:
    """A tile on the table."""

    def __init__(self, tile: Pair) -> None:
        self.tile = tile
        self.is_double = tile[0] == tile[1]


class NaiveEnd:
    """An open end: where on which placed tile the next tile may join, and its value."""

    def __init__(self, placed: PlacedTile, side: str, value: int) -> None:
        self.placed = placed
        self.side = side
        self.value = value


class NaiveTable:
    """The tiles on the table and their open ends."""

    def __init__(self) -> None:
        self.tiles: list[PlacedTile] = []
        self.ends: list[NaiveEnd] = []
        self.spinner: PlacedTile | None = None
        self.free_linear: list[str] = []

    def end_sum(self) -> int:
        """Add up the counted ends: arms' ends, and the spinner while a linear side is free."""
        total = 0
        for end in self.ends:
            if end.placed is self.spinner:
                continue
            total += 2 * end.value if end.placed.is_double else end.value
        if self.spinner is not None and self.free_linear:
            total += 2 * self.spinner.tile[0]
        return total

    def place(self, tile: Pair, end: NaiveEnd | None) -> None:
        """Put `tile` down: as the opening (`end` None) or on the open end `end`."""
        placed = PlacedTile(tile)
        self.tiles.append(placed)
        low, high = tile
        if end is None:
            if placed.is_double:
                self.spinner = placed
                self.free_linear = ["linear_a", "linear_b"]
                self.ends = [NaiveEnd(placed, "linear_a", low), NaiveEnd(placed, "linear_b", low)]
            else:
                self.ends = [NaiveEnd(placed, "low", low), NaiveEnd(placed, "high", high)]
            return
        if placed.is_double:
            new_end = NaiveEnd(placed, "linear_b", low)
        elif end.value == low:
            new_end = NaiveEnd(placed, "high", high)
        else:
            new_end = NaiveEnd(placed, "low", low)
        spinner = self.spinner
        if spinner is not None and end.placed is spinner:
            self.ends.remove(end)
            if end.side in self.free_linear:
                self.free_linear.remove(end.side)
                if not self.free_linear:
                    value = spinner.tile[0]
                    self.ends.append(NaiveEnd(spinner, "branch_a", value))
                    self.ends.append(NaiveEnd(spinner, "branch_b", value))
            self.ends.append(new_end)
            return
        index = self.ends.index(end)
        if placed.is_double and spinner is None:
            # The first double is the spinner, joined on its linear side A.
            self.spinner = placed
            self.free_linear = ["linear_b"]
        self.ends[index] = new_end


class NaiveHand:
    """One hand: four players' tiles, turns, passes, scores and the events so far."""

    def __init__(self, deal: list[list[Pair]], opener: int) -> None:
        self.hands = [sorted(tiles) for tiles in deal]
        self.table = NaiveTable()
        self.to_move = opener
        self.passes = 0
        self.scores = [0, 0]
        self.over = False
        self.events: list[tuple[object, ...]] = []

    def legal_moves(self) -> list[tuple[Pair, NaiveEnd | None]]:
        """Every (tile, end) the player to move may play; None as the end opens."""
        hand = self.hands[self.to_move]
        if not self.table.tiles:
            return [(tile, None) for tile in hand]
        return [(tile, end) for end in self.table.ends for tile in hand if end.value in tile]

    def play(self, tile: Pair, end: NaiveEnd | None) -> None:
        """Place `tile` for the player to move, score it and move on."""
        seat = self.to_move
        self.hands[seat].remove(tile)
        self.table.place(tile, end)
        end_sum = self.table.end_sum()
        credit = end_sum if end_sum > 0 and end_sum % 5 == 0 else 0
        team = seat % 2
        self.scores[team] += credit
        where = None if end is None else (end.placed.tile, end.side)
        self.events.append((seat, tile, where, end_sum, credit, self.scores[0], self.scores[1]))
        self.passes = 0
        if self.scores[team] >= TARGET:
            self.over = True
        elif not self.hands[seat]:
            self.over = True
            self.count()
        else:
            self.to_move = (seat + 1) % 4

    def pass_turn(self) -> None:
        """The player to move cannot place: pass; four passes in a row block the hand."""
        self.events.append((self.to_move,))
        self.passes += 1
        if self.passes == 4:
            self.over = True
            self.count()
        else:
            self.to_move = (self.to_move + 1) % 4

    def count(self) -> None:
        """Each player's remaining pips, rounded to five, off their own team's score."""
        for seat, tiles in enumerate(self.hands):
            pips = sum(low + high for low, high in tiles)
            self.scores[seat % 2] -= (pips + 2) // 5 * 5


def main(argv: list[str] | None = None) -> int:
    """Play random hands with the naive engine and print hands and actions per CPU second."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.naive", description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="how long to play (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    options = parser.parse_args(argv)
    rng = random.Random(options.seed)
    tiles = [(low, high) for low in range(7) for high in range(low, 7)]
    hands = actions = 0
    cpu = 0.0
    deadline = time.perf_counter() + options.seconds
    while hands == 0 or time.perf_counter() < deadline:
        rng.shuffle(tiles)
        draws = [rng.random() for _ in range(28)]
        start = time.process_time()
        hand = NaiveHand([tiles[i : i + 7] for i in range(0, 28, 7)], rng.randrange(4))
        placed = 0
        while not hand.over:
            moves = hand.legal_moves()
            if moves:
                hand.play(*moves[floor(draws[placed] * len(moves))])
                placed += 1
            else:
                hand.pass_turn()
        cpu += time.process_time() - start
        hands += 1
        actions += len(hand.events)
    rates = {"hands_per_second": round(hands / cpu), "actions_per_second": round(actions / cpu)}
    print(json.dumps({"naive": rates, "hands": hands}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
