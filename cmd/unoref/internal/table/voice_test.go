package table

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/drivers/voice"
	"github.com/unoref/unoref/drivers/voice/voicetest"
	"github.com/unoref/unoref/hardware/board"
	"github.com/unoref/unoref/internal/testenv"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// speakingTable is a virtual table with a speaker on the voicetest
// recorder: what the referee would have said, in order.
func speakingTable(t *testing.T, l lang.Lang, teach bool) (*vtable, *voicetest.Recorder) {
	t.Helper()
	rec := voicetest.New()
	sp, err := voice.New(&voice.Opts{Backend: rec})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sp.Close() })
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1, Lang: l, Voice: sp, Speak: true, Teach: teach})
	return v, rec
}

// said does a and returns what the referee says about it. The speaker
// keeps only the newest sentence waiting, so each step waits for its own.
func said(t *testing.T, v *vtable, rec *voicetest.Recorder, a Action) voice.Utterance {
	t.Helper()
	v.do(t, a)
	select {
	case u := <-rec.Said:
		return u
	case <-time.After(10 * time.Second):
		t.Fatalf("Do(%+v): nothing said", a)
	}
	return voice.Utterance{}
}

// voiceRound is a scripted round: the rules, the dealer, the starter, a
// play, a refusal, a Wild Draw Four and its colour, the draw of four.
func voiceRound(players ...string) []Action {
	return []Action{
		{Kind: "newgame", Players: players, Rules: "official"},
		{Kind: "press", Button: "pass"},
		{Kind: "tap", Pad: "play", Card: "G5"},
		{Kind: "tap", Pad: "play", Card: "G2"},
		{Kind: "tap", Pad: "play", Card: "R7"},
		{Kind: "tap", Pad: "play", Card: "W+4"},
		{Kind: "press", Button: "B"},
		{Kind: "press", Button: "draw"},
	}
}

