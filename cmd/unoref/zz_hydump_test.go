package main

import (
	"os"
	"strings"
	"testing"
)

func TestZZHyCLI(t *testing.T) {
	dir := handJournal(t)
	var b strings.Builder
	for _, a := range [][]string{{"stats", "--data", dir, "--lang", "hy"}, {"stats", "--data", dir, "--lang", "hy", "--player", "Ben"}, {"history", "--data", dir, "--lang", "hy"}, {"history", "--data", dir, "--lang", "hy", "--game", "1"}, {"history", "--data", dir, "--lang", "hy", "--game", "2"}} {
		out, errOut, _ := call(t, "", a...)
		b.WriteString("== " + strings.Join(a, " ") + "\n" + out + errOut)
	}
	os.WriteFile("/tmp/hy-read/cli.txt", []byte(b.String()), 0o644)
}
