package voice_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/drivers/voice"
	"github.com/unoref/unoref/drivers/voice/voicetest"
	"github.com/unoref/unoref/internal/testenv"
)

// samples are sentences of the referee in every language it speaks.
var samples = []voice.Utterance{
	{Lang: "en", Text: "Blue 2 can't go on Red 7: play a red card, a 7 or a wild."},
	{Lang: "ru", Text: "Синяя двойка не кладётся на красную семёрку: положи красную карту, семёрку или дикую карту."},
	{Lang: "sr", Text: "Plava dvojka ne može na crvenu sedmicu: igraj crvenu kartu, sedmicu ili džokera."},
	{Lang: "sr-Cyrl", Text: "Плава двојка не може на црвену седмицу: играј црвену карту, седмицу или џокера."},
	{Lang: "ro", Text: "Albastru 2 nu merge pe Roșu 7: joacă o carte roșie, un 7 sau o carte Joker."},
	{Lang: "hy", Text: "Կապույտ 2-ը չի կարող դրվել կարմիր 7-ի վրա. խաղա կարմիր քարտ, 7 կամ վայրի քարտ։"},
}

// TestVoiceEspeakSpeaksEveryLanguage makes espeak-ng speak a sentence in each
// language to a WAV and reads the sound back: it must be speech-long and
// loud enough to hear.
func TestVoiceEspeakSpeaksEveryLanguage(t *testing.T) {
	testenv.Espeak(t)
	e, err := voice.NewEspeak(voice.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range samples {
		t.Run(u.Lang, func(t *testing.T) {
			b, err := e.WAV(context.Background(), u)
			if err != nil {
				t.Fatalf("WAV(%q): %v", u.Text, err)
			}
			w, err := voice.ParseWAV(b)
			if err != nil {
				t.Fatalf("ParseWAV: %v", err)
			}
			// About 12 words at 140 words a minute is some 5 s; allow a
			// wide band, but not a click and not a minute.
			if w.Duration < 2*time.Second || w.Duration > 20*time.Second {
				t.Errorf("duration %v, want 2 s to 20 s for %q", w.Duration, u.Text)
			}
			if w.RMS < 0.02 || w.Peak < 0.2 {
				t.Errorf("RMS %.3f peak %.3f: silent, want RMS ≥ 0.02 and peak ≥ 0.2", w.RMS, w.Peak)
			}
			if w.Rate < 8000 || w.Channels != 1 || w.Bits != 16 {
				t.Errorf("format %+v, want mono 16-bit", w)
			}
		})
	}
}

// TestVoiceSpeedChangesDuration: a slower voice takes longer, so the
// setting reaches espeak-ng.
func TestVoiceSpeedChangesDuration(t *testing.T) {
	testenv.Espeak(t)
	dur := func(speed int) time.Duration {
		e, err := voice.NewEspeak(voice.Settings{Speed: speed})
		if err != nil {
			t.Fatal(err)
		}
		b, err := e.WAV(context.Background(), samples[1])
		if err != nil {
			t.Fatal(err)
		}
		w, err := voice.ParseWAV(b)
		if err != nil {
			t.Fatal(err)
		}
		return w.Duration
	}
	slow, fast := dur(100), dur(300)
	if slow < 2*fast {
		t.Errorf("100 wpm took %v and 300 wpm %v: want the slow one at least twice as long", slow, fast)
	}
}

// script writes an executable shell script into dir and returns its path.
func script(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestVoiceEspeakPlaysOnAplay runs the real espeak-ng into a stand-in aplay
// that keeps what it is given: the played bytes are the spoken WAV.
func TestVoiceEspeakPlaysOnAplay(t *testing.T) {
	testenv.Espeak(t)
	dir := t.TempDir()
	got := filepath.Join(dir, "played.wav")
	e, err := voice.NewEspeak(voice.Settings{Device: "plughw:1,0"})
	if err != nil {
		t.Fatal(err)
	}
	e.Play = script(t, dir, "aplay", `echo "$@" > "`+dir+`/args"; cat > "`+got+`"`)
	if err := e.Speak(context.Background(), samples[0]); err != nil {
		t.Fatalf("Speak: %v", err)
	}
	b, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	if w, err := voice.ParseWAV(b); err != nil || w.Duration < time.Second {
		t.Errorf("aplay was given %d bytes (%+v, %v), want the spoken WAV", len(b), w, err)
	}
	args, _ := os.ReadFile(filepath.Join(dir, "args"))
	if string(args) != "-q -D plughw:1,0 -\n" {
		t.Errorf("aplay args %q, want %q", args, "-q -D plughw:1,0 -\n")
	}
}

// TestVoiceEspeakMissingParts: each missing part is its own error, which
// doctor names as a warning.
func TestVoiceEspeakMissingParts(t *testing.T) {
	testenv.Espeak(t)
	dir := t.TempDir()
	tests := []struct {
		name        string
		synth, play string
		want        error
	}{
		{"no espeak-ng", filepath.Join(dir, "nowhere"), "aplay", voice.ErrNoEspeak},
		{"no aplay", "espeak-ng", filepath.Join(dir, "nowhere"), voice.ErrNoAplay},
		{"no sound card", "espeak-ng", script(t, dir, "aplay-nocard",
			`cat >/dev/null; echo "aplay: main:831: audio open error: no soundcards found..." >&2; exit 1`), voice.ErrNoCard},
		// The real aplay fails at once, before reading: espeak-ng then
		// writes into a closed pipe, and the sound card is still the news.
		{"no sound card, nothing read", "espeak-ng", script(t, dir, "aplay-nocard-early",
			`echo "aplay: main:831: audio open error: no soundcards found..." >&2; exit 1`), voice.ErrNoCard},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _ := voice.NewEspeak(voice.Settings{})
			e.Synth, e.Play = tt.synth, tt.play
			if err := e.Speak(context.Background(), samples[0]); !errors.Is(err, tt.want) {
				t.Errorf("Speak = %v, want %v", err, tt.want)
			}
		})
	}
}

