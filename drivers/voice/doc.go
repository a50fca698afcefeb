// Package voice speaks the referee's sentences aloud: espeak-ng turns a
// sentence into speech in the table's language and aplay plays it on an ALSA
// sound card.
//
// A Speaker never delays the table: Say only leaves the sentence in a
// one-place mailbox and returns. A goroutine of the Speaker's own speaks one
// sentence at a time; a sentence that arrives while another is being spoken
// replaces the one still waiting, so the voice never falls behind the game
// by more than the sentence it is saying. A failing speaker (no sound card,
// no espeak-ng) is reported to Opts.Warn once per kind of failure and never
// stops the referee.
//
// The backend is an interface: Espeak is the real one; voicetest.Recorder
// records what would have been said, for end-to-end tests of the table.
//
// # Wiring
//
// Any ALSA output works: the 3.5 mm jack of a Pi 3, 4 or 400, HDMI audio on
// every Pi, and on a Pi Zero or Pi 5 (no jack) a USB sound card. An I²S
// DAC (MAX98357A, PCM5102A) needs GPIO 18, 19 and 21, which the reference
// build uses for the buzzer, a LED and a button: only a custom pin map
// that frees them can have one. Settings.Device names the ALSA device
// ("default", "plughw:1,0"); `aplay -l` lists the cards.
// hardware/README.md says which to pick.
//
// espeak-ng and aplay run at nice 10, below the referee: on a Pi with one
// core synthesis never takes the CPU from the table. Utterance.Render
// makes the words on the Speaker's goroutine, so the caller's loop spends
// no time on them.
//
// # Languages
//
// espeak-ng has voices for every language unoref speaks: en, ru, sr (it
// reads Serbian in Latin and in Cyrillic script), ro and hy (Eastern
// Armenian). VoiceFor maps a language tag to its voice.
//
// # Software
//
// Debian and Raspberry Pi OS packages espeak-ng and alsa-utils
// (`setup.sh --with-voice` installs them). Both run as child processes, so
// the binary stays CGO_ENABLED=0.
package voice
