package kit

// The suite's comparison of a reply with a case, for harnesses that run the suite's JSON
// file (seven-rocks-conformance export --format json) with go test.
//
// The structural part of the file's "comparison" contract: the reply carries the case's
// expect key; a rejection matches by its code and, when the case gives one, its index
// (never its message); a result value by value: an object with exactly the expected
// keys, except the result objects the case lists in "partial" (JSON Pointers), which may
// hold keys the case leaves out; an array in order, except those listed in "unordered",
// matched as multisets by a maximum matching; a scalar by JSON type and value, numbers
// as written (decode both with json.Decoder.UseNumber: 2 and 2.0 stay apart). The
// runner checks, beyond this, the reply's JSON Schema and the relations a result keeps
// with its request.

import (
	"strconv"
	"strings"
)

// SuiteCase is what the comparison reads of one case of the suite's JSON file.
type SuiteCase struct {
	ID        string         `json:"id"`
	Expect    map[string]any `json:"expect"`
	Unordered []string       `json:"unordered"`
	Partial   []string       `json:"partial"`
}

func pointerSet(pointers []string) map[string]bool {
	set := make(map[string]bool, len(pointers))
	for _, p := range pointers {
		set[p] = true
	}
	return set
}

// CaseMatches reports whether reply, the engine's reply line decoded with UseNumber,
// passes the case, as the suite file's "comparison" says.
func CaseMatches(c SuiteCase, reply map[string]any) bool {
	for kind, expected := range c.Expect {
		actual, present := reply[kind]
		if !present {
			return false
		}
		if kind == "rejected" {
			want, _ := expected.(map[string]any)
			got, ok := actual.(map[string]any)
			if !ok || !sameScalar(want["code"], got["code"]) {
				return false
			}
			if index, given := want["index"]; given {
				gotIndex, has := got["index"]
				return has && sameScalar(index, gotIndex)
			}
			return true
		}
		return ValueMatches(expected, actual, pointerSet(c.Unordered), pointerSet(c.Partial), "")
	}
	return false
}

func sameScalar(expected, actual any) bool {
	switch expected.(type) {
	case map[string]any, []any:
		return false
	}
	switch actual.(type) {
	case map[string]any, []any:
		return false
	}
	return expected == actual // json.Number, string, bool or nil: type and value
}

// ValueMatches reports whether actual matches expected at the JSON Pointer pointer, with
// a case's unordered arrays and partial objects.
func ValueMatches(expected, actual any, unordered, partial map[string]bool, pointer string) bool {
	switch want := expected.(type) {
	case map[string]any:
		got, ok := actual.(map[string]any)
		if !ok || (!partial[pointer] && len(got) != len(want)) {
			return false
		}
		for key, value := range want {
			item, present := got[key]
			token := strings.ReplaceAll(strings.ReplaceAll(key, "~", "~0"), "/", "~1")
			if !present || !ValueMatches(value, item, unordered, partial, pointer+"/"+token) {
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
			if !ValueMatches(want[i], got[i], unordered, partial, pointer+"/"+strconv.Itoa(i)) {
				return false
			}
		}
		return true
	default:
		return sameScalar(expected, actual)
	}
}

// multiset pairs expected and actual elements by Kuhn's augmenting paths: one expected
// element may fit several actual ones, so greedy pairing is not enough.
func multiset(want, got []any, unordered, partial map[string]bool, pointer string) bool {
	fits := make([][]int, len(want))
	for i := range want {
		for j := range got {
			if ValueMatches(want[i], got[j], unordered, partial, pointer+"/"+strconv.Itoa(i)) {
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
