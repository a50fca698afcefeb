package voice_test

import (
	"fmt"

	"github.com/unoref/unoref/drivers/voice"
	"github.com/unoref/unoref/drivers/voice/voicetest"
)

// A Speaker with a recording backend, as the table's tests use it. On a Pi,
// voice.New(&voice.Opts{Settings: voice.Settings{Speed: 140}}) speaks
// through espeak-ng and aplay.
func Example() {
	rec := voicetest.New()
	s, err := voice.New(&voice.Opts{Backend: rec})
	if err != nil {
		fmt.Println(err)
		return
	}
	s.Say(voice.Utterance{Lang: "ru", Text: "Аня кладёт красную семёрку"})
	u := <-rec.Said
	s.Close()
	fmt.Println(u.Lang, u.Text)
	// Output: ru Аня кладёт красную семёрку
}

func ExampleVoiceFor() {
	v, _ := voice.VoiceFor("sr-Cyrl")
	fmt.Println(v)
	// Output: sr
}
