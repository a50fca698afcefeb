package main

import (
	"fmt"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/drivers/voice"
	"github.com/unoref/unoref/lang"
)

// voiceBackend makes the speaker's backend: espeak-ng and aplay; tests put
// a voicetest.Recorder here.
var voiceBackend = func(s voice.Settings) (voice.Backend, error) { return voice.NewEspeak(s) }

// openVoice gives the table its speaker and teaching mode. The speaker is
// made even when [voice] is off, so that the page can turn it on; a
// speaker that can't be made, or fails later, is a warning on stderr and
// the referee goes on silent. stop stops it.
func openVoice(e *env, c Config, cfg *table.Config) (stop func()) {
	cfg.Lang, _ = lang.Parse(c.Language)
	cfg.Teach, cfg.VoiceSettings = c.Teach, c.Voice.Settings
	warn := func(err error) {
		fmt.Fprintf(e.stderr, "unoref: %v (the referee goes on without its voice; unoref doctor checks the speaker)\n", err)
	}
	b, err := voiceBackend(c.Voice.Settings)
	if err != nil {
		warn(err)
		return func() {}
	}
	sp, err := voice.New(&voice.Opts{Backend: b, Warn: warn})
	if err != nil {
		warn(err)
		return func() {}
	}
	cfg.Voice, cfg.Speak = sp, c.Voice.Enabled
	return func() { sp.Close() }
}
