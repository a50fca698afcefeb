package doctor

import (
	"context"
	"errors"
	"fmt"

	"github.com/unoref/unoref/drivers/voice"
)

// EspeakSpeaker checks the speaker as the daemon uses it: espeak-ng speaks
// lang into a WAV, aplay is installed and lists a sound card
// (voice.Espeak.Check): the Env's Speaker on a Pi.
func EspeakSpeaker(ctx context.Context, lang string) error {
	e, err := voice.NewEspeak(voice.Settings{})
	if err != nil {
		return err
	}
	return e.Check(ctx, lang)
}

// speaker checks the optional speaker of [voice]. Whatever is missing is
// a warning: the referee goes on without its voice.
func (d *doctor) speaker() {
	if d.env.Speaker == nil {
		return
	}
	lang := d.opts.Lang
	if lang == "" {
		lang = "en"
	}
	d.add(speakerCheck(lang, d.env.Speaker(d.ctx, lang)))
}

// speakerCheck words the speaker's check: OK, or a warning that says what
// to install or plug in.
func speakerCheck(lang string, err error) Check {
	c := Check{Name: "speaker", Status: Warn}
	const silent = "; the referee goes on without its voice"
	switch {
	case err == nil:
		c.Status = OK
		c.Message = fmt.Sprintf("espeak-ng speaks %s and aplay has a sound card: the referee can speak ([voice] enabled = true)", lang)
		return c
	case errors.Is(err, voice.ErrNoEspeak):
		c.Message = "espeak-ng is not installed: sudo ./firmware/setup.sh --with-voice installs it" + silent
	case errors.Is(err, voice.ErrNoAplay):
		c.Message = "aplay is not installed (package alsa-utils): sudo ./firmware/setup.sh --with-voice installs it" + silent
	case errors.Is(err, voice.ErrNoCard):
		c.Message = "no sound card: plug a speaker into the jack or HDMI (Pi 3/4), or fit a USB sound card or an I²S DAC (Pi Zero, Pi 5): hardware/README.md" + silent
	case errors.Is(err, voice.ErrNoVoice):
		c.Message = fmt.Sprintf("espeak-ng has no voice for %s: set [voice] voice in the config", lang) + silent
	default:
		c.Message = "the speaker does not work" + silent
	}
	c.Detail = err.Error()
	return c
}