// heldSpeaker is a Speaker on a recorder that holds every utterance it
// says until rec.Hold is closed.
func heldSpeaker(t *testing.T) (*voicetest.Recorder, *voice.Speaker) {
	t.Helper()
	rec := voicetest.New()
	rec.Hold = make(chan struct{})
	s, err := voice.New(&voice.Opts{Backend: rec})
	if err != nil {
		t.Fatal(err)
	}
	return rec, s
}

// TestVoiceSpeakerKeepsOnlyTheNewest: while one sentence is being said, the
// ones that arrive replace each other; the newest is said next.
func TestVoiceSpeakerKeepsOnlyTheNewest(t *testing.T) {
	rec, s := heldSpeaker(t)
	defer s.Close()
	s.Say(voice.Utterance{Lang: "en", Text: "first"})
	waitLog(t, rec, 1)
	for _, w := range []string{"stale 1", "stale 2", "newest"} {
		s.Say(voice.Utterance{Lang: "en", Text: w})
	}
	rec.Hold <- struct{}{} // "first" ends
	rec.Hold <- struct{}{} // "newest" ends
	<-rec.Said
	<-rec.Said
	if diff := cmp.Diff([]string{"first", "newest"}, rec.Texts()); diff != "" {
		t.Errorf("said (-want +got):\n%s", diff)
	}
}

// TestVoiceSayNeverBlocks: a speaker stuck on one sentence does not hold up
// the caller.
func TestVoiceSayNeverBlocks(t *testing.T) {
	_, s := heldSpeaker(t) // never released: Close cuts it off
	for i := 0; i < 10000; i++ {
		s.Say(voice.Utterance{Lang: "en", Text: "again"})
	}
	s.Close()
	s.Close()
}

type failing struct{ err error }

func (f failing) Speak(context.Context, voice.Utterance) error { return f.err }

// TestVoiceWarnsOnce: a broken speaker is one warning, not one per sentence.
func TestVoiceWarnsOnce(t *testing.T) {
	warned := make(chan error, 10)
	s, err := voice.New(&voice.Opts{Backend: failing{voice.ErrNoCard}, Warn: func(err error) { warned <- err }})
	if err != nil {
		t.Fatal(err)
	}
	s.Say(voice.Utterance{Lang: "en", Text: "one"})
	if err := <-warned; !errors.Is(err, voice.ErrNoCard) {
		t.Errorf("warned %v, want %v", err, voice.ErrNoCard)
	}
	for i := 0; i < 5; i++ {
		s.Say(voice.Utterance{Lang: "en", Text: "more"})
	}
	s.Close()
	if len(warned) != 0 {
		t.Errorf("%d more warnings for the same failure, want none", len(warned))
	}
	if !errors.Is(s.Err(), voice.ErrNoCard) {
		t.Errorf("Err() = %v, want %v", s.Err(), voice.ErrNoCard)
	}
}

