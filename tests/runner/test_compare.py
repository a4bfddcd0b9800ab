"""The comparison of expected values with results, exactly as the team contract defines it."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.runner.compare import diff, diff_rejected, matches

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-50, 50) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner,
                                                                max_size=4),
    max_leaves=20,
)  # fmt: skip


@pytest.mark.parametrize(
    ("expected", "actual", "partial", "ok"),
    [
        ({"a": 1}, {"a": 1, "b": 2}, True, True),  # a result object may leave out keys
        ({"a": 1}, {"a": 1, "b": 2}, False, False),  # any other object is compared whole
        ({"a": {"b": 1}}, {"a": {"b": 1, "c": 3}}, True, False),  # at every depth below
        ({"hands": [{"a": 1}]}, {"hands": [{"a": 1, "b": 2}]}, True, True),  # hand results
        ({"hands": [{"a": {}}]}, {"hands": [{"a": {"b": 2}}]}, True, False),  # not below
        ({"a": 1}, {"b": 1}, True, False),  # a missing key
        ({"a": [1, 2]}, {"a": [2, 1]}, True, False),  # ordinary arrays keep their order
        ({"a": [1, 2]}, {"a": [1, 2, 3]}, True, False),  # and their length
        ({"open": [1, 2]}, {"open": [2, 1]}, True, True),  # multiset keys ignore order
        ({"counted": [1, 1, 2]}, {"counted": [1, 2, 2]}, True, False),  # but count repeats
        ({"legal": [1]}, {"legal": [1, 1]}, True, False),  # same length
        # An opening placement has no "on": not a value, not null.
        ({"placements": [{"tile": [1, 2]}]}, {"placements": [{"tile": [1, 2], "on": None}]},
         True, False),
        ({"placements": [{"tile": [1, 2]}]}, {"placements": [{"tile": [1, 2]}]}, True, True),
        ({"divide": [{"nodes": 1}]}, {"divide": [{"nodes": 1, "action": "pass"}]}, True, False),
        ({"a": [[1, 2]]}, {"a": [[2, 1]]}, True, False),  # nested arrays elsewhere: ordered
        ({"open": [{"tile": [1, 2]}]}, {"open": [{"tile": [2, 1]}]}, True, False),
        ({"a": 1}, {"a": True}, True, False),  # integers are not booleans
        ({"a": True}, {"a": 1}, True, False),
        ({"a": 0}, {"a": False}, True, False),
        ({"a": None}, {"a": 0}, True, False),  # null matches only null
        ({"a": None}, {"a": None}, True, True),
        ({"a": 5}, {"a": 5.0}, True, False),  # exact: an integer is not a float
        ({"a": "5"}, {"a": 5}, True, False),
        ({"a": {}}, {"a": []}, True, False),
        ({}, {"anything": 1}, True, True),
        ({}, {"anything": 1}, False, False),
    ],
)  # fmt: skip
def test_contract_cases(expected: Any, actual: Any, partial: bool, ok: bool) -> None:
    assert matches(expected, actual, partial=partial) is ok
    assert (diff(expected, actual, partial=partial) == []) is ok


def test_a_key_of_a_closed_object_is_a_difference_where_it_should_not_be() -> None:
    expected = {"placements": [{"tile": [1, 2]}]}
    actual = {"placements": [{"tile": [1, 2], "on": {"tile": [6, 6], "side": "high"}}]}
    assert [str(m) for m in diff(expected, actual, "result", partial=True)] == [
        'result.placements[0].on: not expected here; got the object {"tile": [6, 6], '
        '"side": "high"}'
    ]


def test_multiset_matches_each_expected_element_to_a_distinct_actual_one() -> None:
    # Inside a hand result (a result object) the objects of a multiset are still whole.
    expected = {"hands": [{"open": [{"a": 1}, {"a": 1, "b": 2}]}]}
    actual = {"hands": [{"open": [{"a": 1, "b": 2}, {"a": 1}]}]}
    assert matches(expected, actual, partial=True)
    assert diff(expected, actual, partial=True) == []
    assert not matches(expected, {"hands": [{"open": [{"a": 1, "b": 2}, {"a": 1, "b": 2}]}]})


def test_diff_messages_read_well() -> None:
    got = diff({"credit": 5, "credits": [5, 0]}, {"credit": 10, "credits": [5]}, "result")
    text = [str(m) for m in got]
    assert "result.credit: expected 5, got 10" in text
    assert "result.credits: expected 2 items, got 1" in text
    assert "result.credits[1]: missing; expected 0" in text
    assert [str(m) for m in diff({"a": 1}, {"a": True})] == [
        "a: expected the integer 1, got the boolean true"
    ]
    assert [str(m) for m in diff({"a": 1}, {})] == ["a: missing; expected 1"]
    # A null where a list belongs says so once; another value is shown after its type;
    # a short expected value is shown, a long one named by its kind.
    assert [str(m) for m in diff({"spinner": [1, 1]}, {"spinner": None})] == [
        "spinner: expected [1, 1], got null"
    ]
    assert [str(m) for m in diff({"open": []}, {"open": {"x": 1}})] == [
        'open: expected [], got the object {"x": 1}'
    ]
    long = {"open": [{"tile": [1, 1], "side": "linear_b", "value": 1}]}
    assert [str(m) for m in diff(long, {"open": None})] == ["open: expected an array, got null"]
    assert str(diff({"a": [1]}, {"a": []})[0]) == "a: expected 1 item, got 0"


def test_multiset_diff_names_the_odd_elements() -> None:
    expected = {"open": [{"side": "low", "value": 1}, {"side": "high", "value": 4}]}
    actual = {"open": [{"side": "high", "value": 4}, {"side": "low", "value": 2}]}
    assert [str(m) for m in diff(expected, actual, "result")] == [
        "result.open[1].value: expected 1, got 2"
    ]
    longer = diff({"open": [1, 2]}, {"open": [3, 1, 4]})
    text = [str(m) for m in longer]
    assert "open (any order): expected 2 items, got 3" in text
    assert "open (any order): no actual item matches expected 2" in text
    assert "open (any order): unexpected item 3" in text


def test_rejections() -> None:
    assert diff_rejected({"code": "no_match"}, {"code": "no_match", "index": 3}) == []
    assert diff_rejected({"code": "no_match", "index": 3}, {"code": "no_match", "index": 3}) == []
    assert diff_rejected({"code": "no_match", "index": None}, {"code": "no_match",
                                                               "index": None}) == []  # fmt: skip
    assert [str(m) for m in diff_rejected({"code": "no_match", "index": 2},
                                          {"code": "must_play", "index": 3})] == [
        'rejected.code: expected "no_match", got "must_play"',
        "rejected.index: expected 2, got 3",
    ]  # fmt: skip
    assert diff_rejected({"code": "x", "index": None}, {"code": "x", "index": 0}) != []
    assert diff_rejected({"code": "x", "index": 0}, {"code": "x"}) != []


@given(json_values)
def test_a_value_matches_itself(value: Any) -> None:
    assert matches(value, value)
    assert diff(value, value) == []


@given(json_values, json_values)
def test_diff_is_empty_exactly_when_matching(expected: Any, actual: Any) -> None:
    assert (diff(expected, actual) == []) == matches(expected, actual)


@given(st.lists(st.integers(0, 3), max_size=6), st.randoms())
def test_multiset_keys_ignore_any_permutation(items: list[int], rnd: Any) -> None:
    shuffled = list(items)
    rnd.shuffle(shuffled)
    assert matches({"legal": items}, {"legal": shuffled})
