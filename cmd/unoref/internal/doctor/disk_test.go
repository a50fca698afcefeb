package doctor

import (
	"errors"
	"testing"
)

// Issue 22 point 4: doctor says the room left on the data directory's
// disk: a full card is a problem (the table refuses every play it would
// save), little room a warning.
func TestDiskCheck(t *testing.T) {
	tests := []struct {
		free uint64
		err  error
		want Status
	}{
		{0, nil, Problem},
		{100 << 10, nil, Problem},
		{10 << 20, nil, Warn},
		{3 << 30, nil, OK},
		{0, errors.New("statfs: no such file"), Warn},
	}
	for _, tt := range tests {
		c := diskCheck("/var/lib/unoref", func(string) (uint64, error) { return tt.free, tt.err })
		if c.Status != tt.want || c.Name != "free space" || c.Message == "" {
			t.Errorf("diskCheck with %d bytes free (%v) = %+v, want %v", tt.free, tt.err, c, tt.want)
		}
	}
	d := &doctor{env: Env{Free: func(string) (uint64, error) { return 0, nil }}, opts: Options{Data: "/var/lib/unoref"}, rep: &Report{}}
	d.disk()
	d.finish()
	if d.rep.OK || d.rep.Find("free space") == nil {
		t.Errorf("a report with a full card = %+v, want a problem", d.rep)
	}
}
