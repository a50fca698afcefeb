//go:build ignore

// gen writes WIRING.md and wiring.svg from the default pin map.
package main

import (
	"bytes"
	"log"
	"os"

	"github.com/unoref/unoref/hardware"
)

func main() {
	m := hardware.Default()
	var md, svg bytes.Buffer
	if err := m.WriteMarkdown(&md); err != nil {
		log.Fatal(err)
	}
	if err := m.WriteSVG(&svg); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("WIRING.md", md.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("wiring.svg", svg.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}
