package kit

// The request form (spec/protocol.md sections 3, 5 and 6): checked, typed arguments, or a
// bad_request. Every check follows the protocol's precedence: missing, then extra
// arguments; then the arguments in the order each command's table lists them, list
// elements by position; the first problem found is the one reported, with the index
// section 6.3 gives it.

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Arguments lists each command's required and optional arguments.
var Arguments = map[string][2][]string{
	"table":  {{"plays"}, {}},
	"legal":  {{"plays", "hand"}, {}},
	"settle": {{"hands"}, {}},
	"hand":   {{"deal", "opener", "actions"}, {"scores"}},
	"game":   {{"hands"}, {}},
	"perft":  {{"deal", "opener", "depth"}, {"scores", "actions"}},
}

// formError carries a bad_request out of the checks, which stop at the first problem.
type formError struct{ rejected *Rejected }

func bad(format string, args ...any) {
	panic(formError{BadRequest(fmt.Sprintf(format, args...))})
}

// show quotes a request value for a message, cut short.
func show(value any) string {
	text, err := json.Marshal(value)
	if err != nil {
		return "(a value that cannot be shown)"
	}
	if len(text) > 60 {
		return string(text[:57]) + "..."
	}
	return string(text)
}

// integer is the integer a JSON number is written as, with ok false for anything else
// (a fraction, an exponent, a boolean). Integers beyond int are clamped to its range, and
// beyond is 1 or -1 for them.
func integer(value any) (n int, ok bool, beyond int) {
	number, isNumber := value.(json.Number)
	if !isNumber || strings.ContainsAny(string(number), ".eE") {
		return 0, false, 0
	}
	parsed, err := strconv.ParseInt(string(number), 10, 0)
	if err != nil { // only a range error is possible for an integer literal
		if strings.HasPrefix(string(number), "-") {
			return math.MinInt, true, -1
		}
		return math.MaxInt, true, 1
	}
	return int(parsed), true, 0
}

func small(value any) (int, bool) {
	n, ok, beyond := integer(value)
	return n, ok && beyond == 0
}

func keys(args map[string]any, required, optional []string) {
	for _, name := range required {
		if _, ok := args[name]; !ok {
			bad("missing argument %q", name)
		}
	}
	var extra []string
	for name := range args {
		if !contains(required, name) && !contains(optional, name) {
			extra = append(extra, name)
		}
	}
	if len(extra) > 0 {
		sort.Strings(extra)
		bad("unknown argument %q", extra[0])
	}
}

func contains(names []string, name string) bool {
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}

func tile(value any) Tile {
	if list, ok := value.([]any); ok && len(list) == 2 {
		a, okA := small(list[0])
		b, okB := small(list[1])
		if okA && okB {
			if 0 <= a && a <= b && b <= 6 {
				return Tile{a, b}
			}
			if 0 <= b && b < a && a <= 6 {
				bad("tile %s is not canonical: write it [%d, %d]", show(value), b, a)
			}
		}
	}
	bad("%s is not a tile: expected [a, b] with 0 <= a <= b <= 6", show(value))
	panic("unreachable")
}

func tiles(value any, what string) []Tile {
	list, ok := value.([]any)
	if !ok {
		bad("%s must be a list of tiles, not %s", what, show(value))
	}
	out := make([]Tile, len(list))
	for i, item := range list {
		out[i] = tile(item)
	}
	return out
}

func distinct(all []Tile, what string) {
	seen := map[Tile]bool{}
	for _, t := range all {
		if seen[t] {
			bad("%v is twice in %s", t, what)
		}
		seen[t] = true
	}
}

