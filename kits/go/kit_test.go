package kit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/iotest"
)

var errOwn = errors.New("the engine's own no-match error")

type unprintable struct{}

func (unprintable) Error() string { panic("no") }

func probe() *Engine {
	return &Engine{
		Name: "probe", Version: "0",
		Settle: func(hands [4][]Tile) (any, error) { return map[string]int{"held": len(hands[0])}, nil },
		Table: func(plays []Placement) (any, error) {
			for i, p := range plays {
				err := At(i, func() error {
					switch p.Tile {
					case Tile{2, 2}:
						return NoMatch("no 1 on [2|2]")
					case Tile{3, 3}:
						return fmt.Errorf("wrapped: %w", errOwn)
					case Tile{4, 4}:
						return BranchClosed("closed").AtIndex(0)
					case Tile{5, 5}:
						panic("oops")
					case Tile{6, 6}:
						return unprintable{}
					}
					return nil
				})
				if err != nil {
					return nil, err
				}
			}
			return map[string]any{"last": plays[len(plays)-1], "pass": PASS, "nan": nil}, nil
		},
		Legal:  func([]Placement, []Tile) (any, error) { return map[string]any{"c": make(chan int)}, nil },
		Errors: map[error]string{errOwn: "no_match"},
	}
}

func serve(t *testing.T, e *Engine, lines ...string) []map[string]any {
	var out bytes.Buffer
	if err := e.Serve(strings.NewReader(strings.Join(lines, "\n")), &out); err != nil {
		t.Fatal(err)
	}
	var replies []map[string]any
	decoder := json.NewDecoder(&out)
	decoder.UseNumber()
	for decoder.More() {
		var reply map[string]any
		if err := decoder.Decode(&reply); err != nil {
			t.Fatal(err)
		}
		replies = append(replies, reply)
	}
	return replies
}

func TestSeqIsEchoedAsWrittenAndRefusedUnlessAnInteger(t *testing.T) {
	settle := `"cmd": "settle", "hands": [[], [], [], []]`
	big := "123456789012345678901234567890"
	cases := map[string]any{
		`{"seq": ` + big + `, ` + settle + `}`: json.Number(big),
		`{"seq": -0, ` + settle + `}`:          json.Number("-0"),
		`{"seq": 7, ` + settle + `}`:           json.Number("7"),
		`{"seq": 7.0, ` + settle + `}`:         nil,
		`{"seq": 1e2, ` + settle + `}`:         nil,
		`{"seq": "7", ` + settle + `}`:         nil,
		`{"seq": true, ` + settle + `}`:        nil,
		`{"seq": null, ` + settle + `}`:        nil,
		`{"seq": [7], ` + settle + `}`:         nil,
		`{` + settle + `}`:                     nil,
	}
	for line, seq := range cases {
		out, _ := probe().Reply([]byte(line))
		if !bytes.Contains(out, []byte(`"seq":`+map[bool]string{true: "null", false: fmt.Sprint(seq)}[seq == nil]+",")) {
			t.Errorf("%s -> %s", line, out)
		}
		if seq == nil && !bytes.Contains(out, []byte(`"code":"bad_request"`)) {
			t.Errorf("%s -> %s", line, out)
		}
		if seq != nil && !bytes.Contains(out, []byte(`"result"`)) {
			t.Errorf("%s -> %s", line, out)
		}
	}
}

func TestOnlyTheInteger1IsProtocol1(t *testing.T) {
	for _, protocol := range []string{"1.0", "true", `"1"`, "2", "10e-1", "null", "[1]"} {
		replies := serve(t, probe(), `{"cmd": "start", "protocol": `+protocol+`}`, `{"cmd": "settle", "seq": 1}`)
		if len(replies) != 1 || replies[0]["ready"] != false || replies[0]["protocol"] != json.Number("1") {
			t.Errorf("protocol %s: %v", protocol, replies)
		}
	}
	replies := serve(t, probe(), `{"cmd": "start", "protocol": 1}`)
	want := `[map[cmds:[table legal settle] engine:map[language:go name:probe version:0] protocol:1 ready:true]]`
	if fmt.Sprint(replies) != want {
		t.Errorf("%v", replies)
	}
}

