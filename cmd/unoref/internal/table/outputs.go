package table

import (
	"errors"
	"fmt"
	"maps"
	"time"

	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/drivers/buzzer"
	"github.com/unoref/unoref/drivers/led"
	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// news is a kind of verdict as the table shows it.
type news uint8

const (
	newsNone     news = iota
	newsLegal         // a card accepted
	newsSlap          // a slap that counts (uno-slap): a chirp
	newsRefused       // an event refused
	newsBad           // accepted, but bad news: a starter put back, a mistake penalty
	newsMissed        // a missed UNO: the player draws
	newsSlapLast      // the last to slap (uno-slap) draws
	newsRound         // a round won
	newsGame          // the game won
)

// look is how the table shows a kind of news: the one place that pairs
// each with its sound, LED and screen.
type look struct {
	name    string         // Snapshot.Buzzer while it sounds
	pattern buzzer.Pattern // nil: silence
	alert   screen.Alert   // 0: no full-screen alert
	led     string         // "legal" or "illegal": the flash; "" none
	amber   bool           // the UNO LED stays lit while the alert shows
}

// Penalty is the sound of bad news: one short and two long buzzes, unlike
// the refusal's two buzzes and the legal chirp.
var Penalty = buzzer.Pattern{100 * time.Millisecond, 100 * time.Millisecond, 300 * time.Millisecond, 100 * time.Millisecond, 600 * time.Millisecond}

var looks = map[news]look{
	newsLegal:    {name: "legal", pattern: buzzer.Legal, led: "legal"},
	newsRefused:  {name: "illegal", pattern: buzzer.Illegal, alert: screen.AlertIllegal, led: "illegal"},
	newsBad:      {name: "penalty", pattern: Penalty, alert: screen.AlertBad, led: "illegal", amber: true},
	newsMissed:   {name: "uno", pattern: buzzer.MissedUNO, alert: screen.AlertBad, led: "illegal", amber: true},
	newsSlap:     {name: "slap", pattern: buzzer.Legal},
	newsSlapLast: {name: "uno", pattern: buzzer.MissedUNO, alert: screen.AlertSlap, amber: true},
	newsRound:    {name: "round", pattern: buzzer.RoundOver},
	newsGame:     {name: "game", pattern: buzzer.GameOver},
}

// newsOf sorts a verdict: the strongest news of the event and its effects.
func newsOf(ev tablelog.Event, v referee.Verdict) news {
	n := newsNone
	switch {
	case !v.OK && ev.Kind != tablelog.Catch && v.Code != referee.ErrBadCatch && v.Code != referee.ErrBadSlap:
		// A catch or a slap that counts for nothing is no wrong card:
		// mashing a seat button must not sound like one.
		n = newsRefused
	case v.OK && (ev.Kind == tablelog.Play || ev.Kind == tablelog.Start):
		n = newsLegal
	}
	for _, e := range v.Effects {
		switch e.Kind {
		case referee.EffReturn, referee.EffMistake:
			n = max(n, newsBad)
		case referee.EffUnoMissed:
			n = max(n, newsMissed)
		case referee.EffSlapOpen, referee.EffSlap:
			n = max(n, newsSlap)
		case referee.EffSlapLast:
			n = max(n, newsSlapLast)
		case referee.EffRoundOver:
			n = max(n, newsRound)
		case referee.EffGameOver:
			n = newsGame
		}
	}
	return n
}

// signal flashes and sounds a verdict as its news looks, the legal or
// illegal LED and then the buzzer, and returns the news. A tap's outputs
// are set first, as soon as the journal holds the event: the sentence,
// the screen, the page and the voice come after (issue 21).
func (t *Table) signal(ev tablelog.Event, v referee.Verdict) news {
	n := newsOf(ev, v)
	lk, ok := looks[n]
	if !ok {
		return n
	}
	t.flash(lk.led)
	if lk.pattern != nil && t.dev.Buzzer != nil {
		t.output(board.PartBuzzer, t.dev.Buzzer.Play(lk.pattern))
		t.after(timerBuzz, lk.pattern.Duration()+time.Millisecond)
	}
	t.out.buzz = lk.name
	return n
}

// effects notes what a verdict's news n means besides the outputs signal
// set: a bad move, the points of a round just counted, and the alert that
// holds the sentence told.
func (t *Table) effects(n news, before, st referee.State) {
	t.out.last.Bad = n == newsBad || n == newsMissed
	t.scored(before, st)
	lk, ok := looks[n]
	if !ok || lk.alert == 0 {
		return
	}
	t.out.alert, t.out.alertMsg, t.out.amber = lk.alert, t.out.last.Message, lk.amber
	if t.cfg.RefusalHold > 0 {
		t.after(timerAlert, t.cfg.RefusalHold)
	}
}

// flash flashes the legal or illegal LED.
func (t *Table) flash(name string) {
	switch name {
	case "legal":
		if t.dev.LEDs != nil {
			t.output(board.PartLEDs, t.dev.LEDs.FlashLegal())
		}
		t.out.leds["legal"], t.out.leds["illegal"] = true, false
	case "illegal":
		if t.dev.LEDs != nil {
			t.output(board.PartLEDs, t.dev.LEDs.FlashIllegal())
		}
		t.out.leds["illegal"], t.out.leds["legal"] = true, false
	}
}

// scored keeps the points of a round when its scores change, until the
// next round begins.
func (t *Table) scored(before, st referee.State) {
	if st.Phase != referee.PhaseSetup && st.Phase != referee.PhaseOver && st.Phase != "" {
		t.out.roundPts, t.out.counted = nil, 0
	}
	if before.Scores == nil || maps.Equal(before.Scores, st.Scores) {
		return
	}
	t.out.roundPts, t.out.counted = map[string]int{}, st.Round
	for p, n := range st.Scores {
		t.out.roundPts[p] = n - before.Scores[p]
	}
}

// refresh shows the state: screen, steady LEDs, seat light, snapshot.
func (t *Table) refresh() {
	var st referee.State
	if t.cur.game != nil {
		st = t.cur.game.State()
	}
	t.show(t.buildScreen(st))
	t.steadyLEDs(st)
	if t.dev.Seats != nil {
		seat := -1
		for i, p := range st.Players {
			if p == st.Turn {
				seat = i
			}
		}
		t.output(board.PartSeatPads, t.dev.Seats.Light(seat))
	}
	pm := t.promptNamed(st)
	s := Snapshot{
		Lang:        t.cfg.Lang.String(),
		Virtual:     t.cfg.Virtual,
		State:       st,
		Players:     append([]string(nil), st.Players...),
		Last:        t.out.last,
		Prompt:      t.say(pm),
		PromptMsg:   pm,
		Reader:      t.out.reader,
		Log:         append([]string(nil), t.out.log...),
		Events:      t.cur.events,
		Game:        t.cur.id,
		Names:       maps.Clone(t.cur.names),
		Parts:       t.parts,
		RoundPoints: maps.Clone(t.out.roundPts),
		SlapFor:     st.SlapFor,
		OLEDPage:    t.out.screen.Page,
		Voice:       t.voice,
		Rules:       t.cur.rules,
		Alert:       t.alert(),
	}
	s.SlapsDue = append(s.SlapsDue, st.SlapsDue...)
	s.Counted, s.PickNext = t.countedPlayers(st), t.pickNext()
	s.MostPoints = t.mostPointsOf(st)
	s.LEDs = t.person.LEDs()
	if t.dev.Buzzer != nil && t.dev.Buzzer.Playing() {
		s.Buzzer = t.out.buzz
	}
	t.publish(s)
}

var colorLEDs = map[string]led.LED{"R": led.Red, "Y": led.Yellow, "G": led.Green, "B": led.Blue}

// steadyLEDs sets the LEDs that follow the state: direction, colour to
// match, and amber while an UNO call is due or just missed.
func (t *Table) steadyLEDs(st referee.State) {
	dir := led.NoDirection
	switch {
	case t.cur.game == nil || st.Phase == referee.PhaseSetup || st.Phase == referee.PhaseOver:
	case st.Direction == "ccw":
		dir = led.CCW
	default:
		dir = led.CW
	}
	col, ok := colorLEDs[st.Color]
	if !ok {
		col = -1
	}
	amber := t.out.amber || (t.uno.win.who != "" && !t.uno.win.called)
	t.out.leds["cw"], t.out.leds["ccw"], t.out.leds["uno"] = dir == led.CW, dir == led.CCW, amber
	for c, l := range colorLEDs {
		t.out.leds[c] = l == col
	}
	if t.dev.LEDs == nil {
		return
	}
	t.output(board.PartLEDs, errors.Join(t.dev.LEDs.SetDirection(dir), t.dev.LEDs.SetColor(col), t.dev.LEDs.Set(led.UNO, amber)))
}

// buildScreen is the OLED's view of the table.
func (t *Table) buildScreen(st referee.State) screen.Screen {
	s := screen.Screen{
		Phase:     st.Phase,
		Turn:      t.cur.disp(st.Turn),
		Direction: st.Direction,
		Color:     st.Color,
		Top:       st.Top,
		Pending:   st.Pending,
		Round:     st.CurrentRound(),
		Winner:    t.cur.disp(st.Winner),
		Message:   t.out.last.Message,
		Prompt:    t.say(t.promptNamed(st)),
		Alert:     t.out.alert,
		Lang:      t.cfg.Lang,
	}
	if t.out.alert != 0 {
		s.Message = t.out.alertMsg
	} else if t.storage.problem.Key != "" {
		// The banner of a problem with the journal takes the text line.
		s.Message = t.say(t.storage.refuse)
	} else if st.SlapFor != "" {
		s.Alert, s.Message = screen.AlertSlap, t.say(t.named(msg.Sentence{slapMsg(st)})...)
	}
	if link, code := t.pageLink(); code != "" {
		// The whole screen, so that no layout cuts the code: a QR code of
		// the page that fills the setup form, the code beside it, and the
		// sentence that says it (on the screen when the link is too long
		// for a QR code).
		return screen.Screen{Phase: referee.PhaseSetup, Lang: t.cfg.Lang, Link: link, Code: code,
			Prompt: t.say(msg.Msg{Key: "table.code", Args: msg.Args{Value: code}})}
	} else if t.out.link {
		s.Link = link
	}
	if f, ok := t.finished(); ok {
		return f.screen(s, t.out.roundPts, t.out.counted)
	}
	if t.cur.game == nil {
		s.Phase = referee.PhaseSetup
		return s
	}
	if t.out.roundPts != nil {
		s.Counted = t.out.counted
	}
	for _, p := range st.Players {
		s.Hands = append(s.Hands, screen.Seat{Name: t.cur.disp(p), Count: st.Hands[p]})
		s.Scores = append(s.Scores, screen.Score{Name: t.cur.disp(p), Points: st.Scores[p], Round: t.out.roundPts[p]})
	}
	return s
}

// promptNamed is what the table waits for, with display names.
func (t *Table) promptNamed(st referee.State) msg.Msg {
	m := t.promptMsg(st)
	if m.Key == "" {
		return m
	}
	return t.named(msg.Sentence{m})[0]
}

// show puts s on the OLED at the page being read: a new text starts at its
// first page, and each page stays Config.PageTime.
func (t *Table) show(s screen.Screen) {
	s.Page = 0
	key := fmt.Sprint(screen.Pages(s))
	if key != t.out.pageKey {
		t.out.pageKey, t.out.page = key, 0
		t.sched.cancel(timerPage)
		if screen.NumPages(s) > 1 {
			t.after(timerPage, t.cfg.PageTime)
		}
	}
	s.Page = t.out.page
	t.out.screen = s
	if t.dev.Display != nil {
		t.dev.Display.Show(s)
		// Drawing is the display's own goroutine's: its last draw's
		// outcome is what is known now.
		if d, ok := t.dev.Display.(interface{ Err() error }); ok {
			t.output(board.PartOLED, d.Err())
		}
	}
}

// nextPage shows the next page of a long text, the first after the last.
func (t *Table) nextPage() {
	t.out.page = (t.out.page + 1) % max(screen.NumPages(t.out.screen), 1)
	t.after(timerPage, t.cfg.PageTime)
	t.refresh()
}

func (c *tapLines) shownBy(name string) int {
	if c.by == name {
		return len(c.cards)
	}
	return 0
}

// counted lists the players whose hands are counted in this count-up.
func (t *Table) countedPlayers(st referee.State) []string {
	if st.Phase != referee.PhaseCountup {
		return nil
	}
	var out []string
	for _, p := range st.Players {
		if t.taps.done[p] {
			out = append(out, p)
		}
	}
	return out
}

// pickNext is the player who taps a card for the dealer pick now.
func (t *Table) pickNext() string {
	if t.dealer.queue == nil || len(t.dealer.picks) >= len(t.dealer.queue) {
		return ""
	}
	return t.dealer.queue[len(t.dealer.picks)]
}
