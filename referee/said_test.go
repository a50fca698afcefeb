package referee

import (
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/unoref/unoref/cards"
	"github.com/unoref/unoref/lang/msg"
)

// TestSaidKeepsEveryArgument sets each field of msg.Args in turn and
// checks that a verdict gives back the sentence it was told, whether the
// clause fits the compact form or not: a field added to msg.Args without
// a case in fits would be lost here.
func TestSaidKeepsEveryArgument(t *testing.T) {
	at := reflect.TypeFor[msg.Args]()
	for i := range at.NumField() {
		f := at.Field(i)
		t.Run(f.Name, func(t *testing.T) {
			var a msg.Args
			v := reflect.ValueOf(&a).Elem().Field(i)
			switch v.Kind() {
			case reflect.String:
				v.SetString("Ann")
			case reflect.Int:
				v.SetInt(7)
			case reflect.Uint8:
				v.SetUint(uint64(cards.Blue))
			case reflect.Slice:
				v.Set(reflect.ValueOf([]string{"Ann", "Ben"}))
			default:
				switch f.Type {
				case reflect.TypeFor[cards.Card]():
					v.Set(reflect.ValueOf(cards.Card{Kind: cards.Skip, Color: cards.Red}))
				case reflect.TypeFor[time.Time]():
					v.Set(reflect.ValueOf(time.Date(2026, 3, 1, 19, 30, 0, 0, time.UTC)))
				default:
					t.Fatalf("msg.Args.%s: a %s this test can't set: teach it, and fits", f.Name, f.Type)
				}
			}
			if v.IsZero() {
				t.Fatalf("msg.Args.%s: still zero", f.Name)
			}
			want := msg.Sentence{{Key: "play", Args: msg.Args{Player: "Cy"}}, {Key: "x", Args: a}, {Key: "next", Args: msg.Args{Player: "Ben"}}}
			got := Verdict{}.Saying(want...)
			if d := cmp.Diff(want, got.Sentence()); d != "" {
				t.Errorf("Sentence() (-want +got):\n%s", d)
			}
		})
	}
}

// TestSaidLong: more clauses than fit in a verdict, counts too large for
// a clause (on a 64-bit machine: math.MaxInt, so that the test compiles
// for armv6 too), a joined sentence, and copies that go on apart.
func TestSaidLong(t *testing.T) {
	var want msg.Sentence
	for i := range 6 {
		want = append(want, msg.Msg{Key: "k", Args: msg.Args{N: i * (math.MaxInt / 6), Player: "Ann"}})
	}
	for n := range len(want) + 1 {
		v := Verdict{}.Saying(want[:n]...)
		if d := cmp.Diff(want[:n], v.Sentence(), cmpopts.EquateEmpty()); d != "" {
			t.Errorf("%d clauses (-want +got):\n%s", n, d)
		}
		if got := len(v.Keys()); got != n {
			t.Errorf("%d clauses: %d keys", n, got)
		}
		// Two copies that each say more keep their own clauses.
		a := v.Saying(msg.Msg{Key: "a"})
		b := v.Saying(msg.Msg{Key: "b"})
		if ka, kb := a.Keys()[n], b.Keys()[n]; ka != "a" || kb != "b" {
			t.Errorf("%d clauses: copies end in %s and %s, want a and b", n, ka, kb)
		}
		var j said
		j.join(&v.said)
		if d := cmp.Diff(v.Sentence(), Verdict{said: j}.Sentence()); d != "" {
			t.Errorf("%d clauses joined (-want +got):\n%s", n, d)
		}
	}
	if s := (Verdict{}).Sentence(); s != nil {
		t.Errorf("no clauses: Sentence() = %v, want nil", s)
	}
}

// TestApplyAllocs guards issue 21's budget: ruling on an event allocates
// at most 8 times (the sentence is kept as keys and arguments in the
// verdict, not built).
func TestApplyAllocs(t *testing.T) {
	evs := benchEvents(t)
	perRound := testing.AllocsPerRun(20, func() {
		g := New()
		for _, ev := range evs {
			if v := g.Apply(ev); !v.OK {
				t.Fatalf("%v refused: %v", ev, v.Keys())
			}
		}
	})
	if per := perRound / float64(len(evs)); per > 8 {
		t.Errorf("Apply: %.1f allocations an event, want at most 8", per)
	}
}
