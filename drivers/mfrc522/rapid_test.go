package mfrc522

import (
	"slices"
	"sort"
	"testing"

	"pgregory.net/rapid"

	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
)

// genUID draws a UID of 4, 7 or 10 bytes without the cascade tag where
// ISO/IEC 14443-3 §6.5.4 forbids it (first byte of the last level).
func genUID(t *rapid.T, label string) UID {
	n := rapid.SampledFrom([]int{4, 7, 10}).Draw(t, label+"len")
	u := UID(rapid.SliceOfN(rapid.Byte(), n, n).Draw(t, label))
	if last := n - 4; u[last] == piccCT {
		u[last] = 0x08
	}
	return u
}

// TestDetectProperty: any set of up to five distinct tags is enumerated
// exactly; with faults injected, Detect may fail or miss tags but never
// reports a UID that is not in the field.
func TestDetectProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sim := mfrc522test.New(nil)
		d, err := NewSPI(sim, &Opts{Now: sim.Now, Sleep: sim.Sleep})
		if err != nil {
			t.Fatalf("NewSPI() = %v", err)
		}
		n := rapid.IntRange(1, 5).Draw(t, "tags")
		in := map[string]bool{}
		var want []string
		for i := range n {
			u := genUID(t, "uid")
			if in[u.String()] {
				continue
			}
			in[u.String()] = true
			want = append(want, u.String())
			if len(u) == 7 && i%2 == 0 {
				sim.Place(mfrc522test.NewNTAG213(u))
			} else {
				sim.Place(mfrc522test.NewClassic1K(u))
			}
		}
		sort.Strings(want)
		tags, err := d.Detect()
		if got := uids(tags); err != nil || !slices.Equal(got, want) {
			t.Fatalf("Detect() = %v, %v, want %v", got, err, want)
		}
		faults := rapid.IntRange(0, 6).Draw(t, "faults")
		for range faults {
			sim.InjectFault(mfrc522test.Fault(rapid.IntRange(1, 5).Draw(t, "fault")), 1)
		}
		for range 3 {
			tags, _ := d.Detect()
			for _, tg := range tags {
				if !in[tg.UID.String()] {
					t.Fatalf("Detect() reported %s, not in the field %v", tg.UID, want)
				}
			}
		}
	})
}