func placement(value any) Placement {
	object, ok := value.(map[string]any)
	if !ok || !has(object, "tile") || len(object) != 1+boolInt(has(object, "on")) {
		bad("%s is not a placement: expected {tile, on?}", show(value))
	}
	placed := tile(object["tile"])
	on, hasOn := object["on"]
	if !hasOn {
		return Placement{Tile: placed}
	}
	point, ok := on.(map[string]any)
	if !ok || len(point) != 2 || !has(point, "tile") || !has(point, "side") {
		bad("%s is not an end point: expected {tile, side}", show(on))
	}
	name, _ := point["side"].(string)
	side := -1
	for i, known := range sideNames {
		if name == known {
			side = i
		}
	}
	if side < 0 {
		bad("%s is not a side: expected one of %s", show(point["side"]), strings.Join(sideNames[:], ", "))
	}
	return Placement{Tile: placed, On: &EndPoint{tile(point["tile"]), Side(side)}}
}

func has(object map[string]any, key string) bool {
	_, ok := object[key]
	return ok
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func action(value any) Action {
	if text, ok := value.(string); ok {
		if text == "pass" {
			return PASS
		}
		bad(`%s is not an action: expected a placement or "pass"`, show(value))
	}
	return placement(value)
}

// each checks every element of a list; a problem in one takes that element's position.
func each[T any](value any, what string, check func(any) T) []T {
	list, ok := value.([]any)
	if !ok {
		bad("%s must be a list, not %s", what, show(value))
	}
	out := make([]T, len(list))
	for i, item := range list {
		out[i] = atPosition(i, func() T { return check(item) })
	}
	return out
}

func atPosition[T any](index int, check func() T) T {
	defer func() {
		if problem := recover(); problem != nil {
			if form, ok := problem.(formError); ok {
				panic(formError{form.rejected.AtIndex(index)})
			}
			panic(problem)
		}
	}()
	return check()
}

func plays(value any) []Placement {
	out := each(value, "plays", placement)
	seen := map[Tile]bool{}
	for i, p := range out {
		if seen[p.Tile] {
			panic(formError{BadRequest(fmt.Sprintf("%v is already on the table", p.Tile)).AtIndex(i)})
		}
		seen[p.Tile] = true
	}
	return out
}

func seat(value any, what string) int {
	n, ok := small(value)
	if !ok || n < 0 || n > 3 {
		bad("%s must be a seat 0..3, not %s", what, show(value))
	}
	return n
}

func deal(value any) Deal {
	list, ok := value.([]any)
	if !ok || len(list) != 4 {
		bad("a deal is four lists of 7 tiles, not %s", show(value))
	}
	var out Deal
	var all []Tile
	for n := range list {
		out[n] = tiles(list[n], fmt.Sprintf("seat %d's hand", n))
	}
	for n, hand := range out {
		if len(hand) != 7 {
			bad("seat %d is dealt %d tiles, not 7", n, len(hand))
		}
		all = append(all, hand...)
	}
	distinct(all, "the deal")
	return out
}

// scores are two integers; a score below the range of int is more than the kit can
// hold (declined), one above it is clamped, which keeps its meaning: 250 or more.
func scores(value any, declined *string) [2]int {
	list, ok := value.([]any)
	if ok && len(list) == 2 {
		a, okA, beyondA := integer(list[0])
		b, okB, beyondB := integer(list[1])
		if okA && okB {
			if (beyondA < 0 || beyondB < 0) && *declined == "" {
				*declined = fmt.Sprintf("scores %s: below %d, more than this kit holds", show(value), math.MinInt)
			}
			return [2]int{a, b}
		}
	}
	bad("scores must be two integers [team0, team1], not %s", show(value))
	panic("unreachable")
}

// Args holds the checked arguments of a request; those of its command are set, the
// optional ones filled in (Scores [0, 0], Actions empty).
type Args struct {
	Plays   []Placement // table, legal
	Hand    []Tile      // legal
	Hands   [4][]Tile   // settle: the tiles each seat still holds
	Deal    Deal        // hand, perft
	Opener  int         // hand, perft
	Scores  [2]int      // hand, perft
	Actions []Action    // hand, perft
	Depth   int         // perft (clamped to the range of int: no hand is that long)
	Game    []GameHand  // game
	// declined says why the kit cannot hold a well-formed value: the request is skipped.
	declined string
}

func checkTable(args map[string]any, out *Args) { out.Plays = plays(args["plays"]) }

func checkLegal(args map[string]any, out *Args) {
	out.Plays = plays(args["plays"])
	out.Hand = tiles(args["hand"], "hand")
	distinct(out.Hand, "the hand")
	onTable := map[Tile]bool{}
	for _, p := range out.Plays {
		onTable[p.Tile] = true
	}
	var both []Tile
	for _, t := range out.Hand {
		if onTable[t] {
			both = append(both, t)
		}
	}
	if len(both) > 0 {
		sort.Slice(both, func(i, j int) bool {
			return both[i].Low < both[j].Low || (both[i].Low == both[j].Low && both[i].High < both[j].High)
		})
		bad("%v is in the hand but already on the table", both[0])
	}
}

func checkSettle(args map[string]any, out *Args) {
	list, ok := args["hands"].([]any)
	if !ok || len(list) != 4 {
		bad("hands must be four lists of tiles, one per seat, not %s", show(args["hands"]))
	}
	var all []Tile
	for n := range list {
		out.Hands[n] = tiles(list[n], fmt.Sprintf("seat %d's tiles", n))
	}
	for n, held := range out.Hands {
		if len(held) > 7 {
			bad("seat %d holds %d tiles: a player holds at most 7", n, len(held))
		}
		all = append(all, held...)
	}
	distinct(all, "the hands")
}

func checkHand(args map[string]any, out *Args) {
	out.Deal = deal(args["deal"])
	out.Opener = seat(args["opener"], "opener")
	if value, ok := args["scores"]; ok {
		out.Scores = scores(value, &out.declined)
	}
	actions, ok := args["actions"]
	if !ok {
		actions = []any{}
	}
	out.Actions = each(actions, "actions", action)
	if value, ok := args["depth"]; ok {
		depth, isInt, _ := integer(value)
		if !isInt || depth < 0 {
			bad("depth must be an integer >= 0, not %s", show(value))
		}
		out.Depth = depth
	}
}

func gameHand(value any) GameHand {
	object, ok := value.(map[string]any)
	if !ok {
		bad("a hand is an object {deal, opener?, actions}, not %s", show(value))
	}
	keys(object, []string{"deal", "actions"}, []string{"opener"})
	hand := GameHand{Deal: deal(object["deal"])}
	if value, ok := object["opener"]; ok {
		opener := seat(value, "opener")
		hand.Opener = &opener
	}
	hand.Actions = each(object["actions"], "actions", action)
	return hand
}

func checkGame(args map[string]any, out *Args) {
	if _, ok := args["hands"].([]any); !ok {
		bad("hands must be a list of {deal, opener?, actions}, not %s", show(args["hands"]))
	}
	// In a game every problem carries the position of its hand (section 6.3).
	out.Game = each(args["hands"], "hands", gameHand)
}

var checks = map[string]func(map[string]any, *Args){
	"table": checkTable, "legal": checkLegal, "settle": checkSettle,
	"hand": checkHand, "game": checkGame, "perft": checkHand,
}

// CheckArguments is the typed arguments of a cmd request (args without cmd and seq, as
// decoded with json.Decoder.UseNumber), or a bad_request *Rejected.
func CheckArguments(cmd string, args map[string]any) (out Args, err error) {
	names, known := Arguments[cmd]
	if !known {
		return out, BadRequest(fmt.Sprintf("unknown command %s", show(cmd)))
	}
	defer func() {
		if problem := recover(); problem != nil {
			form, ok := problem.(formError)
			if !ok {
				panic(problem)
			}
			err = form.rejected
		}
	}()
	keys(args, names[0], names[1])
	checks[cmd](args, &out)
	return out, nil
}
