"""Helpers shared by the engine's tests."""

from __future__ import annotations

from typing import Any

from reference_impl.hand import Hand
from reference_impl.table import Table


def table_snapshot(table: Table) -> tuple[Any, ...]:
    """Everything a table holds and shows, for before/after comparisons."""
    return (
        tuple(table.ends),
        table.total,
        table.spinner,
        table.taken,
        table.placed,
        tuple(table.points()),
        tuple(table.counted()),
        table.end_sum(),
    )


def snapshot(hand: Hand) -> tuple[Any, ...]:
    """Everything a hand holds and shows, for before/after comparisons."""
    return (
        table_snapshot(hand.table),
        tuple(hand.holdings),
        hand.opener,
        hand.to_move,
        hand.passes,
        tuple(hand.scores),
        hand.end,
        hand.winner,
        hand.penalties,
        hand.next_opener,
        tuple(hand.events),
        tuple(hand.legal()),
    )
