package msg

import (
	"strings"
	"testing"
)

func TestEcho(t *testing.T) {
	at := strings.Repeat("é", EchoLen)
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"R33", "R33"},
		{at, at},
		{at + "x", at + "…"},
		{"a\xffb", "a\uFFFDb"},
	} {
		if got := Echo(c.in); got != c.want {
			t.Errorf("Echo(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
