package table

import (
	"fmt"
	"maps"

	"github.com/unoref/unoref/drivers/buzzer"
	"github.com/unoref/unoref/drivers/led"
	"github.com/unoref/unoref/drivers/oled"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// effects sounds and flashes a verdict: green and a chirp for a legal play,
// red and two buzzes for a refusal, amber and three beeps for a missed UNO,
// fanfares for the end of a round and of the game.
func (t *Table) effects(ev tablelog.Event, v referee.Verdict, st referee.State) {
	pattern, name := buzzer.Pattern(nil), ""
	var alert oled.Alert
	switch {
	case !v.OK && ev.Kind != tablelog.Catch && v.Code != referee.ErrBadCatch:
		pattern, name, alert = buzzer.Illegal, "illegal", oled.AlertIllegal
		if t.dev.LEDs != nil {
			t.dev.LEDs.FlashIllegal()
		}
		t.leds["illegal"], t.leds["legal"] = true, false
	case v.OK && (ev.Kind == tablelog.Play || ev.Kind == tablelog.Start):
		pattern, name = buzzer.Legal, "legal"
		if t.dev.LEDs != nil {
			t.dev.LEDs.FlashLegal()
		}
		t.leds["legal"], t.leds["illegal"] = true, false
	}
	for _, e := range v.Effects {
		switch e.Kind {
		case referee.EffUnoMissed:
			if name != "round" && name != "game" {
				pattern, name, alert = buzzer.MissedUNO, "uno", oled.AlertUNO
			}
			t.missed = true
		case referee.EffRoundOver:
			if name != "game" {
				pattern, name, alert = buzzer.RoundOver, "round", 0
			}
		case referee.EffGameOver:
			pattern, name, alert = buzzer.GameOver, "game", 0
		}
	}
	if pattern != nil && t.dev.Buzzer != nil {
		t.dev.Buzzer.Play(pattern)
	}
	if name != "" {
		t.buzz = name
	}
	if alert != 0 || t.missed {
		t.alert, t.alertMsg = alert, v.Message
		t.after(timerAlert, t.cfg.AlertTime)
	} else if name == "legal" && t.alert != 0 {
		// A legal play ends the alert of the refusal before it.
		t.alert = 0
	}
}

// refresh shows the state: screen, steady LEDs, seat light, snapshot.
func (t *Table) refresh() {
	var st referee.State
	if t.game != nil {
		st = t.game.State()
	}
	t.screen = t.buildScreen(st)
	if t.dev.Display != nil {
		t.dev.Display.Show(t.screen)
	}
	t.steadyLEDs(st)
	if t.dev.Seats != nil {
		seat := -1
		for i, p := range st.Players {
			if p == st.Turn {
				seat = i
			}
		}
		t.dev.Seats.Light(seat)
	}
	s := Snapshot{
		Virtual: t.cfg.Virtual,
		State:   st,
		Players: append([]string(nil), st.Players...),
		Last:    t.last,
		Prompt:  t.prompt(st),
		Reader:  t.reader,
		Log:     append([]string(nil), t.log...),
		Events:  t.events,
		Game:    t.gameID,
		Names:   maps.Clone(t.names),
		Alert:   t.cfg.Alert,
	}
	if t.v != nil {
		s.LEDs = t.v.ledStates()
		if t.v.buzzing() {
			s.Buzzer = t.buzz
		}
	} else {
		s.LEDs = maps.Clone(t.leds)
		if t.dev.Buzzer != nil && t.dev.Buzzer.Playing() {
			s.Buzzer = t.buzz
		}
	}
	t.publish(s)
}

var seatLED = [...]string{"seat0", "seat1", "seat2", "seat3", "seat4", "seat5", "seat6", "seat7", "seat8", "seat9"}

var colorLEDs = map[string]led.LED{"R": led.Red, "Y": led.Yellow, "G": led.Green, "B": led.Blue}

// steadyLEDs sets the LEDs that follow the state: direction, colour to
// match, and amber while an UNO call is due or just missed.
func (t *Table) steadyLEDs(st referee.State) {
	dir := led.NoDirection
	switch {
	case t.game == nil || st.Phase == referee.PhaseSetup || st.Phase == referee.PhaseOver:
	case st.Direction == "ccw":
		dir = led.CCW
	default:
		dir = led.CW
	}
	col, ok := colorLEDs[st.Color]
	if !ok {
		col = -1
	}
	amber := t.missed || (t.uno.who != "" && !t.uno.called)
	t.leds["cw"], t.leds["ccw"], t.leds["uno"] = dir == led.CW, dir == led.CCW, amber
	for c, l := range colorLEDs {
		t.leds[c] = l == col
	}
	if t.dev.LEDs == nil {
		return
	}
	t.dev.LEDs.SetDirection(dir)
	t.dev.LEDs.SetColor(col)
	t.dev.LEDs.Set(led.UNO, amber)
}

// buildScreen is the OLED's view of the table.
func (t *Table) buildScreen(st referee.State) oled.Screen {
	s := oled.Screen{
		Phase:     st.Phase,
		Turn:      t.disp(st.Turn),
		Direction: st.Direction,
		Color:     st.Color,
		Top:       st.Top,
		Pending:   st.Pending,
		Round:     st.Round,
		Winner:    t.disp(st.Winner),
		Message:   t.last.Message,
		Prompt:    t.prompt(st),
		Alert:     t.alert,
	}
	if t.alert != 0 {
		s.Message = t.alertMsg
	}
	if t.game == nil {
		s.Phase = referee.PhaseSetup
		return s
	}
	for _, p := range st.Players {
		s.Hands = append(s.Hands, oled.Seat{Name: t.disp(p), Count: st.Hands[p]})
		s.Scores = append(s.Scores, oled.Score{Name: t.disp(p), Points: st.Scores[p]})
	}
	return s
}

// prompt is what the table waits for, one sentence.
func (t *Table) prompt(st referee.State) string {
	switch {
	case t.game == nil:
		return "Start a new game on the page"
	case len(t.held) > 0:
		return t.disp(t.uno.who) + ": call UNO!"
	case t.pickQueue != nil:
		return t.disp(t.pickQueue[len(t.picks)]) + ": tap a card to pick the dealer"
	}
	switch st.Phase {
	case referee.PhaseSetup:
		return t.disp(st.Dealer) + " deals 7 each: tap the starter card"
	case referee.PhaseTurn:
		return t.disp(st.Turn) + ": play a card or draw"
	case referee.PhaseDrawn:
		return t.disp(st.Turn) + ": play the drawn card or pass"
	case referee.PhasePenalty:
		return fmt.Sprintf("%s: draw %d", t.disp(st.Turn), st.Pending)
	case referee.PhaseColor:
		return t.disp(st.Turn) + ": pick a colour"
	case referee.PhaseChallenge:
		return t.disp(st.Turn) + ": challenge or draw"
	case referee.PhaseShow:
		return fmt.Sprintf("%s: show your hand (%d of %d)", t.disp(st.Turn), t.shownBy(st.Turn), st.Hands[st.Turn])
	case referee.PhaseSwap:
		return t.disp(st.Turn) + ": press the seat to swap with"
	case referee.PhaseHeights:
		return t.disp(t.nextToCount(st)) + ": tap a number card of the colour, or PASS"
	case referee.PhaseCountup:
		n := t.collectBy
		if n == "" {
			n = t.nextToCount(st)
		}
		return fmt.Sprintf("%s: tap your leftover cards (%d of %d)", t.disp(n), t.shownBy(n), st.Hands[n])
	case referee.PhaseOver:
		return t.disp(st.Winner) + " wins! Start a new game"
	}
	return ""
}

func (t *Table) shownBy(name string) int {
	if t.collectBy == name {
		return len(t.collect)
	}
	return 0
}
