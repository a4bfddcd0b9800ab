package kit

// Board is what the replay helper plays on: the author's engine. Place puts a tile down
// (returning a *Rejected, or an error Errors maps, when the engine refuses it) and gives
// the credit the engine gives that placement; the others read the board.
type Board interface {
	Place(p Placement) (credit int, err error)
	OpenPoints() []OpenPoint
	Counted() []Counted
	EndSum() int
	Spinner() (spinner Tile, ok bool) // ok false before any double
}

// LegalBoard is a Board that also gives the engine's legal placements of a hand.
type LegalBoard interface {
	Board
	Legal(hand []Tile) []Placement
}

// TableResult is the result of a table command, every value as the board reports it.
type TableResult struct {
	Spinner *Tile       `json:"spinner"`
	Open    []OpenPoint `json:"open"`
	Counted []Counted   `json:"counted"`
	EndSum  int         `json:"end_sum"`
	Credits []int       `json:"credits"`
	Credit  *int        `json:"credit"`
}

// LegalResult is the result of a legal command.
type LegalResult struct {
	Placements []Placement `json:"placements"`
}

// place puts each play down inside At(index); the credits in order.
func place(board Board, plays []Placement) ([]int, error) {
	credits := []int{}
	for index, play := range plays {
		var credit int
		err := At(index, func() (err error) {
			credit, err = board.Place(play)
			return err
		})
		if err != nil {
			return nil, err
		}
		credits = append(credits, credit)
	}
	return credits, nil
}

func orEmpty[T any](list []T) []T {
	if list == nil {
		return []T{}
	}
	return list
}

// ReplayTable is the table command of an Engine: a fresh board from newBoard, each play
// placed inside At(index), and the reply {spinner, open, counted, end_sum, credits, credit}
// from what the board reports.
func ReplayTable(newBoard func() Board) func([]Placement) (any, error) {
	return func(plays []Placement) (any, error) {
		board := newBoard()
		credits, err := place(board, plays)
		if err != nil {
			return nil, err
		}
		out := TableResult{
			Open: orEmpty(board.OpenPoints()), Counted: orEmpty(board.Counted()),
			EndSum: board.EndSum(), Credits: credits,
		}
		if spinner, ok := board.Spinner(); ok {
			out.Spinner = &spinner
		}
		if len(credits) > 0 {
			out.Credit = &credits[len(credits)-1]
		}
		return out, nil
	}
}

// ReplayLegal is the legal command of an Engine: the plays placed as for ReplayTable,
// then {placements} from the board's Legal(hand).
func ReplayLegal(newBoard func() LegalBoard) func([]Placement, []Tile) (any, error) {
	return func(plays []Placement, hand []Tile) (any, error) {
		board := newBoard()
		if _, err := place(board, plays); err != nil {
			return nil, err
		}
		return LegalResult{orEmpty(board.Legal(hand))}, nil
	}
}
