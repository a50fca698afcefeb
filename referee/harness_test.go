package referee

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/unoref/unoref/lang"
	"github.com/unoref/unoref/referee/tablelog"
)

// A script is table-log text, one event per line. A line without "=>"
// must be accepted. After "=>" come expectations, checked after the line:
//
//	ok | CODE              the verdict (ok, or an error code like illegal-card)
//	phase=P turn=N dir=D top=C color=C pending=N round=N winner=N pile=N uno=N
//	named=N                the round the table names (State.CurrentRound)
//	slap=N due=N,N…        uno-slap: whose hand is slapped, who still slaps
//	leader=N early=B       who is ahead if the game stopped now; stopped early
//	h.NAME=N s.NAME=N      hand count, score
//	+KIND[:NAME[:N]]       an effect (draw, skip, reverse, color, uno, missed,
//	                       mistake, reshuffle, moved, roundover, gameover,
//	                       return, jumpin, out, slapopen, slap, slaplast)
//	-KIND                  no effect of that kind
//	msg="..."              the message, exactly; msg~"..." contains
//
// Every refused line is also checked to leave the state unchanged, except
// for the hand and draw pile a mistake-penalty changes.
func play(t *testing.T, g *Game, script string) {
	t.Helper()
	for i, raw := range strings.Split(script, "\n") {
		line, want, hasWant := strings.Cut(raw, "=>")
		line = strings.TrimSpace(line)
		if line == "" && hasWant {
			// Expectations alone check the state as it is.
			for _, tok := range tokens(want) {
				if msg := check(tok, Verdict{OK: true}, g.State()); msg != "" && !strings.HasPrefix(tok, "+") {
					t.Fatalf("line %d: %s", i+1, msg)
				}
			}
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ev, ok, err := tablelog.Parse(line, i+1)
		if err != nil || !ok {
			t.Fatalf("script line %d %q does not parse: %v", i+1, line, err)
		}
		before := g.State()
		v := g.Apply(ev)
		after := g.State()
		if !v.OK {
			checkUnchanged(t, line, before, after, v)
		}
		if !hasWant {
			if !v.OK {
				t.Fatalf("%q: refused %s: %s", line, v.Code, v.Text(lang.English))
			}
			continue
		}
		for _, tok := range tokens(want) {
			if msg := check(tok, v, after); msg != "" {
				t.Errorf("line %d %q: %s (message %q)", i+1, line, msg, v.Text(lang.English))
			}
		}
		if t.Failed() {
			t.FailNow()
		}
	}
}

func tokens(s string) []string {
	var out []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		end := strings.IndexByte(s, ' ')
		if q := strings.IndexByte(s, '"'); q >= 0 && (end < 0 || q < end) {
			close := strings.IndexByte(s[q+1:], '"')
			end = q + 1 + close + 1
			if end >= len(s) {
				end = -1
			}
		}
		if end < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out
}

var effNames = map[string]EffectKind{
	"draw": EffDraw, "skip": EffSkip, "reverse": EffReverse, "color": EffColor,
	"uno": EffUnoCalled, "missed": EffUnoMissed, "mistake": EffMistake,
	"reshuffle": EffReshuffle, "moved": EffHandsMoved, "roundover": EffRoundOver,
	"gameover": EffGameOver, "return": EffReturn, "jumpin": EffJumpIn, "out": EffOut,
	"slapopen": EffSlapOpen, "slap": EffSlap, "slaplast": EffSlapLast, "forgot": EffUnoForgot,
}

func check(tok string, v Verdict, st State) string {
	switch {
	case tok == "ok":
		if !v.OK {
			return "refused " + v.Code + ", want ok"
		}
		return ""
	case tok[0] == '+' || tok[0] == '-':
		parts := strings.Split(tok[1:], ":")
		k, ok := effNames[parts[0]]
		if !ok {
			return "bad effect in script: " + tok
		}
		found := false
		for _, e := range v.Effects {
			if e.Kind != k || len(parts) > 1 && e.Player != parts[1] || len(parts) > 2 && strconv.Itoa(e.N) != parts[2] {
				continue
			}
			found = true
		}
		if found != (tok[0] == '+') {
			return "effects " + strconv.Quote(effString(v.Effects)) + ", want " + tok
		}
		return ""
	case strings.HasPrefix(tok, "msg="):
		if want, _ := strconv.Unquote(tok[4:]); v.Text(lang.English) != want {
			return "message " + strconv.Quote(v.Text(lang.English)) + ", want " + strconv.Quote(want)
		}
		return ""
	case strings.HasPrefix(tok, "msg~"):
		if want, _ := strconv.Unquote(tok[4:]); !strings.Contains(v.Text(lang.English), want) {
			return "message " + strconv.Quote(v.Text(lang.English)) + " lacks " + strconv.Quote(want)
		}
		return ""
	}
	key, want, ok := strings.Cut(tok, "=")
	if !ok {
		if v.OK || v.Code != tok {
			return "code " + strconv.Quote(v.Code) + ", want " + tok
		}
		return ""
	}
	var got string
	switch {
	case key == "phase":
		got = st.Phase
	case key == "turn":
		got = st.Turn
	case key == "dir":
		got = st.Direction
	case key == "top":
		got = st.Top
	case key == "color":
		got = st.Color
	case key == "pending":
		got = strconv.Itoa(st.Pending)
	case key == "round":
		got = strconv.Itoa(st.Round)
	case key == "named":
		got = strconv.Itoa(st.CurrentRound())
	case key == "winner":
		got = st.Winner
	case key == "pile":
		got = strconv.Itoa(st.DrawPile)
	case key == "uno":
		got = st.UnoOpen
	case key == "dealer":
		got = st.Dealer
	case key == "slap":
		got = st.SlapFor
	case key == "due":
		got = strings.Join(st.SlapsDue, ",")
	case key == "leader":
		got = st.Leader
	case key == "early":
		got = strconv.FormatBool(st.Early)
	case strings.HasPrefix(key, "h."):
		got = strconv.Itoa(st.Hands[key[2:]])
	case strings.HasPrefix(key, "s."):
		got = strconv.Itoa(st.Scores[key[2:]])
	default:
		return "bad expectation in script: " + tok
	}
	if got != want {
		return "got " + key + "=" + got + ", want " + want
	}
	return ""
}

func effString(effs []Effect) string {
	var b strings.Builder
	for _, e := range effs {
		for n, k := range effNames {
			if k == e.Kind {
				b.WriteString(n)
			}
		}
		b.WriteString(":" + e.Player + ":" + strconv.Itoa(e.N) + " ")
	}
	return b.String()
}

func checkUnchanged(t *testing.T, line string, before, after State, v Verdict) {
	t.Helper()
	offender := ""
	for _, e := range v.Effects {
		if e.Kind == EffMistake {
			offender = e.Player
		} else if e.Kind != EffReshuffle {
			t.Errorf("%q: refused with effect %v", line, e)
		}
	}
	if offender != "" {
		if after.Hands[offender] <= before.Hands[offender] {
			t.Errorf("%q: mistake-penalty did not add cards to %s", line, offender)
		}
		b, a := before, after
		b.Hands, a.Hands, b.DrawPile, a.DrawPile = nil, nil, 0, 0
		for nm := range before.Hands {
			if nm != offender && before.Hands[nm] != after.Hands[nm] {
				t.Errorf("%q: refused, but %s's hand changed", line, nm)
			}
		}
		before, after = b, a
	}
	if d := cmp.Diff(before, after); d != "" {
		t.Errorf("%q: refused (%s), but the state changed (-want +got):\n%s", line, v.Code, d)
	}
}

// game seats players and applies a rules line and more setup lines.
func game(t *testing.T, setup string) *Game {
	t.Helper()
	g := New()
	play(t, g, setup)
	return g
}
