package main

// The suite's cases run in-process against the example engine, with go test:
//
//	go test ./example/
//
// No runner and no adapter process: each case of kits/seven-rocks-suite.json (written by
// `seven-rocks-conformance export --format json`) is handed to engine.Handle and the reply
// compared as the file's "comparison" says. SEVEN_ROCKS_SUITE names another file.

import (
	"bytes"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
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

// matches compares as the suite says: objects whole (exactly their keys) except those at
// the partial pointers (result objects), arrays in order except those at the unordered
// pointers (multisets), scalars by JSON type and value.
func matches(expected, actual any, unordered, partial map[string]bool, pointer string) bool {
	switch want := expected.(type) {
	case map[string]any:
		got, ok := actual.(map[string]any)
		if !ok || (!partial[pointer] && len(got) != len(want)) {
			return false
		}
		for key, value := range want {
			item, present := got[key]
			token := strings.ReplaceAll(strings.ReplaceAll(key, "~", "~0"), "/", "~1")
			if !present || !matches(value, item, unordered, partial, pointer+"/"+token) {
				return false
			}
		}
		return true
	case []any:
		got, ok := actual.([]any)
		if !ok || len(got) != len(want) {
			return false
		}
		if unordered[pointer] {
			return multiset(want, got, unordered, partial, pointer)
		}
		for i := range want {
			if !matches(want[i], got[i], unordered, partial, pointer+"/"+strconv.Itoa(i)) {
				return false
			}
		}
		return true
	default:
		return expected == actual // json.Number, string, bool or nil: type and value
	}
}

// multiset pairs expected and actual elements by Kuhn's augmenting paths: a distinct
// actual element for each expected one.
func multiset(want, got []any, unordered, partial map[string]bool, pointer string) bool {
	fits := make([][]int, len(want))
	for i := range want {
		for j := range got {
			if matches(want[i], got[j], unordered, partial, pointer+"/"+strconv.Itoa(i)) {
				fits[i] = append(fits[i], j)
			}
		}
	}
	owner := map[int]int{}
	var augment func(i int, seen map[int]bool) bool
	augment = func(i int, seen map[int]bool) bool {
		for _, j := range fits[i] {
			if seen[j] {
				continue
			}
			seen[j] = true
			if k, taken := owner[j]; !taken || augment(k, seen) {
				owner[j] = i
				return true
			}
		}
		return false
	}
	for i := range want {
		if !augment(i, map[int]bool{}) {
			return false
		}
	}
	return true
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
			unordered := map[string]bool{}
			for _, pointer := range c.Unordered {
				unordered[pointer] = true
			}
			partial := map[string]bool{}
			for _, pointer := range c.Partial {
				partial[pointer] = true
			}
			for key, want := range c.Expect {
				got, present := reply[key]
				if !present || !matches(want, got, unordered, partial, "") {
					t.Errorf("%s\nexpected %s %v\ngot %v", c.Description, key, want, reply)
				}
			}
		})
	}
}
