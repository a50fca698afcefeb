package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/cards/enroll"
	"github.com/unoref/unoref/cards/ndef"
	"github.com/unoref/unoref/cmd/unoref/internal/screen"
	"github.com/unoref/unoref/drivers/buzzer"
	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
	"github.com/unoref/unoref/hardware/board/boardtest"
	"github.com/unoref/unoref/lang"
)

// simReader is what the tag and enroll commands open in these tests: the
// simulated board, opened as on a Pi, with a scripted hand, and recorders
// of what the OLED and the buzzer are given.
type simReader struct {
	sim     *mfrc522test.Sim // the play-pad reader
	hand    func(enroll.Event)
	screens []screen.Screen
	sounds  []buzzer.Pattern
}

func useSimReader(t *testing.T) *simReader {
	t.Helper()
	b := boardtest.New(nil)
	useHost(t, b.Host())
	r := &simReader{sim: b.Play}
	old := openNFC
	openNFC = func(ctx context.Context, f nfcFlags, e *env) (*nfc, error) {
		n, err := openReader(ctx, f, e)
		if err != nil {
			return nil, err
		}
		n.hand = r.hand
		show, sound := n.screen, n.sound
		n.screen = func(s screen.Screen) { show(s); r.screens = append(r.screens, s) }
		n.sound = func(p buzzer.Pattern) { sound(p); r.sounds = append(r.sounds, p) }
		return n, nil
	}
	t.Cleanup(func() { openNFC = old })
	return r
}

// stickerHand lays a fresh sticker per prompt and lifts it after the
// verdict; first, when set, is laid before any fresh one.
type stickerHand struct {
	r       *simReader
	batch   byte
	n       int
	on      *mfrc522test.NTAG
	first   []*mfrc522test.NTAG
	laid    []*mfrc522test.NTAG
	stopAt  int
	cancel  context.CancelFunc
	stopped bool
}

func (h *stickerHand) event(ev enroll.Event) {
	switch ev.Kind {
	case enroll.Prompt:
		h.lay()
	case enroll.Enrolled:
		h.r.sim.Remove(h.on)
		h.on = nil
		if ev.Done == h.stopAt {
			h.stopped = true
			h.cancel()
		}
	case enroll.Refused:
		// Put that one aside and take the next: no new prompt comes.
		h.r.sim.Remove(h.on)
		h.on = nil
		h.lay()
	}
}

func (h *stickerHand) lay() {
	if h.on != nil || h.stopped {
		return
	}
	if len(h.first) > 0 {
		h.on, h.first = h.first[0], h.first[1:]
	} else {
		h.n++
		h.on = mfrc522test.NewNTAG213([]byte{0x04, h.batch, 0xC0, 0xDE, 0x00, byte(h.n >> 8), byte(h.n)})
		h.laid = append(h.laid, h.on)
	}
	h.r.sim.Place(h.on)
}

func TestEnrollCommand(t *testing.T) {
	r := useSimReader(t)
	dir := t.TempDir()
	h := &stickerHand{r: r, batch: 1}
	r.hand = h.event
	out, errs, code := call(t, "", "enroll", "--data", dir, "--deck", "home", "--write")
	if code != 0 || !strings.Contains(out, "new standard deck home") || !strings.Contains(out, "Deck home is complete: 108/108") {
		t.Fatalf("enroll: exit %d, stdout %q, stderr %q", code, tail(out), errs)
	}
	if len(h.laid) != 108 {
		t.Errorf("%d stickers laid, want 108", len(h.laid))
	}
	// Not a terminal: a line per quarter, no bar redrawn with \r.
	if n := strings.Count(out, "\n"); strings.Contains(out, "\r") || n != 7 {
		t.Errorf("enroll off a terminal wrote %d lines, with \\r: %v:\n%s", n, strings.Contains(out, "\r"), out)
	}
	if got := says(h.laid[107]); got != "W+4" {
		t.Errorf("last sticker says %s, want W+4", got)
	}
	// The OLED showed each prompt with the progress, the buzzer chirped
	// 108 times and played the end.
	first := r.screens[0]
	if first.Turn != "home 0/108" || first.Prompt != "Tap Red 0" {
		t.Errorf("first screen = %+v, want home 0/108, Tap Red 0", first)
	}
	legal := 0
	for _, p := range r.sounds {
		if slices.Equal(p, buzzer.Legal) {
			legal++
		}
	}
	if legal != 108 || !slices.Equal(r.sounds[len(r.sounds)-1], buzzer.RoundOver) {
		t.Errorf("sounds: %d legal of %d, want 108 and the round-over tune last", legal, len(r.sounds))
	}

	// Again: nothing left to do.
	out, _, code = call(t, "", "enroll", "--data", dir)
	if code != 0 || !strings.Contains(out, "Deck home is complete: 108/108") {
		t.Errorf("enroll a complete deck: exit %d, %q", code, tail(out))
	}
	out, _, _ = call(t, "", "enroll", "--data", dir, "--list")
	if !strings.Contains(out, "home             standard 108/108 complete") {
		t.Errorf("enroll --list = %q", out)
	}

	// Export, import into another data directory, read a sticker there.
	file := filepath.Join(t.TempDir(), "home.deck")
	out, errs, code = call(t, "", "enroll", "--data", dir, "--export", file)
	if code != 0 || !strings.Contains(out, "exported home (standard) 108/108") {
		t.Fatalf("enroll --export: exit %d, %q, %q", code, out, errs)
	}
	other := t.TempDir()
	out, errs, code = call(t, "", "enroll", "--data", other, "--import", file)
	if code != 0 || out != "imported 108 tags into standard deck home: 108/108\n" {
		t.Fatalf("enroll --import: exit %d, %q, %q", code, out, errs)
	}
	r.sim.Place(h.laid[14])
	out, errs, code = call(t, "", "tag", "read", "--data", other)
	want := "uid       04" + "01C0DE00000F\ntype      NTAG213\nsays      R7 (Red 7)\nregistry  R7 (Red 7), copy 2 of deck home\n"
	if code != 0 || out != want {
		t.Errorf("tag read: exit %d, stdout\n%s\nwant\n%s\nstderr %q", code, out, want, errs)
	}
}

