package kit

import (
	"encoding/json"
	"fmt"
)

// Tile is a tile [Low|High] of the double-six set, 0 <= Low <= High <= 6. Tiles compare
// by value (==) and work as map keys.
type Tile struct {
	Low, High int
}

// NewTile is the tile [low|high]; it panics for anything that is not a tile of the
// double-six set. Go compares tiles by value: the factory exists because every kit has
// it (in JavaScript it returns the one shared instance per tile).
func NewTile(low, high int) Tile {
	if !(0 <= low && low <= high && high <= 6) {
		panic(fmt.Sprintf("kit.NewTile(%d, %d) is not a tile of the double-six set", low, high))
	}
	return Tile{low, high}
}

// IsDouble tells whether both halves show the same value.
func (t Tile) IsDouble() bool { return t.Low == t.High }

// Pips is the sum of both halves.
func (t Tile) Pips() int { return t.Low + t.High }

// Has tells whether one of the halves shows value.
func (t Tile) Has(value int) bool { return value == t.Low || value == t.High }

// String is the tile as the rules write it: [1|4].
func (t Tile) String() string { return fmt.Sprintf("[%d|%d]", t.Low, t.High) }

// MarshalJSON gives the protocol form [low, high].
func (t Tile) MarshalJSON() ([]byte, error) { return json.Marshal([2]int{t.Low, t.High}) }

// Side is a side of a tile on the table.
type Side uint8

// The sides: Low and High of a non-double, the linear sides of a double, the spinner's branches.
const (
	Low Side = iota
	High
	LinearA
	LinearB
	BranchA
	BranchB
)

var sideNames = [...]string{"low", "high", "linear_a", "linear_b", "branch_a", "branch_b"}

// Sides lists every side, in protocol order.
var Sides = []Side{Low, High, LinearA, LinearB, BranchA, BranchB}

// Name is the side's wire name ("low" ... "branch_b").
func (s Side) Name() string {
	if int(s) < len(sideNames) {
		return sideNames[s]
	}
	return fmt.Sprintf("Side(%d)", uint8(s))
}

// String is the wire name.
func (s Side) String() string { return s.Name() }

// IsBranch tells whether the side is a spinner branch.
func (s Side) IsBranch() bool { return s == BranchA || s == BranchB }

// MarshalJSON gives the wire name.
func (s Side) MarshalJSON() ([]byte, error) {
	if int(s) >= len(sideNames) {
		return nil, fmt.Errorf("%v is not a side", s)
	}
	return json.Marshal(s.Name())
}

// EndPoint is an attach point, named by the tile already on the table and its side.
type EndPoint struct {
	Tile Tile
	Side Side
}

// Value is the value protocol 1 names for this side: Low -> the low half, any other side ->
// the high half (a double's halves are equal).
func (e EndPoint) Value() int {
	if e.Side == Low {
		return e.Tile.Low
	}
	return e.Tile.High
}

// String reads "[1|4] low".
func (e EndPoint) String() string { return fmt.Sprintf("%v %v", e.Tile, e.Side) }

// MarshalJSON gives {"tile", "side"}.
func (e EndPoint) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Tile Tile `json:"tile"`
		Side Side `json:"side"`
	}{e.Tile, e.Side})
}

// OpenPoint is an end point a tile could join now and the value it shows there, as the
// author's engine reports it.
type OpenPoint struct {
	End   EndPoint
	Value int
}

// MarshalJSON gives {"tile", "side", "value"}.
func (o OpenPoint) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Tile  Tile `json:"tile"`
		Side  Side `json:"side"`
		Value int  `json:"value"`
	}{o.End.Tile, o.End.Side, o.Value})
}

// Counted is one counted end, as the author's engine reports it.
type Counted struct {
	Tile  Tile
	Value int
}

// MarshalJSON gives {"tile", "value"}.
func (c Counted) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Tile  Tile `json:"tile"`
		Value int  `json:"value"`
	}{c.Tile, c.Value})
}

// Action is a Placement or PASS.
type Action interface {
	isAction()
}

// Placement is a tile placed on an end point; On is nil for the opening tile.
type Placement struct {
	Tile Tile
	On   *EndPoint
}

func (Placement) isAction() {}

// String reads "[1|1] on [1|4] low", or "[1|4]" for an opening.
func (p Placement) String() string {
	if p.On == nil {
		return p.Tile.String()
	}
	return fmt.Sprintf("%v on %v", p.Tile, *p.On)
}

// MarshalJSON gives {"tile"} or {"tile", "on"}.
func (p Placement) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Tile Tile      `json:"tile"`
		On   *EndPoint `json:"on,omitempty"`
	}{p.Tile, p.On})
}

// Pass is the type of PASS.
type Pass struct{}

func (Pass) isAction() {}

// String reads "pass".
func (Pass) String() string { return "pass" }

// MarshalJSON gives "pass".
func (Pass) MarshalJSON() ([]byte, error) { return []byte(`"pass"`), nil }

// PASS is the pass action.
var PASS = Pass{}

// Deal is four hands, seats 0..3.
type Deal [4][]Tile

// GameHand is one hand of a game request; Opener is nil when the request leaves it out.
type GameHand struct {
	Deal    Deal
	Opener  *int
	Actions []Action
}

// ToJSON is value in protocol form: kit values, slices, maps and structs encoded as JSON.
func ToJSON(value any) (json.RawMessage, error) {
	return json.Marshal(value)
}
