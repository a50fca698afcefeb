package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/unoref/unoref/drivers/voice"
	"github.com/unoref/unoref/drivers/voice/voicetest"
	"github.com/unoref/unoref/internal/testenv"
)

// TestVoiceVirtualTable runs `unoref run --sim --voice --teach` with the
// table's language from the config and plays a scripted round on its
// controls: the fake player records the sentences in order, in English
// and in Russian, and espeak-ng's WAV of each is speech, not silence.
func TestVoiceVirtualTable(t *testing.T) {
	tests := []struct {
		lang    string
		players string
		want    []string
	}{
		{"en", "Ann,Ben,Cy", []string{
			"The rules of this game. We play by the rules printed in the box: put down a card of the same colour, the same number or the same picture, or a wild card. Say UNO as you put down your second-last card: if you forget, the referee notices and you draw two cards. Think a Wild Draw Four was put down by someone who had a card of the colour? Press challenge: if you are right, that player draws four cards; if not, you draw two cards more. Whoever runs out of cards first scores the points of the cards left in the other hands; the first to reach five hundred points wins the game.",
			"Ann deals.",
			"Green 5 starts the pile and Ben plays first.",
			"Ben plays Green 2 and Cy is next. Green 2 on Green 5: same colour.",
			"Red 7 can't go on Green 2: play a green card, a 2 or a wild.",
		}},
		{"ru", "Аня,Боря,Вика", []string{
			"Правила этой игры. Играем по правилам из коробки: клади карту того же цвета, с тем же числом или с той же картинкой, или дикую карту. Говори УНО, когда кладёшь предпоследнюю карту: если забудешь, судья заметит, и ты возьмёшь две карты. Думаешь, что дикую карту «Вытяни 4 карты» положили, хотя была карта нужного цвета? Нажми «оспорить»: если это так, этот игрок берёт четыре карты, а если нет, ты берёшь ещё две карты. Кто первым избавится от карт, получает очки за карты, оставшиеся у других; кто первым наберёт пятьсот очков, выигрывает игру.",
			"Сдаёт Аня.",
			"Первая карта — зелёная пятёрка, начинает Боря.",
			"Боря кладёт зелёную двойку, дальше ходит Вика. Зелёная двойка на зелёную пятёрку: тот же цвет.",
			"Красная семёрка не кладётся на зелёную двойку: положите зелёную карту, любую двойку или дикую карту.",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			rec := voicetest.New()
			old := voiceBackend
			voiceBackend = func(voice.Settings) (voice.Backend, error) { return rec, nil }
			defer func() { voiceBackend = old }()
			dir := t.TempDir()
			cfg := writeTemp(t, dir, "unoref.toml", fmt.Sprintf("language = %q\n", tt.lang))
			pr, pw := io.Pipe()
			var stdout, stderr lockedBuffer
			done := make(chan error, 1)
			go func() {
				done <- run(context.Background(), []string{"run", "--sim", "--stdin", "--listen", "", "--uno-grace", "0",
					"--voice", "--teach", "--config", cfg, "--data", dir}, pr, &stdout, &stderr)
			}()
			var got []string
			for _, line := range []string{"newgame " + tt.players, "press pass", "tap play G5", "tap play G2", "tap play R7"} {
				fmt.Fprintln(pw, line)
				select {
				case u := <-rec.Said:
					got = append(got, u.Text)
				case <-time.After(10 * time.Second):
					t.Fatalf("%q: nothing said (stdout %q, stderr %q)", line, stdout.String(), stderr.String())
				}
			}
			pw.Close()
			if err := <-done; err != nil {
				t.Errorf("run: %v (stderr %q)", err, stderr.String())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("said (-want +got):\n%s", diff)
			}
			testenv.Espeak(t)
			e, err := voice.NewEspeak(voice.Settings{})
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range rec.Log() {
				if u.Lang != tt.lang {
					t.Errorf("%q said in %q, want %q", u.Text, u.Lang, tt.lang)
				}
				b, err := e.WAV(context.Background(), u)
				if err != nil {
					t.Fatalf("WAV(%q): %v", u.Text, err)
				}
				w, err := voice.ParseWAV(b)
				if err != nil || w.Duration < 500*time.Millisecond || w.RMS < 0.02 || w.Peak < 0.2 {
					t.Errorf("WAV(%q) = %+v, %v: want speech (≥ 0.5 s, RMS ≥ 0.02, peak ≥ 0.2)", u.Text, w, err)
				}
			}
		})
	}
}

// TestVoiceBrokenSpeakerIsAWarning: a speaker that fails (here no
// espeak-ng) is one warning on stderr, however many sentences fail; the
// referee goes on and exits 0.
func TestVoiceBrokenSpeakerIsAWarning(t *testing.T) {
	old := voiceBackend
	voiceBackend = func(s voice.Settings) (voice.Backend, error) {
		e, err := voice.NewEspeak(s)
		if err == nil {
			e.Synth = "/nonexistent/espeak-ng"
		}
		return e, err
	}
	defer func() { voiceBackend = old }()
	pr, pw := io.Pipe()
	var stdout, stderr lockedBuffer
	done := make(chan error, 1)
	go func() {
		done <- run(context.Background(), []string{"run", "--sim", "--stdin", "--listen", "", "--voice", "--data", t.TempDir()}, pr, &stdout, &stderr)
	}()
	for _, line := range []string{"newgame Ann,Ben", "press pass", "tap play G5"} {
		fmt.Fprintln(pw, line)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(stderr.String(), "voice:") && time.Now().Before(deadline) {
		runtime.Gosched()
	}
	fmt.Fprintln(pw, "tap play G2")
	fmt.Fprintln(pw, "state")
	pw.Close()
	if err := <-done; err != nil {
		t.Errorf("run --voice without espeak-ng: %v, want the referee to go on", err)
	}
	if !strings.Contains(stdout.String(), `"top":"G2"`) {
		t.Errorf("run --voice without espeak-ng: stdout %q, want the game played", stdout.String())
	}
	if got := strings.Count(stderr.String(), "unoref: voice:"); got != 1 || !strings.Contains(stderr.String(), "espeak-ng is not installed") {
		t.Errorf("stderr %q: want one warning that espeak-ng is not installed", stderr.String())
	}
}
