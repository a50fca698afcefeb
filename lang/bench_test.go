package lang

import "testing"

// BenchmarkBook is what a language costs when it is first used: its
// catalog parsed and compiled, and the names of every card in every form
// (the first verdict names a card). Every command that speaks pays it
// once for its language (issue 21: all six at start-up cost every command
// 16–40 ms and 9.6 MB).
func BenchmarkBook(b *testing.B) {
	for _, l := range []Lang{English, Russian, Armenian} {
		buf, err := files.ReadFile("locales/" + langs[l].code + ".toml")
		if err != nil {
			b.Fatal(err)
		}
		b.Run(l.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bk, err := parse(l, buf)
				if err != nil {
					b.Fatal(err)
				}
				bk.names()
			}
		})
	}
}
