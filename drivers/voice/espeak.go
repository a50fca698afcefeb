package voice

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
)

// Settings are the voice's knobs, as the config file and the page set them.
type Settings struct {
	// Voice overrides the espeak-ng voice chosen by language ("en-us",
	// "ru-lv"); "" picks VoiceFor(language).
	Voice string
	// Speed in words per minute, 80 to 450. Default 140: a little slower
	// than espeak-ng's 175, for children.
	Speed int
	// Volume is espeak-ng's amplitude, 1 to 200. Default 100.
	Volume int
	// Device is the ALSA device aplay plays on. Default: ALSA's default.
	Device string
}

// Defaults of Settings.
const (
	DefaultSpeed  = 140
	DefaultVolume = 100
)

// Check reports the first setting out of range.
func (s Settings) Check() error {
	switch {
	case s.Speed != 0 && (s.Speed < 80 || s.Speed > 450):
		return fmt.Errorf("voice: speed %d is out of range: 80 to 450 words a minute", s.Speed)
	case s.Volume != 0 && (s.Volume < 1 || s.Volume > 200):
		return fmt.Errorf("voice: volume %d is out of range: 1 to 200", s.Volume)
	case strings.ContainsAny(s.Voice, " /\x00"):
		return fmt.Errorf("voice: %q is not an espeak-ng voice name", s.Voice)
	}
	return nil
}

func (s Settings) withDefaults() Settings {
	if s.Speed == 0 {
		s.Speed = DefaultSpeed
	}
	if s.Volume == 0 {
		s.Volume = DefaultVolume
	}
	return s
}

// Espeak is the real backend: espeak-ng makes a WAV, aplay plays it.
type Espeak struct {
	mu sync.Mutex
	s  Settings
	// The programs, looked up on PATH; tests may point them elsewhere.
	Synth, Play string
}

// Errors of the Espeak backend that a caller (doctor) branches on.
var (
	ErrNoEspeak = errors.New("voice: espeak-ng is not installed (setup.sh --with-voice installs it)")
	ErrNoAplay  = errors.New("voice: aplay is not installed (package alsa-utils; setup.sh --with-voice installs it)")
	ErrNoCard   = errors.New("voice: no sound card found (aplay -l lists none)")
)

// NewEspeak checks s and returns the backend. It does not look for the
// programs: a box without them still referees, and Speak says what is
// missing.
func NewEspeak(s Settings) (*Espeak, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	return &Espeak{s: s.withDefaults(), Synth: "espeak-ng", Play: "aplay"}, nil
}

func (e *Espeak) String() string {
	s := e.settings()
	return fmt.Sprintf("espeak-ng %d wpm, volume %d, device %q", s.Speed, s.Volume, s.Device)
}

// Tune changes the settings from the next utterance on (the page's admin
// settings); out-of-range settings are refused and the old ones kept.
func (e *Espeak) Tune(s Settings) error {
	if err := s.Check(); err != nil {
		return err
	}
	e.mu.Lock()
	e.s = s.withDefaults()
	e.mu.Unlock()
	return nil
}

// Settings are the settings in use, with the defaults filled in.
func (e *Espeak) Settings() Settings { return e.settings() }

func (e *Espeak) settings() Settings {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.s
}

// Speak says u through the sound card: espeak-ng writes straight into
// aplay through a pipe, so the sound never passes through the daemon.
func (e *Espeak) Speak(ctx context.Context, u Utterance) error {
	synth, err := e.synthCmd(ctx, u)
	if err != nil {
		return err
	}
	play, err := e.playCmd(ctx)
	if err != nil {
		return err
	}
	r, w, err := os.Pipe()
	if err != nil {
		return fmt.Errorf("voice: %w", err)
	}
	var serr, perr bytes.Buffer
	synth.Stdout, synth.Stderr = w, &serr
	play.Stdin, play.Stderr = r, &perr
	err = startNice(play)
	r.Close() // aplay has its own copy
	if err != nil {
		w.Close()
		return fmt.Errorf("voice: aplay: %w", err)
	}
	synthErr := runNice(synth)
	w.Close() // aplay reads to the end, then stops
	if err := play.Wait(); err != nil {
		return aplayError(err, perr.String())
	}
	if synthErr != nil {
		return fmt.Errorf("voice: espeak-ng: %w: %s", synthErr, firstLine(serr.String()))
	}
	return nil
}

