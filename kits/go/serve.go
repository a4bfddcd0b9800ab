package kit

// The loop: handshake, JSON Lines, seq, stop and end of input, the shapes of the replies.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"unicode/utf8"
)

// Protocol is the version of the adapter protocol the kit speaks.
const Protocol = 1

// Version is the kit's own version.
const Version = "1.0.0"

// Commands lists the query commands of protocol 1, in the order the protocol lists them.
var Commands = []string{"table", "legal", "settle", "hand", "game", "perft"}

// Engine is an engine served over protocol 1: its identity, the commands it implements
// (each a function of the checked arguments, returning the result: any value encoding/json
// encodes, kit values included) and Errors, which maps the engine's own errors to
// rejection codes (errors.Is decides; any other error becomes an errored reply). The
// handshake lists exactly the commands given.
type Engine struct {
	Name     string
	Version  string
	Language string // "go" when left empty

	Table  func(plays []Placement) (any, error)
	Legal  func(plays []Placement, hand []Tile) (any, error)
	Settle func(hands [4][]Tile) (any, error)
	Hand   func(deal Deal, opener int, scores [2]int, actions []Action) (any, error)
	Game   func(hands []GameHand) (any, error)
	Perft  func(deal Deal, opener int, scores [2]int, actions []Action, depth int) (any, error)

	Errors map[error]string
}

type message struct {
	Message string `json:"message"`
}

type rejection struct {
	Code    string `json:"code"`
	Index   *int   `json:"index"`
	Message string `json:"message"`
}

type reply struct {
	Seq      any             `json:"seq"`
	Result   json.RawMessage `json:"result,omitempty"`
	Rejected *rejection      `json:"rejected,omitempty"`
	Errored  *message        `json:"errored,omitempty"`
	Skipped  *message        `json:"skipped,omitempty"`
}

func encode(value any) []byte {
	out, err := json.Marshal(value)
	if err != nil { // the kit's own shapes always encode
		panic(err)
	}
	return out
}

func refused(seq any, code string, index *int, text string) []byte {
	return encode(reply{Seq: seq, Rejected: &rejection{code, index, text}})
}

// Check says what is wrong with the engine's own definition, before it serves.
func (e *Engine) Check() error {
	if e.Name == "" || e.Version == "" {
		return errors.New("kit.Engine: Name and Version must be non-empty")
	}
	for key, code := range e.Errors {
		if !isCode(code) {
			return fmt.Errorf("kit.Engine: Errors maps %v to %q, not a rejection code", key, code)
		}
	}
	return nil
}

func (e *Engine) implemented() []string {
	have := map[string]bool{
		"table": e.Table != nil, "legal": e.Legal != nil, "settle": e.Settle != nil,
		"hand": e.Hand != nil, "game": e.Game != nil, "perft": e.Perft != nil,
	}
	var out []string
	for _, cmd := range Commands {
		if have[cmd] {
			out = append(out, cmd)
		}
	}
	return out
}

// Handshake is the reply to {"cmd": "start", "protocol": 1}.
func (e *Engine) Handshake() []byte {
	language := e.Language
	if language == "" {
		language = "go"
	}
	cmds := e.implemented()
	if cmds == nil {
		cmds = []string{}
	}
	return encode(map[string]any{
		"ready": true, "protocol": Protocol, "cmds": cmds,
		"engine": map[string]string{"name": e.Name, "version": e.Version, "language": language},
	})
}

// decode reads one JSON value with its numbers as written (json.Number), refusing
// invalid UTF-8 (encoding/json would replace it) and anything after the value.
func decode(line []byte) (any, error) {
	if !utf8.Valid(line) {
		return nil, errors.New("the line is not UTF-8")
	}
	decoder := json.NewDecoder(bytes.NewReader(line))
	decoder.UseNumber()
	var value any
	if err := decoder.Decode(&value); err != nil {
		return nil, err
	}
	if _, err := decoder.Token(); err != io.EOF {
		return nil, errors.New("more than one JSON value on the line")
	}
	return value, nil
}

// isInteger tells whether value is a JSON integer as written: no fraction, no exponent.
func isInteger(value any) bool {
	_, ok, _ := integer(value)
	return ok
}

// Reply is the reply to one line (without its newline); stop is true for {"cmd": "stop"},
// which gets no reply.
func (e *Engine) Reply(line []byte) (out []byte, stop bool) {
	out, next := e.answer(line)
	return out, next == silent
}

// What the loop does after a line.
const (
	goOn   = iota
	silent // stop: no reply, the loop ends
	last   // a protocol the kit does not speak: this reply, then the loop ends
)

// guard is the last line of defence: whatever goes wrong, the request gets a reply.
func guard(out *[]byte) {
	if problem := recover(); problem != nil {
		*out = encode(reply{Errored: &message{fmt.Sprintf("kit: %v", problem)}})
	}
}

func (e *Engine) answer(line []byte) (out []byte, next int) {
	defer guard(&out)
	value, err := decode(line)
	if err != nil {
		return refused(nil, "bad_request", nil, "the line is not JSON: "+err.Error()), goOn
	}
	request, isObject := value.(map[string]any)
	if isObject {
		switch request["cmd"] {
		case "stop":
			return nil, silent
		case "start":
			// Only the integer 1: not 1.0, not true.
			if number, ok := request["protocol"].(json.Number); !ok || number != "1" {
				return encode(map[string]any{"ready": false, "protocol": Protocol}), last
			}
			return e.Handshake(), goOn
		}
	}
	return e.handle(value), goOn
}