func tail(s string) string {
	if len(s) > 300 {
		return "…" + s[len(s)-300:]
	}
	return s
}

func says(tag *mfrc522test.NTAG) string {
	var mem []byte
	for p := 4; p < 8; p++ {
		b := tag.Page(p)
		mem = append(mem, b[:]...)
	}
	c, err := ndef.DecodeCard(mem)
	if err != nil {
		return err.Error()
	}
	return c.String()
}

func TestEnrollResumeAndRefusals(t *testing.T) {
	r := useSimReader(t)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h := &stickerHand{r: r, batch: 2, stopAt: 10, cancel: cancel}
	r.hand = h.event
	var o, e bytes.Buffer
	if err := run(ctx, []string{"enroll", "--data", dir, "--kind", "blanks"}, strings.NewReader(""), &o, &e); err != nil {
		t.Fatalf("enroll: %v, %s", err, e.String())
	}
	if !strings.Contains(o.String(), "stopped at 10/112: run enroll again to go on") {
		t.Fatalf("interrupted enroll said %q", tail(o.String()))
	}

	// Resume with a sticker of this deck first (refused: already R0), then
	// a sticker saying Blue 3, then fresh ones to the end.
	b3 := mfrc522test.NewNTAG213([]byte{0x04, 0x0B, 0x03, 0, 0, 0, 1})
	b3.SetPage(4, [4]byte(ndef.EncodeCard(mustCard(t, "B3"))[0:4]))
	b3.SetPage(5, [4]byte(ndef.EncodeCard(mustCard(t, "B3"))[4:8]))
	b3.SetPage(6, [4]byte(ndef.EncodeCard(mustCard(t, "B3"))[8:12]))
	h2 := &stickerHand{r: r, batch: 3, first: []*mfrc522test.NTAG{h.laid[0], b3}}
	r.hand = h2.event
	r.sounds = nil
	out, errs, code := call(t, "", "enroll", "--data", dir)
	if code != 0 {
		t.Fatalf("resumed enroll: exit %d, %q, %q", code, tail(out), errs)
	}
	for _, want := range []string{
		"refused 0402C0DE000001: This tag is already Red 0 of deck main",
		"refused 040B0300000001: This tag says Blue 3: tap Red 5",
		"Deck main is complete: 112/112",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("resumed enroll output lacks %q:\n%s", want, tail(out))
		}
	}
	if len(h2.laid) != 102 || !slices.Equal(r.sounds[0], buzzer.Illegal) {
		t.Errorf("after resuming: %d fresh stickers (want 102), first sound %v (want illegal)", len(h2.laid), r.sounds[0])
	}
	if s := r.screens[len(r.screens)-1]; s.Prompt != "Deck main is complete" {
		t.Errorf("last screen %+v", s)
	}
}