// WAV is u spoken, as the bytes of a WAV file.
func (e *Espeak) WAV(ctx context.Context, u Utterance) ([]byte, error) {
	cmd, err := e.synthCmd(ctx, u)
	if err != nil {
		return nil, err
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := runNice(cmd); err != nil {
		return nil, fmt.Errorf("voice: espeak-ng: %w: %s", err, firstLine(errb.String()))
	}
	return out.Bytes(), nil
}

// synthCmd is espeak-ng saying u as a WAV on its standard output.
func (e *Espeak) synthCmd(ctx context.Context, u Utterance) (*exec.Cmd, error) {
	s := e.settings()
	voice := s.Voice
	if voice == "" {
		v, err := VoiceFor(u.Lang)
		if err != nil {
			return nil, err
		}
		voice = v
	}
	if _, err := exec.LookPath(e.Synth); err != nil {
		return nil, ErrNoEspeak
	}
	// The text goes on stdin, never on the command line: a sentence that
	// starts with "-" is not an option.
	cmd := exec.CommandContext(ctx, e.Synth, "-v", voice,
		"-s", fmt.Sprint(s.Speed), "-a", fmt.Sprint(s.Volume), "--stdout", "--stdin")
	cmd.Stdin = strings.NewReader(u.Text)
	return cmd, nil
}

// playCmd is aplay playing the WAV on its standard input.
func (e *Espeak) playCmd(ctx context.Context) (*exec.Cmd, error) {
	if _, err := exec.LookPath(e.Play); err != nil {
		return nil, ErrNoAplay
	}
	args := []string{"-q"}
	if d := e.settings().Device; d != "" {
		args = append(args, "-D", d)
	}
	return exec.CommandContext(ctx, e.Play, append(args, "-")...), nil
}

// aplayError sorts a failure of aplay: no sound card, or what it said.
func aplayError(err error, stderr string) error {
	if strings.Contains(stderr, "no soundcards") || strings.Contains(stderr, "Unknown PCM") {
		return ErrNoCard
	}
	return fmt.Errorf("voice: aplay: %w: %s", err, firstLine(stderr))
}

// Check says whether the box can speak: both programs installed, espeak-ng
// speaking the language, and a sound card to play on. doctor shows its
// answer as a warning, never as a failure.
func (e *Espeak) Check(ctx context.Context, lang string) error {
	wav, err := e.WAV(ctx, Utterance{Lang: lang, Text: "UNO"})
	if err != nil {
		return err
	}
	if _, err := ParseWAV(wav); err != nil {
		return err
	}
	if _, err := exec.LookPath(e.Play); err != nil {
		return ErrNoAplay
	}
	out, _ := exec.CommandContext(ctx, e.Play, "-l").CombinedOutput()
	if !strings.Contains(string(out), "card ") {
		return ErrNoCard
	}
	return nil
}

// niceness of espeak-ng and aplay: below the referee, so that on a Pi
// with one core (a Zero) synthesis never takes the CPU from the table.
const niceness = 10

// runNice runs cmd at a lower priority than the daemon.
func runNice(cmd *exec.Cmd) error {
	if err := startNice(cmd); err != nil {
		return err
	}
	return cmd.Wait()
}

// startNice starts cmd and lowers its priority. Lowering it fails only if
// the process is already gone (Wait then says why) or a sandbox forbids
// setpriority (systemd's SystemCallFilter=~@resources): it then runs at
// the daemon's.
func startNice(cmd *exec.Cmd) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, cmd.Process.Pid, niceness)
	return nil
}

func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "ALSA lib") {
			return l
		}
	}
	return strings.TrimSpace(s)
}
