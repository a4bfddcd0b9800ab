// A probe engine for the Go kit's tests (tests/test_kit_go.py): every command reports
// that the request got past the form checks, or with --behaviours does one odd thing each.
package main

import (
	"errors"
	"os"

	kit "github.com/seven-rocks/seven-rocks/kits/go"
)

var errReached = errors.New("reached")

type unprintable struct{}

func (unprintable) Error() string { panic("no message") }

func reached(...any) (any, error) { return nil, errReached }

func table(plays []kit.Placement) (any, error) {
	for i, p := range plays {
		err := kit.At(i, func() error {
			switch {
			case i == 2 && p.Tile.Low == 2:
				return kit.NoMatch("no 1 on [2|2]")
			case i == 2 && p.Tile.Low == 3:
				return errReached
			case i == 2 && p.Tile.Low == 4:
				return kit.BranchClosed("closed").AtIndex(0)
			case i == 1 && p.Tile.Low == 5:
				return errors.New("oops")
			case i == 1 && p.Tile.Low == 6:
				return unprintable{}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	last := plays[len(plays)-1]
	return map[string]any{"last": last, "on": last.On, "pass": kit.PASS}, nil
}

func main() {
	engine := &kit.Engine{
		Name: "probe", Version: "0", Errors: map[error]string{errReached: "no_match"},
		Table:  func(p []kit.Placement) (any, error) { return reached(p) },
		Legal:  func(p []kit.Placement, h []kit.Tile) (any, error) { return reached(p, h) },
		Settle: func(h [4][]kit.Tile) (any, error) { return reached(h) },
		Hand: func(d kit.Deal, o int, s [2]int, a []kit.Action) (any, error) {
			return reached(d, o, s, a)
		},
		Game: func(h []kit.GameHand) (any, error) { return reached(h) },
		Perft: func(d kit.Deal, o int, s [2]int, a []kit.Action, depth int) (any, error) {
			return reached(d, o, s, a, depth)
		},
	}
	if len(os.Args) > 1 && os.Args[1] == "--behaviours" {
		engine.Settle = nil
		engine.Table = table
		engine.Legal = func([]kit.Placement, []kit.Tile) (any, error) {
			return map[string]any{"x": make(chan int)}, nil // not JSON
		}
		engine.Game = func([]kit.GameHand) (any, error) { panic("deep trouble") }
		engine.Hand = func(_ kit.Deal, opener int, scores [2]int, _ []kit.Action) (any, error) {
			return map[string]any{"opener": opener, "scores": scores}, nil
		}
		engine.Perft = func(_ kit.Deal, _ int, _ [2]int, _ []kit.Action, depth int) (any, error) {
			return map[string]any{"depth": depth}, nil
		}
	}
	engine.Run()
}