func mustCard(t *testing.T, code string) cards.Card {
	t.Helper()
	c, err := cards.Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestEnrollFlags(t *testing.T) {
	useSimReader(t)
	dir := t.TempDir()
	if _, _, code := call(t, "", "enroll", "--data", dir, "--deck", "a", "--list"); code != 0 {
		t.Fatal("enroll --list on a new registry failed")
	}
	bad := filepath.Join(t.TempDir(), "bad.deck")
	if err := os.WriteFile(bad, []byte("# unoref deck club standard\n04AA0000000001 R1\n04AA0000000002 R10\n04AA0000000001 R2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"bad kind", []string{"--kind", "pokemon"}, 2, "", `unoref: enroll: --kind: "pokemon" is not a kind of deck: want standard, cars or blanks`},
		{"two modes", []string{"--list", "--export", "x"}, 2, "", "one at a time"},
		{"stray word", []string{"home"}, 2, "", `enroll takes no arguments, only flags (got "home")`},
		{"export without decks", []string{"--export", "-"}, 1, "", "no decks yet"},
		{"bad import", []string{"--import", bad}, 1, "", "bad.deck:3: not a card code"},
		{"bad import, nothing imported", []string{"--list"}, 0, "no decks yet", ""},
		{"missing import", []string{"--import", filepath.Join(dir, "nope")}, 1, "", "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errs, code := call(t, "", append([]string{"enroll", "--data", dir}, tt.args...)...)
			if code != tt.code || !strings.Contains(out, tt.stdout) || !strings.Contains(errs, tt.stderr) {
				t.Errorf("enroll %v: exit %d, stdout %q, stderr %q; want %d, %q, %q", tt.args, code, out, errs, tt.code, tt.stdout, tt.stderr)
			}
		})
	}
	// Two decks, then the kind of an existing one.
	for _, d := range []string{"a", "b"} {
		if _, errs, code := call(t, "", "enroll", "--data", dir, "--import", "-"); code != 1 || !strings.Contains(errs, "header") {
			t.Fatalf("import of nothing: %d %q", code, errs)
		}
		f := filepath.Join(t.TempDir(), d)
		os.WriteFile(f, []byte("# unoref deck "+d+" cars\n"), 0o644)
		if _, errs, code := call(t, "", "enroll", "--data", dir, "--import", f); code != 0 {
			t.Fatalf("import %s: %q", d, errs)
		}
	}
	if _, errs, code := call(t, "", "enroll", "--data", dir); code != 1 || !strings.Contains(errs, "2 decks (a, b): pick one with --deck") {
		t.Errorf("enroll with two decks: exit %d, %q", code, errs)
	}
	if _, errs, code := call(t, "", "enroll", "--data", dir, "--deck", "a", "--kind", "standard"); code != 1 || !strings.Contains(errs, "deck a is a cars deck, not standard") {
		t.Errorf("enroll --kind of another kind: exit %d, %q", code, errs)
	}
}

// TestEnrollScreenLanguage: the OLED's enrolment prompts come in the
// language of --lang, with the card in the form the sentence needs.
func TestEnrollScreenLanguage(t *testing.T) {
	r7 := cards.Card{Kind: cards.Number, Color: cards.Red, Number: 7}
	tests := []struct {
		name string
		ev   enroll.Event
		l    lang.Lang
		want string
	}{
		{"en", enroll.Event{Kind: enroll.Prompt, Slot: enroll.Slot{Card: r7, Copy: 2, Of: 2}}, lang.English, "Tap Red 7, copy 2 of 2"},
		{"ru", enroll.Event{Kind: enroll.Prompt, Slot: enroll.Slot{Card: r7, Copy: 2, Of: 2}}, lang.Russian, "Приложи красную семёрку, экземпляр 2 из 2"},
		{"ru one", enroll.Event{Kind: enroll.Prompt, Slot: enroll.Slot{Card: r7, Copy: 1, Of: 1}}, lang.Russian, "Приложи красную семёрку"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := enrollScreen("main", tt.ev, tt.l)
			if s.Prompt != tt.want || s.Lang != tt.l {
				t.Errorf("enrollScreen(%v, %s).Prompt = %q, want %q", tt.ev, tt.l, s.Prompt, tt.want)
			}
		})
	}
	s := enrollScreen("main", enroll.Event{Kind: enroll.Refused, Slot: enroll.Slot{Card: r7, Copy: 1, Of: 2},
		Err: &enroll.Refusal{Err: enroll.ErrTwoTags}}, lang.Russian)
	if want := "Две карты сразу: прикладывайте по одной"; s.Message != want {
		t.Errorf("two tags in Russian: %q, want %q", s.Message, want)
	}
}
