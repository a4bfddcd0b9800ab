"""The protocol's messages as frozen values: requests, replies, and what a case expects.

JSON becomes these values once, at the edge (`parse_request`, `parse_reply`,
`parse_expected`), and each value gives its JSON back (``to_json``), so that the rest of
the suite never indexes into a raw message:

- a request is one class per command (`TableRequest` ... `PerftRequest`), its arguments
  the Python kit's values (`Tile`, `Placement`, `PASS`...); arguments a case sends
  malformed on purpose are a `Malformed` request, kept as they came;
- a reply is one class per kind (`ResultReply`, `RejectedReply`, `ErroredReply`,
  `SkippedReply`); a line that is none of them is a `ReplyProblem`, a value too. A
  result's body stays JSON: it is the engine's, and `conformance.runner.judge` is what
  says whether it has the protocol's shapes;
- what a case expects is `Expected = Result | Rejection`: exactly one of the two.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any, ClassVar, Final, Literal, TypeAlias

from seven_rocks_kit.rejections import BadRequest
from seven_rocks_kit.validate import check_arguments
from seven_rocks_kit.values import Action, Deal, GameHand, Placement, Tile, to_json

__all__ = [
    "UNSTATED",
    "ErroredReply",
    "Expected",
    "GameRequest",
    "HandRequest",
    "LegalRequest",
    "Malformed",
    "PerftRequest",
    "RejectedReply",
    "Rejection",
    "Reply",
    "ReplyProblem",
    "Request",
    "Result",
    "ResultReply",
    "SettleRequest",
    "SkippedReply",
    "TableRequest",
    "expected_of",
    "is_skipped",
    "parse_expected",
    "parse_reply",
    "parse_request",
    "request_json",
    "result_of",
]

JSON: TypeAlias = Any


class _Unstated(Enum):
    UNSTATED = "unstated"

    def __repr__(self) -> str:
        return "UNSTATED"


UNSTATED: Final = _Unstated.UNSTATED
"""A rejection's index that an expectation leaves out: any index matches."""


def _frozen(value: Mapping[str, JSON]) -> Mapping[str, JSON]:
    return MappingProxyType(dict(value))


# --------------------------------------------------------------------------- requests


@dataclass(frozen=True, slots=True)
class TableRequest:
    """``table``: the placements that build a table from empty."""

    cmd: ClassVar[str] = "table"
    plays: tuple[Placement, ...]

    def arguments(self) -> dict[str, JSON]:
        """The arguments in protocol form."""
        return {"plays": to_json(self.plays)}


@dataclass(frozen=True, slots=True)
class LegalRequest:
    """``legal``: a table and the tiles of a hand (any number of them)."""

    cmd: ClassVar[str] = "legal"
    plays: tuple[Placement, ...]
    hand: tuple[Tile, ...]

    def arguments(self) -> dict[str, JSON]:
        """The arguments in protocol form."""
        return {"plays": to_json(self.plays), "hand": to_json(self.hand)}


@dataclass(frozen=True, slots=True)
class SettleRequest:
    """``settle``: the tiles each seat still holds."""

    cmd: ClassVar[str] = "settle"
    hands: tuple[tuple[Tile, ...], ...]

    def arguments(self) -> dict[str, JSON]:
        """The arguments in protocol form."""
        return {"hands": to_json(self.hands)}


def _hand_arguments(
    deal: Deal, opener: int, scores: tuple[int, int] | None, actions: tuple[Action, ...] | None
) -> dict[str, JSON]:
    out: dict[str, JSON] = {"deal": to_json(deal), "opener": opener}
    if scores is not None:
        out["scores"] = list(scores)
    if actions is not None:
        out["actions"] = to_json(actions)
    return out


@dataclass(frozen=True, slots=True)
class HandRequest:
    """``hand``: a deal, its opener, the actions played; ``scores`` None when left out."""

    cmd: ClassVar[str] = "hand"
    deal: Deal
    opener: int
    actions: tuple[Action, ...]
    scores: tuple[int, int] | None = None

    def arguments(self) -> dict[str, JSON]:
        """The arguments in protocol form."""
        return _hand_arguments(self.deal, self.opener, self.scores, self.actions)