func TestLongLinesAreReadInLinearTime(t *testing.T) {
	// A line of 4 MiB arriving one byte per read: the reader's buffer grows by doubling,
	// so reading it takes a few dozen allocations; a reader that copied what it had so far
	// at every read would take millions.
	padding := strings.Repeat(" ", 4<<20)
	line := `{"cmd": "settle", "seq": 1, "hands": [[], [], [], []]` + padding + "}\n"
	var out bytes.Buffer
	allocations := testing.AllocsPerRun(1, func() {
		out.Reset()
		if err := probe().Serve(iotest.OneByteReader(strings.NewReader(line)), &out); err != nil {
			t.Fatal(err)
		}
	})
	t.Logf("%.0f allocations", allocations)
	if !strings.Contains(out.String(), `"result":{"held":0}`) || allocations > 2000 {
		t.Errorf("%.0f allocations; %s", allocations, out.String())
	}
}

func TestBadInputNeverStopsTheLoop(t *testing.T) {
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	settle := `{"cmd": "settle", "seq": 2, "hands": [[], [], [], []]}`
	lines := []string{"", "not json", "NaN", "\xff\xfe", deep, `{"a": 1} {"b": 2}`, `[1]`, `"x"`,
		`{"cmd": "sttle", "seq": 3}`, `{"cmd": "table", "seq": 4, "plays": [{"tile": [5, 5]}]}`,
		`{"cmd": "table", "seq": 5, "plays": [{"tile": [6, 6]}]}`,
		`{"cmd": "legal", "seq": 6, "plays": [], "hand": []}`, settle, `{"cmd": "stop"}`, settle}
	replies := serve(t, probe(), lines...)
	var kinds []string
	for _, reply := range replies {
		for _, key := range []string{"result", "rejected", "errored", "skipped"} {
			if _, ok := reply[key]; ok {
				kinds = append(kinds, key)
			}
		}
	}
	want := "[rejected rejected rejected rejected rejected rejected rejected rejected rejected errored errored errored result]"
	if fmt.Sprint(kinds) != want {
		t.Errorf("%v\n%v", kinds, replies)
	}
	if msg := replies[10]["errored"].(map[string]any)["message"]; msg != "kit.unprintable: (the error's message could not be read)" {
		t.Errorf("%v", msg)
	}
}

func TestRejectionsGetTheirCodeAndTheIndexOfAt(t *testing.T) {
	three := func(last string) string {
		return `{"cmd": "table", "seq": 1, "plays": [{"tile": [0, 0]}, {"tile": [0, 1]}, {"tile": ` + last + `}]}`
	}
	for last, want := range map[string]string{
		"[2, 2]": `{"code":"no_match","index":2,"message":"no 1 on [2|2]"}`,
		"[3, 3]": `{"code":"no_match","index":2,"message":"wrapped: the engine's own no-match error"}`,
		"[4, 4]": `{"code":"branch_closed","index":0,"message":"closed"}`,
		"[1, 1]": `{"last":{"tile":[1,1]},"nan":null,"pass":"pass"}`,
	} {
		out, _ := probe().Reply([]byte(three(last)))
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("%s: %s", last, out)
		}
	}
}

func TestEngineDefinitionsAreChecked(t *testing.T) {
	if (&Engine{Name: "e"}).Check() == nil || (&Engine{Name: "e", Version: "1", Errors: map[error]string{errOwn: "nope"}}).Check() == nil {
		t.Error("a bad engine passed its check")
	}
	defer func() {
		if recover() == nil {
			t.Error("NewRejected took an unknown code")
		}
	}()
	NewRejected("nope", "")
}

func TestValuesWriteAsTheProtocolAndTheRules(t *testing.T) {
	on := EndPoint{NewTile(1, 4), Low}
	got, _ := ToJSON([]any{Placement{NewTile(1, 1), &on}, OpenPoint{on, 1}, Counted{NewTile(4, 4), 8}, PASS, LinearB})
	want := `[{"tile":[1,1],"on":{"tile":[1,4],"side":"low"}},{"tile":[1,4],"side":"low","value":1},{"tile":[4,4],"value":8},"pass","linear_b"]`
	text := (Placement{NewTile(1, 1), &on}).String()
	if string(got) != want || text != "[1|1] on [1|4] low" || !BranchA.IsBranch() {
		t.Errorf("%s", got)
	}
	if NewTile(2, 3) != (Tile{2, 3}) || NewTile(3, 3).Pips() != 6 || !NewTile(3, 3).IsDouble() {
		t.Error("tiles")
	}
}