// Handle is the reply to one query (any request but start and stop), given as JSON text.
func (e *Engine) Handle(request []byte) (out []byte) {
	defer guard(&out)
	value, err := decode(request)
	if err != nil {
		return refused(nil, "bad_request", nil, "the request is not JSON: "+err.Error())
	}
	return e.handle(value)
}

func (e *Engine) handle(value any) []byte {
	request, ok := value.(map[string]any)
	if !ok {
		return refused(nil, "bad_request", nil, "a request is a JSON object")
	}
	seq, hasSeq := request["seq"]
	if !hasSeq {
		return refused(nil, "bad_request", nil, "seq is missing")
	}
	if !isInteger(seq) {
		// The seq is echoed as written; one that is not an exact integer is not echoed.
		return refused(nil, "bad_request", nil, "seq must be an integer, not "+show(seq))
	}
	cmd, _ := request["cmd"].(string)
	if _, known := Arguments[cmd]; !known {
		text := fmt.Sprintf("unknown command %s: one of %s", show(request["cmd"]), strings.Join(Commands, ", "))
		return refused(seq, "bad_request", nil, text)
	}
	if !contains(e.implemented(), cmd) {
		return encode(reply{Seq: seq, Skipped: &message{cmd + " is not implemented"}})
	}
	args := map[string]any{}
	for name, item := range request {
		if name != "cmd" && name != "seq" {
			args[name] = item
		}
	}
	checked, err := CheckArguments(cmd, args)
	if err != nil {
		return e.failed(seq, err)
	}
	if checked.declined != "" {
		return encode(reply{Seq: seq, Skipped: &message{checked.declined}})
	}
	result, err := e.call(cmd, checked)
	if err != nil {
		return e.failed(seq, err)
	}
	return encode(reply{Seq: seq, Result: result})
}

// call runs the author's command; a panic in it becomes an errored reply, not a crash.
func (e *Engine) call(cmd string, a Args) (out json.RawMessage, err error) {
	defer func() {
		if problem := recover(); problem != nil {
			err = fmt.Errorf("panic: %v", problem)
		}
	}()
	var result any
	switch cmd {
	case "table":
		result, err = e.Table(a.Plays)
	case "legal":
		result, err = e.Legal(a.Plays, a.Hand)
	case "settle":
		result, err = e.Settle(a.Hands)
	case "hand":
		result, err = e.Hand(a.Deal, a.Opener, a.Scores, a.Actions)
	case "game":
		result, err = e.Game(a.Game)
	case "perft":
		result, err = e.Perft(a.Deal, a.Opener, a.Scores, a.Actions, a.Depth)
	}
	if err != nil {
		return nil, err
	}
	encoded, err := json.Marshal(result)
	if err != nil {
		return nil, fmt.Errorf("the result cannot be written as JSON: %w", err)
	}
	return encoded, nil
}

// text is an error's message; an engine's error may fail even to print itself.
func text(err error) (out string) {
	defer func() {
		if recover() != nil {
			out = "(the error's message could not be read)"
		}
	}()
	return err.Error()
}

func (e *Engine) failed(seq any, err error) []byte {
	var rejected *Rejected
	if errors.As(err, &rejected) && rejected != nil {
		return refused(seq, rejected.Code, rejected.Index, rejected.Message)
	}
	if code := e.codeFor(err); code != "" {
		var at *indexed
		var index *int
		if errors.As(err, &at) {
			index = &at.index
		}
		return refused(seq, code, index, text(err))
	}
	return encode(reply{Seq: seq, Errored: &message{fmt.Sprintf("%T: %s", unwrapped(err), text(err))}})
}

func unwrapped(err error) error {
	if at, ok := err.(*indexed); ok {
		return at.err
	}
	return err
}

// codeFor is the code Errors gives err; codes are tried in protocol order, so that the
// answer does not depend on the order of a map.
func (e *Engine) codeFor(err error) (code string) {
	defer func() {
		if recover() != nil { // an Is method of the engine's that panics
			code = ""
		}
	}()
	for _, code := range Codes {
		for key, mapped := range e.Errors {
			if mapped == code && errors.Is(err, key) {
				return code
			}
		}
	}
	return ""
}

// Serve answers in line by line until stop or the end of input. Lines of any length are
// read in time linear in their length; replies are flushed whenever no more input is
// waiting, so that pipelined requests are answered in few writes.
func (e *Engine) Serve(in io.Reader, out io.Writer) error {
	if err := e.Check(); err != nil {
		return err
	}
	reader := bufio.NewReaderSize(in, 1<<16)
	writer := bufio.NewWriterSize(out, 1<<16)
	for {
		line, readErr := reader.ReadBytes('\n')
		if readErr != nil && readErr != io.EOF {
			return readErr
		}
		if len(line) > 0 {
			answer, next := e.answer(bytes.TrimSuffix(line, []byte("\n")))
			if next == silent {
				return writer.Flush()
			}
			writer.Write(answer)
			writer.WriteByte('\n')
			if next == last || reader.Buffered() == 0 {
				if err := writer.Flush(); err != nil {
					return err
				}
			}
			if next == last {
				return nil
			}
		}
		if readErr == io.EOF {
			return writer.Flush()
		}
	}
}

// Run serves stdin and stdout, then exits the process: status 0, or 2 when the engine's
// definition is wrong (said on stderr). A runner that goes away ends it quietly.
func (e *Engine) Run() {
	if err := e.Check(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	signal.Ignore(syscall.SIGPIPE) // a closed stdout is an error to return, not a signal
	e.Serve(os.Stdin, os.Stdout)
	os.Exit(0)
}