func waitLog(t *testing.T, rec *voicetest.Recorder, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); len(rec.Log()) < n; {
		if time.Now().After(deadline) {
			t.Fatalf("the speaker said %d utterances, want %d", len(rec.Log()), n)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestVoiceFor(t *testing.T) {
	tests := []struct {
		tag, want string
		err       error
	}{
		{"en", "en", nil}, {"ru", "ru", nil}, {"sr", "sr", nil}, {"sr-Cyrl", "sr", nil},
		{"ro", "ro", nil}, {"hy", "hy", nil}, {"ru-RU", "ru", nil}, {"xx", "", voice.ErrNoVoice},
	}
	for _, tt := range tests {
		got, err := voice.VoiceFor(tt.tag)
		if got != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("VoiceFor(%q) = %q, %v, want %q, %v", tt.tag, got, err, tt.want, tt.err)
		}
	}
}

func TestVoiceSettingsCheck(t *testing.T) {
	for _, s := range []voice.Settings{{Speed: 79}, {Speed: 451}, {Volume: 201}, {Volume: -1}, {Voice: "en us"}} {
		if _, err := voice.NewEspeak(s); err == nil {
			t.Errorf("NewEspeak(%+v) accepted, want an error", s)
		}
	}
	if _, err := voice.NewEspeak(voice.Settings{Speed: 80, Volume: 200, Voice: "en-us"}); err != nil {
		t.Errorf("NewEspeak at the limits: %v", err)
	}
}

func TestVoiceParseWAVRefusesOtherFiles(t *testing.T) {
	for _, b := range [][]byte{nil, []byte("RIFF\x00\x00\x00\x00AVI "), []byte("RIFF\x04\x00\x00\x00WAVE")} {
		if _, err := voice.ParseWAV(b); !errors.Is(err, voice.ErrNotWAV) {
			t.Errorf("ParseWAV(%q) = %v, want %v", b, err, voice.ErrNotWAV)
		}
	}
}

// TestVoiceTune: the page's settings reach espeak-ng from the next
// utterance on, a bad one is refused and the old ones kept, and a backend
// without settings says so.
func TestVoiceTune(t *testing.T) {
	testenv.Espeak(t)
	e, err := voice.NewEspeak(voice.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := voice.New(&voice.Opts{Backend: e})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Tune(voice.Settings{Speed: 300, Volume: 50}); err != nil {
		t.Fatalf("Tune(300 wpm) = %v, want nil", err)
	}
	if err := s.Tune(voice.Settings{Speed: 1000}); err == nil {
		t.Error("Tune(1000 wpm) = nil, want an error")
	}
	want := voice.Settings{Speed: 300, Volume: 50}
	if diff := cmp.Diff(want, e.Settings()); diff != "" {
		t.Errorf("Settings after Tune (-want +got):\n%s", diff)
	}
	b, err := e.WAV(context.Background(), samples[1])
	if err != nil {
		t.Fatal(err)
	}
	w, err := voice.ParseWAV(b)
	if err != nil {
		t.Fatal(err)
	}
	if w.Duration > 5*time.Second {
		t.Errorf("at 300 wpm the sample lasts %v, want under 5 s (the speed was not tuned)", w.Duration)
	}
	r, err := voice.New(&voice.Opts{Backend: failing{}})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := r.Tune(want); !errors.Is(err, voice.ErrNotTunable) {
		t.Errorf("Tune of a backend without settings = %v, want ErrNotTunable", err)
	}
}

// TestVoiceRenderOnTheSpeaker: an utterance with Render is rendered by the
// speaker, only when it is said: one replaced while waiting never is.
func TestVoiceRenderOnTheSpeaker(t *testing.T) {
	rec, s := heldSpeaker(t)
	defer s.Close()
	rendered := make(chan string, 10)
	lazy := func(text string) voice.Utterance {
		return voice.Utterance{Lang: "en", Render: func() string { rendered <- text; return text }}
	}
	s.Say(lazy("first"))
	waitLog(t, rec, 1)
	s.Say(lazy("stale"))
	s.Say(lazy("newest"))
	rec.Hold <- struct{}{}
	rec.Hold <- struct{}{}
	<-rec.Said
	<-rec.Said
	close(rendered)
	var got []string
	for r := range rendered {
		got = append(got, r)
	}
	if diff := cmp.Diff([]string{"first", "newest"}, got); diff != "" {
		t.Errorf("rendered (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"first", "newest"}, rec.Texts()); diff != "" {
		t.Errorf("said (-want +got):\n%s", diff)
	}
}
