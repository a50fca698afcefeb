package table

import (
	"errors"
	"strings"

	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// ErrSlapNoSeats refuses a game with uno-slap on a table without seat
// buttons: each player's press is their slap, and nothing else can say
// who slapped when.
var ErrSlapNoSeats = errors.New("uno-slap needs the seat buttons, and this table has none: fit the seat pads or play without uno-slap")

// seatButtons reports whether the seat pads are fitted and answering.
func (t *Table) seatButtons() bool {
	if t.dev.SeatEvs == nil {
		return false
	}
	for _, p := range t.parts {
		if strings.HasPrefix(p.Name, board.PartSeatPads) && p.State == board.Vanished {
			return false
		}
	}
	return true
}

// slapTimer starts the uno-slap clock when slaps are open in st, and
// stops it when none are: after referee.SlapTime the table slaps for
// whoever has not.
func (t *Table) slapTimer(st referee.State) {
	if st.SlapFor == "" {
		t.cancel(timerSlap)
		return
	}
	t.after(timerSlap, referee.SlapTime)
}

// slapForLate journals a slap for every player who has not slapped in
// time: the referee rules each one too late, and each draws.
func (t *Table) slapForLate() error {
	if t.game == nil {
		return nil
	}
	for _, name := range t.game.State().SlapsDue {
		if err := t.submit(tablelog.Event{Kind: tablelog.Slap, Name: name}); err != nil {
			return err
		}
	}
	return nil
}

// slapText is the OLED's line while slaps are open.
func (t *Table) slapText(st referee.State) string {
	due := make([]string, len(st.SlapsDue))
	for i, n := range st.SlapsDue {
		due[i] = t.disp(n)
	}
	return "Slap " + t.disp(st.SlapFor) + "'s hand! Still: " + strings.Join(due, ", ")
}