// TestVoiceScriptedRound plays a round at the virtual table with the voice
// and teaching mode on, in English and in Russian: the recorder hears the
// rulings in order, each with its lesson, and espeak-ng turns every one of
// them into a WAV that is speech, not silence.
func TestVoiceScriptedRound(t *testing.T) {
	tests := []struct {
		l       lang.Lang
		players []string
		want    []string
	}{
		{lang.English, []string{"Ann", "Ben", "Cy"}, []string{
			"The rules of this game. We play by the rules printed in the box: put down a card of the same colour, the same number or the same picture, or a wild card. Say UNO as you put down your second-last card: if you forget, the referee notices and you draw two cards. Think a Wild Draw Four was put down by someone who had a card of the colour? Press challenge: if you are right, that player draws four cards; if not, you draw two cards more. Whoever runs out of cards first scores the points of the cards left in the other hands; the first to reach five hundred points wins the game.",
			"Ann deals.",
			"Green 5 starts the pile and Ben plays first.",
			"Ben plays Green 2 and Cy is next. Green 2 on Green 5: same colour.",
			"Red 7 can't go on Green 2: play a green card, a 2 or a wild.",
			"Cy plays Wild Draw Four and names a colour. Wild Draw Four goes on anything, but only when you hold no green card.",
			"Cy names blue: Ann must draw four or challenge. Ann, if you think Cy had a green card, press challenge.",
			"Ann draws four and misses a turn and Ben is next.",
		}},
		{lang.Russian, []string{"Аня", "Боря", "Вика"}, []string{
			"Правила этой игры. Играем по правилам из коробки: клади карту того же цвета, с тем же числом или с той же картинкой, или дикую карту. Говори УНО, когда кладёшь предпоследнюю карту: если забудешь, судья заметит, и ты возьмёшь две карты. Думаешь, что дикую карту «Вытяни 4 карты» положили, хотя была карта нужного цвета? Нажми «оспорить»: если это так, этот игрок берёт четыре карты, а если нет, ты берёшь ещё две карты. Кто первым избавится от карт, получает очки за карты, оставшиеся у других; кто первым наберёт пятьсот очков, выигрывает игру.",
			"Сдаёт Аня.",
			"Первая карта — зелёная пятёрка, начинает Боря.",
			"Боря кладёт зелёную двойку, дальше ходит Вика. Зелёная двойка на зелёную пятёрку: тот же цвет.",
			"Красная семёрка не кладётся на зелёную двойку: положите зелёную карту, любую двойку или дикую карту.",
			"Вика кладёт дикую карту «Вытяни 4 карты» и называет цвет. Дикая карта «Вытяни 4 карты» кладётся на любую карту, но только если у тебя нет ни одной зелёной карты.",
			"Вика называет голубой цвет: Аня берёт четыре карты или требует проверки. Аня, если думаешь, что у игрока Вика была зелёная карта, нажми «оспорить».",
			"Аня берёт четыре карты и пропускает ход, дальше ходит Боря.",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.l.String(), func(t *testing.T) {
			v, rec := speakingTable(t, tt.l, true)
			var got []string
			for _, a := range voiceRound(tt.players...) {
				u := said(t, v, rec, a)
				if u.Lang != tt.l.String() {
					t.Errorf("Do(%+v) said in %q, want %q", a, u.Lang, tt.l)
				}
				got = append(got, u.Text)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("said (-want +got):\n%s", diff)
			}
			checkSpoken(t, rec.Log())
		})
	}
}

// checkSpoken has espeak-ng speak each utterance into a WAV and reads it
// back: speech-long and loud enough to hear.
func checkSpoken(t *testing.T, us []voice.Utterance) {
	testenv.Espeak(t)
	t.Helper()
	e, err := voice.NewEspeak(voice.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range us {
		b, err := e.WAV(context.Background(), u)
		if err != nil {
			t.Fatalf("WAV(%q): %v", u.Text, err)
		}
		w, err := voice.ParseWAV(b)
		if err != nil {
			t.Fatalf("ParseWAV(%q): %v", u.Text, err)
		}
		if w.Duration < 500*time.Millisecond || w.RMS < 0.02 || w.Peak < 0.2 {
			t.Errorf("WAV(%q): %v long, RMS %.3f, peak %.3f: want speech (≥ 0.5 s, RMS ≥ 0.02, peak ≥ 0.2)", u.Text, w.Duration, w.RMS, w.Peak)
		}
	}
}

// TestVoiceLessons: the teaching sentences after a verdict, from the
// states before and after it.
func TestVoiceLessons(t *testing.T) {
	official := referee.Rules{Preset: referee.PresetOfficial}
	g5 := cards.Card{Kind: cards.Number, Color: cards.Green, Number: 5}
	play := tablelog.Event{Kind: tablelog.Play, Card: g5}
	tests := []struct {
		name          string
		ev            tablelog.Event
		v             referee.Verdict
		before, after referee.State
		want          []string
	}{
		{"a play", play, referee.Verdict{OK: true},
			referee.State{Phase: referee.PhaseTurn, Turn: "Ann", Top: "G2", Color: "G"},
			referee.State{Phase: referee.PhaseTurn, Turn: "Ben"},
			[]string{"teach.color"}},
		{"a refusal teaches nothing more", play, referee.Verdict{OK: false},
			referee.State{Phase: referee.PhaseTurn, Turn: "Ann", Top: "R2", Color: "R"},
			referee.State{Phase: referee.PhaseTurn, Turn: "Ann", Top: "R2", Color: "R"},
			nil},
		{"one card left", play, referee.Verdict{OK: true},
			referee.State{Phase: referee.PhaseTurn, Turn: "Ann", Top: "G2", Color: "G"},
			referee.State{Phase: referee.PhaseTurn, Turn: "Ben", UnoOpen: "Ann"},
			[]string{"teach.color", "teach.uno"}},
		{"one card left, UNO called first", play, referee.Verdict{OK: true, Effects: []referee.Effect{{Kind: referee.EffUnoCalled, Player: "Ann"}}},
			referee.State{Phase: referee.PhaseTurn, Turn: "Ann", Top: "G2", Color: "G"},
			referee.State{Phase: referee.PhaseTurn, Turn: "Ben", UnoOpen: "Ann"},
			[]string{"teach.color"}},
		{"a Wild Draw Four with its colour", tablelog.Event{Kind: tablelog.Play, Card: cards.Card{Kind: cards.WildDrawFour, Color: cards.Blue}}, referee.Verdict{OK: true},
			referee.State{Phase: referee.PhaseTurn, Turn: "Ann", Top: "G2", Color: "G"},
			referee.State{Phase: referee.PhaseChallenge, Turn: "Ben", Pending: 4},
			[]string{"teach.wild4", "teach.challenge"}},
		{"the colour of a Wild Draw Four", tablelog.Event{Kind: tablelog.Color, Color: cards.Blue}, referee.Verdict{OK: true},
			referee.State{Phase: referee.PhaseColor, Turn: "Ann", Top: "W+4"},
			referee.State{Phase: referee.PhaseChallenge, Turn: "Ben", Pending: 4},
			[]string{"teach.challenge"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ms := lessons(tt.ev, tt.v, tt.before, tt.after, official, cards.Green)
			var got []string
			for _, m := range ms {
				got = append(got, m.Key)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("lessons(%v) keys (-want +got):\n%s", tt.ev, diff)
			}
			for _, m := range ms {
				if m.Key == "teach.challenge" {
					want := "Ben, if you think Ann had a green card, press CHALLENGE"
					if s := lang.English.Sentence(msg.Sentence{m}); s != want {
						t.Errorf("lessons(%v) reminder = %q, want %q", tt.ev, s, want)
					}
				}
			}
		})
	}
}

// TestVoiceSettingsFromThePage: with the speaker off nothing is said; the
// page's "voice" action turns it on, then teaching mode, and each step is
// heard from then on; a table without a speaker refuses to speak.
func TestVoiceSettingsFromThePage(t *testing.T) {
	rec := voicetest.New()
	sp, err := voice.New(&voice.Opts{Backend: rec})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sp.Close() })
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1, Voice: sp, VoiceSettings: voice.Settings{Speed: 140}})
	round := voiceRound("Ann", "Ben", "Cy")
	v.do(t, round[0])
	v.do(t, round[1])
	if s := v.Snapshot(); s.Voice != (VoiceState{Fitted: true, Settings: voice.Settings{Speed: 140}}) {
		t.Errorf("Snapshot().Voice = %+v, want fitted and off", s.Voice)
	}
	v.do(t, Action{Kind: "voice", Voice: &VoiceState{Speak: true, Settings: voice.Settings{Speed: 140}}})
	if u := said(t, v, rec, round[2]); u.Text != "Green 5 starts the pile and Ben plays first." {
		t.Errorf("first words with the voice on = %q, want the starter's", u.Text)
	}
	v.do(t, Action{Kind: "voice", Voice: &VoiceState{Speak: true, Teach: true, Settings: voice.Settings{Speed: 140}}})
	if u := said(t, v, rec, round[3]); u.Text != "Ben plays Green 2 and Cy is next. Green 2 on Green 5: same colour." {
		t.Errorf("a play in teaching mode says %q, want the why too", u.Text)
	}
	if got := len(rec.Log()); got != 2 {
		t.Errorf("said %d utterances, want 2 (nothing while the voice was off): %q", got, rec.Texts())
	}
	if !v.Snapshot().Voice.Teach {
		t.Error("Snapshot().Voice.Teach = false after the page set it")
	}

	silent := startVirtual(t, t.TempDir(), Config{UnoGrace: -1})
	err = silent.Do(context.Background(), Action{Kind: "voice", Voice: &VoiceState{Speak: true}})
	if err == nil || silent.Snapshot().Voice.Speak {
		t.Errorf("Do(voice on) without a speaker = %v, want a refusal", err)
	}
}