@dataclass(frozen=True, slots=True)
class GameRequest:
    """``game``: hands played in turn, the scores carried over."""

    cmd: ClassVar[str] = "game"
    hands: tuple[GameHand, ...]

    def arguments(self) -> dict[str, JSON]:
        """The arguments in protocol form (an opener left out stays out)."""
        out = []
        for hand in self.hands:
            entry: dict[str, JSON] = {"deal": to_json(hand.deal)}
            if hand.opener is not None:
                entry["opener"] = hand.opener
            entry["actions"] = to_json(hand.actions)
            out.append(entry)
        return {"hands": out}


@dataclass(frozen=True, slots=True)
class PerftRequest:
    """``perft``: the leaves below a position, cut at ``depth``; the optional arguments
    None when left out."""

    cmd: ClassVar[str] = "perft"
    deal: Deal
    opener: int
    depth: int
    scores: tuple[int, int] | None = None
    actions: tuple[Action, ...] | None = None

    def arguments(self) -> dict[str, JSON]:
        """The arguments in protocol form."""
        return {
            **_hand_arguments(self.deal, self.opener, self.scores, self.actions),
            "depth": self.depth,
        }


@dataclass(frozen=True, slots=True)
class Malformed:
    """A request whose arguments are not well-formed (a case expecting ``bad_request``
    sends it on purpose): the command, and the arguments as they came."""

    cmd: str
    given: Mapping[str, JSON]

    def arguments(self) -> dict[str, JSON]:
        """The arguments as they came."""
        return dict(self.given)


Request: TypeAlias = (
    TableRequest
    | LegalRequest
    | SettleRequest
    | HandRequest
    | GameRequest
    | PerftRequest
    | Malformed
)


def parse_request(cmd: str, arguments: Mapping[str, JSON]) -> Request:
    """The request of ``cmd`` with these arguments (without ``cmd`` and ``seq``), checked by
    the Python kit's validator; `Malformed` when they are not well-formed."""
    try:
        checked = check_arguments(cmd, arguments)
    except (BadRequest, KeyError):
        return Malformed(cmd, _frozen(arguments))
    scores = checked["scores"] if "scores" in arguments else None
    if cmd == "table":
        return TableRequest(checked["plays"])
    if cmd == "legal":
        return LegalRequest(checked["plays"], checked["hand"])
    if cmd == "settle":
        return SettleRequest(checked["hands"])
    if cmd == "hand":
        return HandRequest(checked["deal"], checked["opener"], checked["actions"], scores)
    if cmd == "game":
        return GameRequest(checked["hands"])
    actions = checked["actions"] if "actions" in arguments else None
    return PerftRequest(checked["deal"], checked["opener"], checked["depth"], scores, actions)


def request_json(request: Request, seq: JSON) -> dict[str, JSON]:
    """The request line's object: ``cmd``, ``seq`` and the arguments."""
    return {"cmd": request.cmd, "seq": seq, **request.arguments()}


# ------------------------------------------------------------------------ expectations


@dataclass(frozen=True, slots=True)
class Result:
    """The result a case requires: the keys it states, as JSON (a game's hand results and
    the result itself may leave keys out; every other value is stated whole)."""

    fields: Mapping[str, JSON]

    def __post_init__(self) -> None:
        object.__setattr__(self, "fields", _frozen(self.fields))

    def to_json(self) -> dict[str, JSON]:
        """``{"result": {...}}``."""
        return {"result": dict(self.fields)}


@dataclass(frozen=True, slots=True)
class Rejection:
    """The refusal a case requires: its code, and its index unless `UNSTATED`."""

    code: str
    index: int | _Unstated | None = UNSTATED

    def to_json(self) -> dict[str, JSON]:
        """``{"rejected": {"code": ..., "index": ...}}``, without an unstated index."""
        body: dict[str, JSON] = {"code": self.code}
        if self.index is not UNSTATED:
            body["index"] = self.index
        return {"rejected": body}


Expected: TypeAlias = Result | Rejection


def parse_expected(
    expect: Mapping[str, JSON] | None, expect_rejected: Mapping[str, JSON] | None
) -> Expected:
    """A case's expectation from its ``expect`` or its ``expect_rejected`` (exactly one)."""
    if (expect is None) == (expect_rejected is None):
        raise ValueError("a case expects either a result or a rejection, not both nor neither")
    if expect is not None:
        return Result(expect)
    assert expect_rejected is not None
    return Rejection(expect_rejected["code"], expect_rejected.get("index", UNSTATED))


