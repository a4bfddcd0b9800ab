package main

// The suite's cases run in-process against the example engine, with go test:
//
//	go test ./example/
//
// No runner and no adapter process: each case of kits/seven-rocks-suite.json (written by
// `seven-rocks-conformance export --format json`) is handed to engine.Handle and the reply
// compared by the kit's CaseMatches, as the file's "comparison" says. SEVEN_ROCKS_SUITE
// names another file.

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	kit "github.com/seven-rocks/seven-rocks/kits/go"
)

type suiteCase struct {
	ID          string                     `json:"id"`
	Description string                     `json:"description"`
	Cmd         string                     `json:"cmd"`
	Request     map[string]json.RawMessage `json:"request"`
	Expect      map[string]any             `json:"expect"`
	Unordered   []string                   `json:"unordered"`
	Partial     []string                   `json:"partial"`
}

func load(t *testing.T) []suiteCase {
	path := os.Getenv("SEVEN_ROCKS_SUITE")
	if path == "" {
		path = "../../seven-rocks-suite.json"
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var suite struct {
		Cases []suiteCase `json:"cases"`
	}
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber() // numbers as written: 2 and 2.0 stay apart
	if err := decoder.Decode(&suite); err != nil {
		t.Fatal(err)
	}
	if len(suite.Cases) == 0 {
		t.Fatal("no cases in " + path)
	}
	return suite.Cases
}

func decode(t *testing.T, data []byte) any {
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	var out any
	if err := decoder.Decode(&out); err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	return out
}

func TestSuite(t *testing.T) {
	var handshake struct{ Cmds []string }
	if err := json.Unmarshal(engine.Handshake(), &handshake); err != nil {
		t.Fatal(err)
	}
	implemented := map[string]bool{}
	for _, cmd := range handshake.Cmds {
		implemented[cmd] = true
	}
	for _, c := range load(t) {
		c := c
		t.Run(c.ID, func(t *testing.T) {
			if !implemented[c.Cmd] {
				t.Skip("the example does not implement " + c.Cmd)
			}
			c.Request["seq"] = json.RawMessage("1")
			request, err := json.Marshal(c.Request)
			if err != nil {
				t.Fatal(err)
			}
			reply := decode(t, engine.Handle(request)).(map[string]any)
			kase := kit.SuiteCase{ID: c.ID, Expect: c.Expect, Unordered: c.Unordered, Partial: c.Partial}
			if !kit.CaseMatches(kase, reply) {
				t.Errorf("%s\nexpected %v\ngot %v", c.Description, c.Expect, reply)
			}
		})
	}
}
