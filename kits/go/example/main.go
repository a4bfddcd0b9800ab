// A small Seven Rocks engine written with the Go kit: table, legal and settle.
//
//	go build -o kit-example . && seven-rocks-conformance run --engine ./kit-example
//
// It holds only rules: the kit checks the request form (every bad_request), and its
// replay helper runs the plays through table.go's Table and shapes the table and legal
// replies from what the Table reports. suite_test.go runs the suite's cases in-process.
package main

import kit "github.com/seven-rocks/seven-rocks/kits/go"

func settle(hands [4][]kit.Tile) (any, error) {
	var pips, penalties [4]int
	for seat, held := range hands {
		for _, tile := range held {
			pips[seat] += tile.Pips()
		}
		penalties[seat] = 5 * ((pips[seat] + 2) / 5) // remainders 1-2 round down, 3-4 up
	}
	deductions := [2]int{penalties[0] + penalties[2], penalties[1] + penalties[3]}
	return map[string]any{"pips": pips, "penalties": penalties, "deductions": deductions}, nil
}

var engine = &kit.Engine{
	Name:    "kit-example-go",
	Version: "1.0",
	Table:   kit.ReplayTable(func() kit.Board { return NewTable() }),
	Legal:   kit.ReplayLegal(func() kit.LegalBoard { return NewTable() }),
	Settle:  settle,
}

func main() { engine.Run() }
