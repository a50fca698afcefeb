package web

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/lang/msg"
)

// rulesPanel is the "rules in force" panel: the preset and each house rule
// of the game on the table, one line a child understands each, in the
// page's language.
type rulesPanel struct {
	Title string
	Lines []string
}

// rulesOf renders the snapshot's rules in force in l.
func rulesOf(snap table.Snapshot, l lang.Lang) rulesPanel {
	p := rulesPanel{Title: l.Render(msg.Msg{Key: "teach.rules"}), Lines: []string{}}
	for _, s := range snap.Rules {
		p.Lines = append(p.Lines, l.Sentence(s))
	}
	return p
}

// serveRules is GET /api/rules: the panel as JSON, for the script to
// redraw it when a new game starts.
func (s *Server) serveRules(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, rulesOf(s.t.Snapshot(), s.pageLang(r)))
}

// voiceAction reads the voice settings form: the speaker and teaching mode
// on or off (checkboxes), the espeak-ng voice, speed and volume. The ALSA
// device stays the config's.
func voiceAction(f url.Values) (*table.VoiceState, error) {
	v := &table.VoiceState{Speak: f.Get("speak") != "", Teach: f.Get("teach") != ""}
	v.Settings.Voice = f.Get("voice")
	var err error
	for _, n := range []struct {
		field string
		dst   *int
	}{{"speed", &v.Settings.Speed}, {"volume", &v.Settings.Volume}} {
		if s := f.Get(n.field); s != "" {
			if *n.dst, err = strconv.Atoi(s); err != nil {
				return nil, notNumber(s)
			}
		}
	}
	return v, nil
}
