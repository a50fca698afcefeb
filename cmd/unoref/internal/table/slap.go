package table

import (
	"strings"

	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

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
		t.sched.cancel(timerSlap)
		return
	}
	t.after(timerSlap, referee.SlapTime)
}

// slapForLate journals a slap for every player who has not slapped in
// time: the referee rules each one too late, and each draws.
func (t *Table) slapForLate() error {
	if t.cur.game == nil {
		return nil
	}
	for _, name := range t.cur.game.State().SlapsDue {
		if err := t.submit(tablelog.Event{Kind: tablelog.Slap, Name: name}); err != nil {
			return err
		}
	}
	return nil
}

// slapMsg asks for the slaps still due: whose hand, and who has not
// slapped yet (the table's display names come in with Table.named).
func slapMsg(st referee.State) msg.Msg {
	return msg.Msg{Key: "prompt.slap", Args: msg.Args{Player: st.SlapFor, Names: st.SlapsDue}}
}
