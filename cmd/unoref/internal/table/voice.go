package table

import (
	"strings"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/drivers/voice"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// Speaker says sentences aloud off the table's loop: Say must return at
// once (voice.Speaker leaves the sentence in a mailbox, a newer one
// replacing one still waiting).
type Speaker interface {
	Say(voice.Utterance)
}

// VoiceState is what the page shows and sets of the speaker and the
// teaching mode (Action "voice").
type VoiceState struct {
	Speak    bool           // the referee says its rulings aloud
	Teach    bool           // teaching mode: why a play was right, reminders, the rules at the start
	Settings voice.Settings // espeak-ng's voice, speed, volume and ALSA device
	Fitted   bool           // the table has a speaker (Config.Voice) to turn on
}

// speech is one utterance being put together, as sentences said as one,
// so that a teaching sentence never replaces the verdict it explains.
type speech []msg.Sentence

// said renders the sentences in l as they are said, counts in words of
// the right gender and case (lang.Spoken), each ending with a full stop (a
// pause in espeak-ng).
func (s speech) said(l lang.Lang) string { return s.join(l, l.Spoken) }

// written renders the sentences in l as they are shown, counts in digits.
func (s speech) written(l lang.Lang) string { return s.join(l, l.Sentence) }

// join puts the sentences, rendered by render, one after the other, each
// ending with l's full stop.
func (s speech) join(l lang.Lang, render func(msg.Sentence) string) string {
	stop := l.Render(msg.Msg{Key: "text.stop"})
	var b strings.Builder
	for _, m := range s {
		p := strings.TrimRight(render(m), ".։ ")
		if p == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(" ")
		}
		b.WriteString(p)
		b.WriteString(stop)
	}
	return b.String()
}

// speak hands an utterance to the speaker, when it is on. The words are
// rendered on the speaker's goroutine, never on the table's loop.
func (t *Table) speak(s speech) {
	if !t.voice.Speak || t.cfg.Voice == nil || len(s) == 0 {
		return
	}
	l := t.cfg.Lang
	t.cfg.Voice.Say(voice.Utterance{Lang: l.String(), Render: func() string { return s.said(l) }})
}

// speakVerdict says a ruling and, in teaching mode, what it teaches: why
// an accepted play was right, the challenge of a Wild Draw Four, the call
// of UNO.
func (t *Table) speakVerdict(ev tablelog.Event, v referee.Verdict, before, st referee.State) {
	if !t.voice.Speak || t.cfg.Voice == nil {
		return
	}
	if v.OK && ev.Kind == tablelog.Play && ev.Card.Kind == cards.WildDrawFour {
		t.cur.wd4Color, _ = cards.ParseColor(before.Color)
	}
	s := speech{v.Sentence()}
	if t.voice.Teach {
		for _, m := range lessons(ev, v, before, st, t.cur.game.Rules(), t.cur.wd4Color) {
			s = append(s, msg.Sentence{m})
		}
	}
	t.speak(s)
}

// lessons are the teaching sentences after a verdict on ev, with the state
// before and after it; wd4Color is the colour to match before the last
// Wild Draw Four (the state forgets it once a colour is named).
func lessons(ev tablelog.Event, v referee.Verdict, before, st referee.State, r referee.Rules, wd4Color cards.Color) []msg.Msg {
	if !v.OK {
		return nil // a refusal already says what would have been legal
	}
	var out []msg.Msg
	if m, ok := Why(before, r, ev); ok {
		out = append(out, m)
	}
	if st.Phase == referee.PhaseChallenge && before.Phase != referee.PhaseChallenge {
		out = append(out, challengeReminder(ev, before, st, wd4Color))
	}
	if st.UnoOpen != "" && st.UnoOpen != before.UnoOpen && !calledUno(v, st.UnoOpen) {
		out = append(out, msg.Msg{Key: "teach.uno", Args: msg.Args{Player: st.UnoOpen}})
	}
	return out
}

// challengeReminder tells the player hit by a Wild Draw Four that they may
// challenge it: the colour to match was the one before the wild (the play,
// or the colour named after it).
func challengeReminder(ev tablelog.Event, before, st referee.State, color cards.Color) msg.Msg {
	by := ev.Name
	if by == "" {
		by = before.Turn
	}
	return msg.Msg{Key: "teach.challenge", Args: msg.Args{Player: st.Turn, Other: by, Color: color}}
}

// calledUno reports whether the verdict has who calling UNO.
func calledUno(v referee.Verdict, who string) bool {
	for _, e := range v.Effects {
		if e.Kind == referee.EffUnoCalled && e.Player == who {
			return true
		}
	}
	return false
}

// sayRules says and shows the rules in force: at the start of a game in
// teaching mode, on a long press of OK, from the page.
func (t *Table) sayRules() {
	if t.cur.game == nil {
		return
	}
	s := append(speech{{{Key: "teach.rules"}}}, t.cur.rules...)
	t.out.last = Verdict{OK: true, Message: s.written(t.cfg.Lang), At: t.clock.Now()}
	t.speak(s)
	t.refresh()
}

// Tuner is a speaker whose settings the page changes (voice.Speaker).
type Tuner interface {
	Tune(voice.Settings) error
}

// setVoice applies the page's voice settings (Action "voice"); the ALSA
// device stays the config's.
func (t *Table) setVoice(v *VoiceState) error {
	switch {
	case v == nil:
		return refuseAction("action.voice.none", msg.Args{})
	case v.Speak && t.cfg.Voice == nil:
		return refuseAction("action.voice.nospeaker", msg.Args{})
	}
	// The sound card is the config's: the page names no device.
	v.Settings.Device = t.voice.Settings.Device
	if v.Settings != t.voice.Settings {
		tu, ok := t.cfg.Voice.(Tuner)
		if !ok {
			return refuseAction("action.voice.fixed", msg.Args{})
		}
		if err := tu.Tune(v.Settings); err != nil {
			return refuseAction("action.failed", msg.Args{Text: err.Error()})
		}
		t.voice.Settings = v.Settings
	}
	t.voice.Speak, t.voice.Teach = v.Speak, v.Teach
	t.refresh()
	return nil
}
