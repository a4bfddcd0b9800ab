package kit

import (
	"errors"
	"fmt"
)

// Codes lists every rejection code of protocol 1; the first seven in order of precedence.
var Codes = []string{
	"bad_request", "hand_over", "not_in_hand", "no_such_end", "branch_closed",
	"no_match", "must_play", "wrong_opener", "unfinished_hand", "game_over",
}

// Rejected is a request the rules refuse: it becomes {"rejected": {code, index, message}}.
// Index is nil where At (or the kit itself) gives it.
type Rejected struct {
	Code    string
	Message string
	Index   *int
}

func (r *Rejected) Error() string { return r.Code + ": " + r.Message }

func isCode(code string) bool {
	for _, known := range Codes {
		if code == known {
			return true
		}
	}
	return false
}

// NewRejected is a rejection with a code of protocol 1; it panics for any other code.
func NewRejected(code, message string) *Rejected {
	if !isCode(code) {
		panic(fmt.Sprintf("kit.NewRejected: %q is not a rejection code", code))
	}
	return &Rejected{Code: code, Message: message}
}

// AtIndex is a copy of the rejection with the index set.
func (r *Rejected) AtIndex(index int) *Rejected {
	out := *r
	out.Index = &index
	return &out
}

// BadRequest: the request is malformed (the kit finds these itself).
func BadRequest(message string) *Rejected { return NewRejected("bad_request", message) }

// HandOver: an action after the hand has ended.
func HandOver(message string) *Rejected { return NewRejected("hand_over", message) }

// NotInHand: a placed tile the player to move does not hold.
func NotInHand(message string) *Rejected { return NewRejected("not_in_hand", message) }

// NoSuchEnd: the end point does not exist or is taken.
func NoSuchEnd(message string) *Rejected { return NewRejected("no_such_end", message) }

// BranchClosed: a spinner branch while a linear side of the spinner is still free.
func BranchClosed(message string) *Rejected { return NewRejected("branch_closed", message) }

// NoMatch: no half of the tile equals the value of the end point.
func NoMatch(message string) *Rejected { return NewRejected("no_match", message) }

// MustPlay: a pass while the player has a legal placement.
func MustPlay(message string) *Rejected { return NewRejected("must_play", message) }

// WrongOpener: in game, an opener missing where required, or not the seat that went out.
func WrongOpener(message string) *Rejected { return NewRejected("wrong_opener", message) }

// UnfinishedHand: in game, a hand that is not the last has not ended.
func UnfinishedHand(message string) *Rejected { return NewRejected("unfinished_hand", message) }

// GameOver: starting scores of 250 or more, or a hand after the winning one.
func GameOver(message string) *Rejected { return NewRejected("game_over", message) }

// indexed is an engine's own error with the index At gave it.
type indexed struct {
	index int
	err   error
}

func (i *indexed) Error() string { return i.err.Error() }
func (i *indexed) Unwrap() error { return i.err }

// At runs block and gives index to the error it returns: a *Rejected without an index
// comes back as a copy carrying it; any other error comes back wrapped so that, when the
// engine's Errors map it to a code, the rejection has that index (errors.Is and errors.As
// still see the error inside).
func At(index int, block func() error) error {
	err := block()
	if err == nil {
		return nil
	}
	var rejected *Rejected
	if errors.As(err, &rejected) {
		if rejected.Index == nil {
			return rejected.AtIndex(index)
		}
		return err
	}
	var already *indexed
	if errors.As(err, &already) {
		return err
	}
	return &indexed{index, err}
}
