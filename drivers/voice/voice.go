package voice

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
)

// Utterance is one sentence to say, in a language of package lang
// ("en", "ru", "sr", "sr-Cyrl", "ro", "hy").
type Utterance struct {
	Lang string
	Text string
	// Render, when set, makes Text on the Speaker's goroutine just before
	// the utterance is said: the caller's loop never spends time on
	// words, and an utterance replaced while waiting is never rendered.
	Render func() string
}

// Backend says one utterance and returns when it has been said, or when ctx
// is done.
type Backend interface {
	Speak(ctx context.Context, u Utterance) error
}

// Opts configures a Speaker.
type Opts struct {
	// Backend says the sentences. Default: Espeak with the settings below.
	Backend Backend
	// Settings of the default backend: voice, speed and volume.
	Settings
	// Warn hears about a failing backend, once per distinct failure. Default:
	// failures are only kept for Err.
	Warn func(error)
}

// Speaker says utterances one after the other, off the caller's goroutine.
type Speaker struct {
	backend Backend
	warn    func(error)

	mu      sync.Mutex
	next    *Utterance
	said    int
	lastErr error
	warned  map[string]bool

	wake   chan struct{}
	cancel context.CancelFunc
	done   chan struct{}
}

// New starts a Speaker. Close stops it.
func New(o *Opts) (*Speaker, error) {
	var opts Opts
	if o != nil {
		opts = *o
	}
	if opts.Backend == nil {
		e, err := NewEspeak(opts.Settings)
		if err != nil {
			return nil, err
		}
		opts.Backend = e
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Speaker{
		backend: opts.Backend,
		warn:    opts.Warn,
		warned:  map[string]bool{},
		wake:    make(chan struct{}, 1),
		cancel:  cancel,
		done:    make(chan struct{}),
	}
	go s.loop(ctx)
	return s, nil
}

// Say leaves u to be said next, replacing any utterance still waiting. It
// never blocks. Empty text (and no Render) is ignored.
func (s *Speaker) Say(u Utterance) {
	if u.Render == nil && strings.TrimSpace(u.Text) == "" {
		return
	}
	s.mu.Lock()
	s.next = &u
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Tuner is a backend whose settings change while it runs (Espeak).
type Tuner interface {
	Tune(Settings) error
}

// ErrNotTunable is returned by Tune for a backend without settings.
var ErrNotTunable = errors.New("voice: this backend has no settings")

// Tune changes the backend's settings from the next utterance on.
func (s *Speaker) Tune(set Settings) error {
	t, ok := s.backend.(Tuner)
	if !ok {
		return ErrNotTunable
	}
	return t.Tune(set)
}

// Err is the last failure of the backend, nil when the last utterance was
// said.
func (s *Speaker) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastErr
}

// Close stops the speaker, cutting off the sentence being said. It is safe to
// call twice.
func (s *Speaker) Close() error {
	s.cancel()
	<-s.done
	return nil
}

// Halt is Close, for the daemon's list of devices to halt.
func (s *Speaker) Halt() error { return s.Close() }

func (s *Speaker) String() string { return fmt.Sprintf("voice(%v)", s.backend) }

func (s *Speaker) loop(ctx context.Context) {
	defer close(s.done)
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.wake:
		}
		for s.speakNext(ctx) {
		}
	}
}

// speakNext says the waiting utterance, if any, and reports whether there
// was one.
func (s *Speaker) speakNext(ctx context.Context) bool {
	s.mu.Lock()
	u := s.next
	s.next = nil
	s.mu.Unlock()
	if u == nil || ctx.Err() != nil {
		return false
	}
	if u.Render != nil {
		u.Text, u.Render = u.Render(), nil
	}
	if strings.TrimSpace(u.Text) == "" {
		return true
	}
	err := s.backend.Speak(ctx, *u)
	if ctx.Err() != nil {
		return false
	}
	s.record(err)
	return true
}

func (s *Speaker) record(err error) {
	s.mu.Lock()
	s.lastErr = err
	if err == nil {
		s.said++
	}
	first := err != nil && !s.warned[err.Error()]
	if first {
		s.warned[err.Error()] = true
	}
	s.mu.Unlock()
	if first && s.warn != nil {
		s.warn(err)
	}
}

// ErrNoVoice is returned for a language espeak-ng has no voice for.
var ErrNoVoice = errors.New("voice: no voice for this language")

// voices maps the languages of package lang to espeak-ng voices.
var voices = map[string]string{
	"en":      "en",
	"ru":      "ru",
	"sr":      "sr",
	"sr-Cyrl": "sr",
	"sr-Latn": "sr",
	"ro":      "ro",
	"hy":      "hy",
}

// VoiceFor is the espeak-ng voice that speaks language tag (a tag of package
// lang; a region or script it does not know falls back to the base language).
func VoiceFor(tag string) (string, error) {
	if v, ok := voices[tag]; ok {
		return v, nil
	}
	base, _, _ := strings.Cut(tag, "-")
	if v, ok := voices[base]; ok {
		return v, nil
	}
	return "", fmt.Errorf("%w: %q", ErrNoVoice, tag)
}
