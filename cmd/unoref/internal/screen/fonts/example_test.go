package fonts_test

import (
	"fmt"

	"golang.org/x/image/math/fixed"

	"github.com/unoref/unoref/cmd/unoref/internal/screen/fonts"
)

func Example() {
	f := fonts.Bold24()
	for _, r := range "ЉՇ李" {
		_, _, _, adv, ok := f.Glyph(fixed.P(0, f.Ascent), r)
		fmt.Println(string(r), adv.Round(), ok)
	}
	// Output:
	// Љ 12 true
	// Շ 12 true
	// 李 12 false
}