// TestVoiceRulesInForce: the page's "rules" action says and shows the
// rules, and so does a long press of OK; teaching mode says them at the
// start of every game, and the snapshot carries them for the page's panel.
func TestVoiceRulesInForce(t *testing.T) {
	v, rec := speakingTable(t, lang.English, false)
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official +stacking"})
	rulesLines := "The rules of this game. We play by the rules printed in the box: put down a card of the same colour, the same number or the same picture, or a wild card. " +
		"A Draw Two goes on a Draw Two and a Wild Draw Four on a Wild Draw Four: the cards to draw add up, and whoever can't add draws them all. " +
		"Say UNO as you put down your second-last card: if you forget, the referee notices and you draw %s. " +
		"Think a Wild Draw Four was put down by someone who had a card of the colour? Press %s: if you are right, that player draws %s; if not, you draw two cards more. " +
		"Whoever runs out of cards first scores the points of the cards left in the other hands; the first to reach %s wins the game."
	// Said, the counts are words and the button a word; shown, digits and
	// the button's label.
	want := fmt.Sprintf(rulesLines, "two cards", "challenge", "four cards", "five hundred points")
	shown := fmt.Sprintf(rulesLines, "2 cards", "CHALLENGE", "4 cards", "500 points")
	if u := said(t, v, rec, Action{Kind: "rules"}); u.Text != want {
		t.Errorf("Do(rules) says %q, want %q", u.Text, want)
	}
	s := v.Snapshot()
	if s.Last.Message != shown {
		t.Errorf("Do(rules) shows %q, want %q", s.Last.Message, shown)
	}
	if got := len(s.Rules); got != 5 {
		t.Errorf("Snapshot().Rules has %d lines, want 5: %v", got, s.Rules)
	}

	// Held past board.LongPress: the press itself skips the dealer pick,
	// then the long press says the rules.
	go v.vb.Sim.Hold(context.Background(), int(v.vb.Map.Buttons.Pass), board.LongPress+time.Second)
	for {
		select {
		case u := <-rec.Said:
			if u.Text == want {
				return
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("a long press of OK said nothing of the rules: %q", rec.Texts())
		}
	}
}

// TestVoiceStuckSpeakerNeverDelaysTheTable: a speaker that never finishes
// its sentence holds up nothing: every ruling is made and shown, the LEDs
// and the buzzer set, and the newest sentence is the one waiting.
func TestVoiceStuckSpeakerNeverDelaysTheTable(t *testing.T) {
	rec := voicetest.New()
	rec.Hold = make(chan struct{}) // never released: the cleanup cuts it off
	sp, err := voice.New(&voice.Opts{Backend: rec})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sp.Close() })
	v := startVirtual(t, t.TempDir(), Config{UnoGrace: -1, Voice: sp, Speak: true, Teach: true})
	for _, a := range voiceRound("Ann", "Ben", "Cy")[:4] {
		v.do(t, a)
	}
	s := v.Snapshot()
	if !s.Last.OK || s.State.Top != "G2" || !s.LEDs["legal"] || s.Buzzer != "legal" {
		t.Errorf("after G2 with the speaker stuck: last %+v, top %q, LEDs %v, buzzer %q; want G2 accepted, green LED, chirp",
			s.Last, s.State.Top, s.LEDs, s.Buzzer)
	}
	if got := rec.Texts(); len(got) != 1 {
		t.Errorf("the stuck speaker was handed %q, want only its first sentence", got)
	}
}

// TestVoiceSaysTheTablesOwnRefusals: a tag that names no card is refused
// by the table itself, aloud too.
func TestVoiceSaysTheTablesOwnRefusals(t *testing.T) {
	v, rec := speakingTable(t, lang.English, false)
	v.do(t, Action{Kind: "newgame", Players: []string{"Ann", "Ben"}, Rules: "official"})
	if u := said(t, v, rec, Action{Kind: "tap", Pad: "play", Card: "garbage"}); u.Text == "" || u.Text != strings.TrimRight(v.Snapshot().Last.Message, ".")+"." {
		t.Errorf("an unreadable tag said %q, want the OLED's %q", u.Text, v.Snapshot().Last.Message)
	}
}
