package main

// The table's rules (spec/rules.md): attach points, counted ends, the spinner, credits.

import (
	"fmt"

	kit "github.com/seven-rocks/seven-rocks/kits/go"
)

var (
	linear   = []kit.Side{kit.LinearA, kit.LinearB}
	branches = []kit.Side{kit.BranchA, kit.BranchB}
)

// Table is the tiles on the table, in the order they were placed, and the sides each has taken.
type Table struct {
	order   []kit.Tile
	taken   map[kit.Tile]map[kit.Side]bool
	spinner *kit.Tile // the first double placed (spinner.first-double)
}

// NewTable is an empty table.
func NewTable() *Table { return &Table{taken: map[kit.Tile]map[kit.Side]bool{}} }

func (t *Table) sides(tile kit.Tile) []kit.Side {
	// Only the spinner has branches (spinner.first-double, double.crosswise).
	if !tile.IsDouble() {
		return []kit.Side{kit.Low, kit.High}
	}
	if t.spinner != nil && tile == *t.spinner {
		return append(append([]kit.Side{}, linear...), branches...)
	}
	return linear
}

func (t *Table) free(tile kit.Tile) []kit.Side {
	var out []kit.Side
	for _, side := range t.sides(tile) {
		if !t.taken[tile][side] {
			out = append(out, side)
		}
	}
	return out
}

func (t *Table) linearFree(tile kit.Tile) bool {
	return !t.taken[tile][kit.LinearA] || !t.taken[tile][kit.LinearB]
}

func (t *Table) points() []kit.EndPoint {
	var out []kit.EndPoint
	for _, tile := range t.order {
		for _, side := range t.free(tile) {
			// Branches open once both linear sides are taken (spinner.branches-after-linear).
			if side.IsBranch() && t.linearFree(tile) {
				continue
			}
			out = append(out, kit.EndPoint{Tile: tile, Side: side})
		}
	}
	return out
}

// OpenPoints are the attach points and the value each shows.
func (t *Table) OpenPoints() []kit.OpenPoint {
	var out []kit.OpenPoint
	for _, point := range t.points() {
		out = append(out, kit.OpenPoint{End: point, Value: point.Value()})
	}
	return out
}

// Counted are the counted ends (the algorithm of spec/rules.md, "Counted ends").
func (t *Table) Counted() []kit.Counted {
	var out []kit.Counted
	for _, tile := range t.order {
		if !tile.IsDouble() {
			for _, side := range t.free(tile) {
				out = append(out, kit.Counted{Tile: tile, Value: kit.EndPoint{Tile: tile, Side: side}.Value()})
			}
		} else if t.linearFree(tile) {
			out = append(out, kit.Counted{Tile: tile, Value: tile.Pips()}) // both halves, once
		}
	}
	return out
}

// EndSum is the sum of the counted ends.
func (t *Table) EndSum() int {
	sum := 0
	for _, c := range t.Counted() {
		sum += c.Value
	}
	return sum
}

// Spinner is the first double placed.
func (t *Table) Spinner() (kit.Tile, bool) {
	if t.spinner == nil {
		return kit.Tile{}, false
	}
	return *t.spinner, true
}

// Place puts a tile down and gives its credit (scoring.multiple-of-five).
func (t *Table) Place(p kit.Placement) (int, error) {
	if (p.On == nil) != (len(t.order) == 0) {
		return 0, kit.NoSuchEnd(fmt.Sprintf("%v: \"on\" is required exactly when the table has tiles", p.Tile))
	}
	joined := map[kit.Side]bool{}
	if on := p.On; on != nil {
		if _, placed := t.taken[on.Tile]; !placed || !hasSide(t.free(on.Tile), on.Side) {
			return 0, kit.NoSuchEnd(fmt.Sprintf("%v is not a free end point", *on))
		}
		if on.Side.IsBranch() && t.linearFree(on.Tile) {
			return 0, kit.BranchClosed(fmt.Sprintf("%v: a linear side of the spinner is still free", *on))
		}
		if !p.Tile.Has(on.Value()) {
			return 0, kit.NoMatch(fmt.Sprintf("%v has no %d to match %v", p.Tile, on.Value(), *on))
		}
		t.taken[on.Tile][on.Side] = true
		switch {
		case p.Tile.IsDouble():
			joined[kit.LinearA] = true // a double joins by its linear side A (double.crosswise)
		case p.Tile.Low == on.Value():
			joined[kit.Low] = true
		default:
			joined[kit.High] = true
		}
	}
	t.order = append(t.order, p.Tile)
	t.taken[p.Tile] = joined
	if p.Tile.IsDouble() && t.spinner == nil {
		first := p.Tile
		t.spinner = &first
	}
	if sum := t.EndSum(); sum > 0 && sum%5 == 0 {
		return sum, nil
	}
	return 0, nil
}

// Legal is every (tile, attach point) that fits; on an empty table every tile opens.
func (t *Table) Legal(hand []kit.Tile) []kit.Placement {
	var out []kit.Placement
	for _, tile := range hand {
		if len(t.order) == 0 {
			out = append(out, kit.Placement{Tile: tile})
			continue
		}
		for _, point := range t.points() {
			if tile.Has(point.Value()) {
				on := point
				out = append(out, kit.Placement{Tile: tile, On: &on})
			}
		}
	}
	return out
}

func hasSide(sides []kit.Side, side kit.Side) bool {
	for _, s := range sides {
		if s == side {
			return true
		}
	}
	return false
}
