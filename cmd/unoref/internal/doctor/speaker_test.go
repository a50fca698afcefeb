package doctor_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/unoref/unoref/cmd/unoref/internal/doctor"
	"github.com/unoref/unoref/drivers/voice"
	"github.com/unoref/unoref/hardware/board/boardtest"
	"github.com/unoref/unoref/internal/testenv"
)

// aplay writes a stand-in aplay that lists what `aplay -l` prints.
func aplay(t *testing.T, list string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "aplay")
	body := "#!/bin/sh\ncat <<'EOF'\n" + list + "\nEOF\n"
	if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestVoiceDoctorSpeaker runs the real espeak-ng with a stand-in aplay:
// a speaker that works is OK; no espeak-ng, no aplay, no sound card or no
// voice for the language is a WARN that says what to do, and never a
// problem: the report stays OK.
func TestVoiceDoctorSpeaker(t *testing.T) {
	testenv.Espeak(t)
	card := "**** List of PLAYBACK Hardware Devices ****\ncard 0: Headphones [bcm2835 Headphones], device 0: bcm2835 Headphones"
	tests := []struct {
		name         string
		synth, play  string
		lang         string
		status       doctor.Status
		says, detail string
	}{
		{"works", "espeak-ng", aplay(t, card), "ru", doctor.OK, "espeak-ng speaks ru and aplay has a sound card", ""},
		{"no sound card", "espeak-ng", aplay(t, "aplay: device_list:274: no soundcards found..."), "en", doctor.Warn, "no sound card: plug a speaker", "no sound card"},
		{"no espeak-ng", "/nonexistent/espeak-ng", aplay(t, card), "en", doctor.Warn, "setup.sh --with-voice", "espeak-ng is not installed"},
		{"no aplay", "espeak-ng", "/nonexistent/aplay", "en", doctor.Warn, "alsa-utils", "aplay is not installed"},
		{"no voice", "espeak-ng", aplay(t, card), "tlh", doctor.Warn, "no voice for tlh", "no voice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := envOf(healthy(boardtest.Opts{}))
			env.Speaker = func(ctx context.Context, lang string) error {
				e, err := voice.NewEspeak(voice.Settings{})
				if err != nil {
					return err
				}
				e.Synth, e.Play = tt.synth, tt.play
				return e.Check(ctx, lang)
			}
			o := full
			o.Lang = tt.lang
			rep := doctor.Run(context.Background(), env, o)
			checkReport(t, rep, map[string]want{"speaker": {status: tt.status, says: []string{tt.says}, detail: tt.detail}})
			if !rep.OK {
				t.Errorf("Run() with %s: OK false, want true (a speaker is never a problem)", tt.name)
			}
		})
	}
}
