// Package voicetest is a voice.Backend that records what the referee would
// have said, for end-to-end tests of the table: nothing is synthesised and
// nothing plays.
package voicetest

import (
	"context"
	"sync"

	"github.com/unoref/unoref/drivers/voice"
)

// Recorder records every utterance it is asked to say, in order. Said is
// signalled after each one. With Hold set, Speak waits for a value on Hold
// before it returns (or for its context), as a slow speaker would.
type Recorder struct {
	Hold chan struct{}
	Said chan voice.Utterance

	mu       sync.Mutex
	log      []voice.Utterance
	settings voice.Settings
}

var (
	_ voice.Backend = (*Recorder)(nil)
	_ voice.Tuner   = (*Recorder)(nil)
)

// New is a Recorder whose Said channel holds up to 1024 utterances.
func New() *Recorder { return &Recorder{Said: make(chan voice.Utterance, 1024)} }

// Speak records u.
func (r *Recorder) Speak(ctx context.Context, u voice.Utterance) error {
	r.mu.Lock()
	r.log = append(r.log, u)
	r.mu.Unlock()
	if r.Hold != nil {
		select {
		case <-r.Hold:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	select {
	case r.Said <- u:
	default:
	}
	return nil
}

// Log is every utterance said so far.
func (r *Recorder) Log() []voice.Utterance {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]voice.Utterance(nil), r.log...)
}

// Texts is the text of every utterance said so far.
func (r *Recorder) Texts() []string {
	var t []string
	for _, u := range r.Log() {
		t = append(t, u.Text)
	}
	return t
}

func (r *Recorder) String() string { return "voicetest.Recorder" }

// Tune records the settings, checked as Espeak checks them.
func (r *Recorder) Tune(s voice.Settings) error {
	if err := s.Check(); err != nil {
		return err
	}
	r.mu.Lock()
	r.settings = s
	r.mu.Unlock()
	return nil
}

// Settings are the settings last tuned.
func (r *Recorder) Settings() voice.Settings {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.settings
}
