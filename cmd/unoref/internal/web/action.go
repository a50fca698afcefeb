package web

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/lang/msg"
	"github.com/unoref/unoref/referee"
)

// maxAction bounds the body of /api/action: an action is a few hundred bytes.
const maxAction = 16 << 10

// pinHeader carries Opts.PIN from the script; forms send the field "pin".
const pinHeader = "X-Unoref-Pin"

// ErrForbidden is the answer to a control on a real table without the PIN.
var ErrForbidden error = refusal("page.auth.forbidden")

func (s *Server) serveAction(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxAction)
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	var (
		a    table.Action
		pin  = r.Header.Get(pinHeader)
		form bool
		err  error
	)
	switch mt {
	case "application/json":
		a, err = decodeAction(r.Body)
	case "application/x-www-form-urlencoded", "multipart/form-data":
		form = true
		if err = r.ParseMultipartForm(maxAction); err != nil && !errors.Is(err, http.ErrNotMultipart) {
			err = refusal("page.error.form")
			break
		}
		if pin == "" {
			pin = r.PostForm.Get("pin")
		}
		a, err = formAction(r.PostForm)
	default:
		w.Header().Set("Accept-Post", "application/json, application/x-www-form-urlencoded")
		http.Error(w, "Send the action as JSON.", http.StatusUnsupportedMediaType)
		return
	}
	if err == nil {
		if aerr := s.authorize(r, a.Kind, pin); aerr != nil {
			s.logRefused(r, string(a.Kind), aerr)
			if form {
				http.Redirect(w, r, "/?error="+url.QueryEscape(actionError(aerr, s.pageLang(r))), http.StatusSeeOther)
				return
			}
			http.Error(w, actionError(aerr, s.pageLang(r)), pinStatus(aerr))
			return
		}
	}
	if err == nil {
		err = checkRules(a)
	}
	if err == nil {
		err = s.t.Do(r.Context(), a)
	}
	l := s.pageLang(r)
	switch {
	case form && err != nil:
		http.Redirect(w, r, "/?error="+url.QueryEscape(actionError(err, l)), http.StatusSeeOther)
	case form:
		http.Redirect(w, r, "/", http.StatusSeeOther)
	case err != nil:
		http.Error(w, actionError(err, l), http.StatusBadRequest)
	default:
		writeJSON(w, s.forPage(r, s.t.Snapshot(), l))
	}
}

// checkRules reads the rules of a new game as the table will, so that a
// refusal keeps its keys and is said in the page's language (actionError).
func checkRules(a table.Action) error {
	w := strings.Fields(strings.TrimPrefix(strings.TrimSpace(a.Rules), "rules "))
	if a.Kind != table.KindNewGame || len(w) == 0 {
		return nil
	}
	if a.Target > 0 {
		w = append(w, "target="+strconv.Itoa(a.Target))
	}
	_, err := referee.ParseRules(w[0], w[1:])
	return err
}

// decodeAction reads one table.Action as JSON, strictly (decodeStrict): a
// key spelt otherwise, twice or unknown is a mistake the table would
// silently act on.
func decodeAction(r io.Reader) (table.Action, error) {
	var a table.Action
	if err := decodeStrict(r, &a); err != nil {
		return a, err
	}
	_, err := table.ParseKind(string(a.Kind))
	return a, err
}

// formAction reads the fields of the page's forms (without JavaScript) into
// an Action. The script builds the same Action in JSON (app.js).
func formAction(f url.Values) (table.Action, error) {
	kind, err := table.ParseKind(f.Get("kind"))
	a := table.Action{
		Kind:    kind,
		Pad:     f.Get("pad"),
		Card:    f.Get("card"),
		Button:  f.Get("button"),
		Name:    f.Get("name"),
		NewName: strings.TrimSpace(f.Get("newname")),
	}
	if err != nil {
		return a, err
	}
	num := func(field string) int {
		v := strings.TrimSpace(f.Get(field))
		if v == "" || err != nil {
			return 0
		}
		n, e := strconv.Atoi(v)
		if e != nil {
			err = notNumber(msg.Echo(v))
		}
		return n
	}
	a.Seat = num("seat")
	a.Points = num("points")
	a.Target = num("target")
	if a.Kind == table.KindTap && a.Card == "" {
		return a, refusal("page.error.pickcard")
	}
	if a.Kind == table.KindVoice {
		a.Voice, err = voiceAction(f)
	}
	if a.Kind == table.KindNewGame {
		a.Players = playerNames(f.Get("players"))
		a.Rules = rulesWords(f.Get("preset"), f["opt"], f.Get("extra"))
	}
	return a, err
}

// playerNames splits the new-game form's players field on commas and ASCII
// blanks only: any other space, and every other character, stays in its
// name, which the table checks with tablelog.CheckName and refuses with a
// sentence rather than silently seating two players.
func playerNames(field string) []string {
	return strings.FieldsFunc(field, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
}

// rulesWords joins the new-game form into the words of a rules line: the
// preset, +name for a ticked box the preset does not switch on, -name for
// an unticked one it does (app.js's rulesOf does the same). Boxes as the
// page draws them (the first preset's) leave the chosen preset as it is.
func rulesWords(preset string, ticked []string, extra string) string {
	preset = strings.TrimSpace(preset)
	w := []string{preset}
	var on []string
	for _, o := range options {
		if slices.Contains(ticked, o.Name) || slices.Contains(ticked, "+"+o.Name) {
			on = append(on, o.Name)
		}
	}
	if !slices.Equal(on, drawnOn()) {
		w = append(w, optionWords(preset, on)...)
	}
	w = append(w, strings.Fields(extra)...)
	return strings.TrimSpace(strings.Join(w, " "))
}

// optionWords are +name and -name for the options on that preset has off,
// and off that it has on.
func optionWords(preset string, on []string) []string {
	var w []string
	for _, o := range options {
		ticked, in := slices.Contains(on, o.Name), slices.Contains(strings.Fields(o.Presets), preset)
		switch {
		case ticked && !in:
			w = append(w, "+"+o.Name)
		case !ticked && in:
			w = append(w, "-"+o.Name)
		}
	}
	return w
}

// drawnOn are the boxes the new-game form is drawn with.
func drawnOn() []string {
	var on []string
	for _, o := range options {
		if o.On {
			on = append(on, o.Name)
		}
	}
	return on
}

func writeJSON(w http.ResponseWriter, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "The table could not be written as JSON.", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	w.Write(append(b, '\n'))
}

func (s *Server) serveState(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, s.forPage(r, s.t.Snapshot(), s.pageLang(r)))
}

// notNumber refuses what a form's number field holds, in the page's
// language (said renders it).
func notNumber(v string) error {
	return &table.ActionError{Msg: msg.Sentence{{Key: "page.error.notnumber", Args: msg.Args{Value: v}}}}
}