def expected_of(reply: Mapping[str, JSON]) -> Expected:
    """What a whole reply (another engine's, the reference's) answers, as an expectation:
    its result, or its refusal's code and index."""
    if "result" in reply:
        return Result(reply["result"])
    rejected = reply["rejected"]
    return Rejection(rejected["code"], rejected["index"])


# ----------------------------------------------------------------------------- replies


@dataclass(frozen=True, slots=True)
class ResultReply:
    """An answer: the engine's result body, as it sent it."""

    kind: ClassVar[Literal["result"]] = "result"
    seq: JSON
    result: Mapping[str, JSON]

    def to_json(self) -> dict[str, JSON]:
        """The reply line's object."""
        return {"seq": self.seq, "result": dict(self.result)}


@dataclass(frozen=True, slots=True)
class RejectedReply:
    """A refusal: its code, index and message, as the engine sent them."""

    kind: ClassVar[Literal["rejected"]] = "rejected"
    seq: JSON
    code: JSON
    index: JSON
    message: JSON = ""

    def to_json(self) -> dict[str, JSON]:
        """The reply line's object."""
        body = {"code": self.code, "index": self.index, "message": self.message}
        return {"seq": self.seq, "rejected": body}


@dataclass(frozen=True, slots=True)
class ErroredReply:
    """The engine failed for its own reasons."""

    kind: ClassVar[Literal["errored"]] = "errored"
    seq: JSON
    message: JSON = ""

    def to_json(self) -> dict[str, JSON]:
        """The reply line's object."""
        return {"seq": self.seq, "errored": {"message": self.message}}


@dataclass(frozen=True, slots=True)
class SkippedReply:
    """The engine declined the request."""

    kind: ClassVar[Literal["skipped"]] = "skipped"
    seq: JSON
    message: JSON = ""

    def to_json(self) -> dict[str, JSON]:
        """The reply line's object."""
        return {"seq": self.seq, "skipped": {"message": self.message}}


@dataclass(frozen=True, slots=True)
class ReplyProblem:
    """A line that is no reply of the protocol: not an object, none or several of the
    kinds, a kind's body not an object. ``value`` is what was read."""

    problem: str
    value: JSON = field(default=None, compare=False)


Reply: TypeAlias = ResultReply | RejectedReply | ErroredReply | SkippedReply
_KINDS = ("result", "rejected", "errored", "skipped")


def parse_reply(value: JSON) -> Reply | ReplyProblem:
    """The reply a parsed line holds, or the `ReplyProblem` that says why it holds none."""
    if not isinstance(value, dict):
        return ReplyProblem("the reply is not a JSON object", value)
    kinds = [k for k in _KINDS if k in value]
    if len(kinds) != 1:
        return ReplyProblem(
            "the reply must carry exactly one of result/rejected/errored/skipped", value
        )
    kind = kinds[0]
    body = value[kind]
    if not isinstance(body, dict):
        return ReplyProblem(f"the reply's {kind!r} must be an object", value)
    seq = value.get("seq")
    if kind == "result":
        return ResultReply(seq, _frozen(body))
    if kind == "rejected":
        return RejectedReply(seq, body.get("code"), body.get("index"), body.get("message", ""))
    if kind == "errored":
        return ErroredReply(seq, body.get("message", ""))
    return SkippedReply(seq, body.get("message", ""))


def result_of(reply: JSON) -> Mapping[str, JSON] | None:
    """The result a reply line's object carries, as it came (no copy: for the many replies
    of the reference that the fuzzer reads), or None for any other reply or none."""
    if not isinstance(reply, dict):
        return None
    body = reply.get("result")
    if not isinstance(body, dict) or any(kind in reply for kind in _KINDS[1:]):
        return None
    return body


def is_skipped(reply: JSON) -> bool:
    """Whether a reply line's object is a `SkippedReply` (as `parse_reply` would say,
    without making the value)."""
    return (
        isinstance(reply, dict)
        and isinstance(reply.get("skipped"), dict)
        and not any(kind in reply for kind in _KINDS[:3])
    )
