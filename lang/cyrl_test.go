package lang

import (
	"flag"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite locales/sr-Cyrl.toml from locales/sr.toml")

func TestCyrillic(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Ljubav njiva džep", "Љубав њива џеп"},
		{"LJILJANA Njegoš Džoker", "ЉИЉАНА Његош Џокер"},
		{"đak ćup čaša šuma žaba", "ђак ћуп чаша шума жаба"},
		{"{{.Player}} izvlači {{.N.Cards}}", "{{.Player}} извлачи {{.N.Cards}}"},
		{"redom `players` ili `hand R5`", "редом `players` или `hand R5`"},
		{"pišite `R`, `Y`, `G` ili `B`", "пишите `R`, `Y`, `G` или `B`"},
		{"dodajte -{{.Value}} i deck=blanks, +stacking", "додајте -{{.Value}} и deck=blanks, +stacking"},
		{"kaže UNO: „pas”", "каже УНО: „пас”"},
	}
	for _, tt := range tests {
		if got := cyrillic(tt.in); got != tt.want {
			t.Errorf("cyrillic(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestSerbianCyrillicInSync fails when sr-Cyrl.toml is not sr.toml
// transliterated; -update (go generate ./lang) rewrites it.
func TestSerbianCyrillicInSync(t *testing.T) {
	latin, err := os.ReadFile("locales/sr.toml")
	if err != nil {
		t.Fatal(err)
	}
	want := cyrillicCatalog(string(latin))
	if *update {
		if err := os.WriteFile("locales/sr-Cyrl.toml", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile("locales/sr-Cyrl.toml")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("locales/sr-Cyrl.toml drifted from sr.toml (run go generate ./lang) (-want +got):\n%s", diff)
	}
}
