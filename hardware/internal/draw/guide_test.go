package draw

import (
	"os"
	"strings"
	"testing"

	"github.com/unoref/unoref/hardware"
)

// TestGuideCountsReaderWires (issue 23 point 4): the assembly guide's step
// for the play pad gives the number of wires rc522.svg draws connected
// (IRQ is left free in the reference build).
func TestGuideCountsReaderWires(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range readerRows(hardware.Default()) {
		if r.fill != unwired {
			n++
		}
	}
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
	if want := words[n] + " wires as in\n   [rc522.svg]"; !strings.Contains(string(readme), want) {
		t.Errorf("README.md does not say %q: rc522.svg draws %d wires", want, n)
	}
}
