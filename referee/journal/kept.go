package journal

import (
	"errors"

	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/tablelog"
)

// events are the journaled events of the game in play as a Recorder
// keeps them: the lines one after another in one byte slice, and for
// each its end, its kind, its ruling and its tag as small numbers — 12
// bytes an event besides its line. The parsed events are read again from
// the lines when a replay needs them (an undo, a failed commit, Events).
// Kept as entries, each a tablelog.Event of 150 bytes and its strings, a
// 20,000-event game held 5 MB (issue 21). The tags' UIDs are kept the
// same way, one after another: the virtual table's stickers are new at
// every tap, and a string each (its header and its own allocation) was
// twice their length again.
type events struct {
	text    []byte
	ents    []kept
	codes   []string          // the refusal codes, each once; codes[0] is ""
	tagText []byte            // the tags' UIDs one after another
	tagEnd  []uint32          // tag i (from 1; 0 in kept.tag is none) ends at tagEnd[i-1]
	tagOf   map[string]uint32 // the number of a UID, for the first maxTags
}

// kept is one event of events.
type kept struct {
	end  uint32 // its line is text[the end of the one before:end]
	tag  uint32 // 1 + its UID's index in tags; 0 when no tag played it
	code uint16 // its index in codes
	ok   bool
	kind tablelog.Kind
}

// maxTags is how many tag UIDs events keep once each: a deck and a few
// strays. Past them (the virtual table's stickers are new at every tap)
// each tap's UID is kept as it comes.
const maxTags = 256

// len is the number of events.
func (es *events) len() int { return len(es.ents) }

// add appends e.
func (es *events) add(e *entry) {
	es.text = append(es.text, e.line...)
	k := kept{end: uint32(len(es.text)), ok: e.ok, kind: e.ev.Kind, code: es.code(e.code)}
	if e.tag != "" {
		k.tag = es.tag(e.tag)
	}
	es.ents = append(es.ents, k)
}

// code is the index of c in es.codes, added if new.
func (es *events) code(c string) uint16 {
	if len(es.codes) == 0 {
		es.codes = []string{""}
	}
	for i, have := range es.codes {
		if have == c {
			return uint16(i)
		}
	}
	es.codes = append(es.codes, c)
	return uint16(len(es.codes) - 1)
}

// tag is the number of uid (from 1), added if new.
func (es *events) tag(uid string) uint32 {
	if i, ok := es.tagOf[uid]; ok {
		return i
	}
	es.tagText = append(es.tagText, uid...)
	es.tagEnd = append(es.tagEnd, uint32(len(es.tagText)))
	i := uint32(len(es.tagEnd))
	if len(es.tagOf) < maxTags {
		if es.tagOf == nil {
			es.tagOf = map[string]uint32{}
		}
		es.tagOf[uid] = i
	}
	return i
}

// uid is the UID of tag i (from 1).
func (es *events) uid(i uint32) string {
	start := uint32(0)
	if i > 1 {
		start = es.tagEnd[i-2]
	}
	return string(es.tagText[start:es.tagEnd[i-1]])
}

// line is the line of event i.
func (es *events) line(i int) string {
	start := uint32(0)
	if i > 0 {
		start = es.ents[i-1].end
	}
	return string(es.text[start:es.ents[i].end])
}

// entry is event i read back.
func (es *events) entry(game int64, i int) (entry, error) {
	k := es.ents[i]
	line := es.line(i)
	ev, ok, err := tablelog.Parse(line, i+1)
	if err == nil && !ok {
		err = errors.New("blank line")
	}
	if err != nil {
		// Every line kept was read back once when it was journaled.
		return entry{}, &ReplayError{Game: game, Seq: i + 1, Line: line, Msg: "not a table-log event: " + err.Error(), Err: err}
	}
	e := entry{ev: ev, line: line, ok: k.ok, code: es.codes[k.code]}
	if k.tag > 0 {
		e.tag = es.uid(k.tag)
	}
	return e, nil
}

// entries are the events read back, for a replay.
func (es *events) entries(game int64) ([]entry, error) {
	out := make([]entry, es.len())
	for i := range out {
		var err error
		if out[i], err = es.entry(game, i); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// lines are the events' lines.
func (es *events) lines() []string {
	out := make([]string, es.len())
	for i := range out {
		out[i] = es.line(i)
	}
	return out
}

// tagsOf are the UIDs of the tags that played the events, "" for none.
func (es *events) tagsOf() []string {
	out := make([]string, es.len())
	for i, k := range es.ents {
		if k.tag > 0 {
			out[i] = es.uid(k.tag)
		}
	}
	return out
}

// truncate drops the events from n on.
func (es *events) truncate(n int) {
	end := uint32(0)
	if n > 0 {
		end = es.ents[n-1].end
	}
	es.text, es.ents = es.text[:end], es.ents[:n]
}

// lastRules is the rules line in force after the events: the last
// accepted rules line, untimed.
func (es *events) lastRules() string {
	for i := es.len() - 1; i >= 0; i-- {
		if k := es.ents[i]; k.ok && k.kind == tablelog.Rules {
			if ev, ok, err := tablelog.Parse(es.line(i), i+1); ok && err == nil {
				return untimed(ev)
			}
		}
	}
	return "rules " + referee.PresetOfficial
}
