//go:build ignore

// gen writes WIRING.md, wiring.svg and the circuit drawings of circuits/
// from the default pin map, and the button labels of labels/ from the
// catalogs of package lang.
package main

import (
	"bytes"
	"log"
	"os"
	"path/filepath"

	"github.com/unoref/unoref/hardware"
	"github.com/unoref/unoref/hardware/internal/draw"
	"github.com/unoref/unoref/hardware/labels"
	"github.com/unoref/unoref/lang"
)

func main() {
	m := hardware.Default()
	var md, svg bytes.Buffer
	if err := draw.Markdown(&md, m); err != nil {
		log.Fatal(err)
	}
	if err := draw.HeaderSVG(&svg, m); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("WIRING.md", md.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("wiring.svg", svg.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	if err := os.MkdirAll("circuits", 0o755); err != nil {
		log.Fatal(err)
	}
	for _, c := range draw.Circuits(m) {
		if err := os.WriteFile(filepath.Join("circuits", c.Name), c.SVG, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	if err := os.MkdirAll("labels", 0o755); err != nil {
		log.Fatal(err)
	}
	for _, l := range lang.Languages() {
		if err := os.WriteFile(filepath.Join("labels", l.String()+".svg"), labels.Sheet(l), 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
