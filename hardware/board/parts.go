package board

import (
	"fmt"
	"strings"
)

// State is what became of an optional part switched on in the pin map.
type State int

// States. Only Vanished is a problem: a part never fitted is Absent.
const (
	Found    State = iota + 1 // answered at start and is used
	Absent                    // switched on but never answered: not fitted
	Vanished                  // answered, then stopped answering
)

var stateNames = [...]string{"", "found", "absent", "vanished"}

func (s State) String() string {
	if s > 0 && int(s) < len(stateNames) {
		return stateNames[s]
	}
	return fmt.Sprintf("State(%d)", int(s))
}

// MarshalText gives "found", "absent" or "vanished" in JSON.
func (s State) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Part names, as Parts lists them. The required parts are listed only
// once they stop answering (Lose).
const (
	PartDrawReader = "draw-pad reader"
	PartSeatPads   = "seat pads"
	PartLEDs       = "LEDs"
	PartBuzzer     = "buzzer"
	PartOLED       = "OLED"
)

// Part is one optional part switched on in the pin map.
type Part struct {
	Name   string `json:"name"`             // PartDrawReader, or an expander: "seat pads 1–8 (MCP23017 0x20)"
	Key    string `json:"key"`              // its pin map key or table: "nfc.draw", "seatpads.addrs[0]", "leds"
	State  State  `json:"state"`            //
	Detail string `json:"detail,omitempty"` // what was read, what it means
	// An expander's seats (1 for the first) and chip, for a sentence in
	// the family's language; zero for the draw-pad reader.
	First int    `json:"first,omitempty"`
	Last  int    `json:"last,omitempty"`
	Chip  string `json:"chip,omitempty"` // "MCP23017 0x20"
}

func (p Part) String() string {
	s := p.Name + ": " + p.State.String()
	if p.Detail != "" {
		s += " (" + p.Detail + ")"
	}
	return s
}

// Parts are the optional parts switched on in the pin map, in pin map
// order. It is a value: Vanish returns a changed copy.
type Parts []Part

// Vanish returns p with every part named name, or starting with name,
// that was Found marked Vanished, and whether one was.
func (p Parts) Vanish(name, detail string) (Parts, bool) {
	return p.move(name, Found, Vanished, detail)
}

// Lose returns p with the parts named name (or starting with name) that
// were Found marked Vanished; when p lists none of that name (a required
// part: PartLEDs, PartBuzzer, PartOLED), with one added, Vanished. It
// reports whether p changed: a part already vanished stays as it was.
func (p Parts) Lose(name, detail string) (Parts, bool) {
	if q, moved := p.Vanish(name, detail); moved || p.Has(name, Vanished) {
		return q, moved
	}
	if p.Has(name, Found) || p.Has(name, Absent) {
		return p, false
	}
	return append(append(Parts(nil), p...), Part{Name: name, Key: strings.ToLower(name), State: Vanished, Detail: detail}), true
}

// Has reports whether a part named name (or starting with name) is in
// state s.
func (p Parts) Has(name string, s State) bool {
	for _, x := range p {
		if strings.HasPrefix(x.Name, name) && x.State == s {
			return true
		}
	}
	return false
}

// Back returns p with a Vanished part named name (or starting with name)
// Found again.
func (p Parts) Back(name string) (Parts, bool) {
	return p.move(name, Vanished, Found, "")
}

func (p Parts) move(name string, from, to State, detail string) (Parts, bool) {
	q := append(Parts(nil), p...)
	moved := false
	for i := range q {
		if strings.HasPrefix(q[i].Name, name) && q[i].State == from {
			q[i].State, q[i].Detail, moved = to, detail, true
		}
	}
	return q, moved
}

// Problems are the parts that vanished.
func (p Parts) Problems() Parts {
	var out Parts
	for _, x := range p {
		if x.State == Vanished {
			out = append(out, x)
		}
	}
	return out
}

// Summary is one line for the log and doctor, in English: "found: draw-pad reader;
// not fitted: seat pads 9–10 (MCP23017 0x21)". Empty without optional parts.
func (p Parts) Summary() string {
	var parts []string
	for _, st := range []struct {
		s     State
		label string
	}{{Vanished, "LOST"}, {Found, "found"}, {Absent, "not fitted"}} {
		var names []string
		for _, x := range p {
			if x.State == st.s {
				names = append(names, x.Name)
			}
		}
		if len(names) > 0 {
			parts = append(parts, st.label+": "+strings.Join(names, ", "))
		}
	}
	return strings.Join(parts, "; ")
}
