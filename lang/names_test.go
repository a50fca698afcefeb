package lang

import "testing"

// TestArmenianNameForms: an Armenian ending goes on a name after a hyphen
// when the name is not in Armenian letters, and is written on when it is,
// by the name's last sound; other languages keep the name as it is.
func TestArmenianNameForms(t *testing.T) {
	tests := []struct {
		name, def, gen, dat string
	}{
		{"Ann", "Ann-ը", "Ann-ի", "Ann-ին"},
		{"Anna", "Anna-ն", "Anna-ի", "Anna-ին"},
		{"Аня", "Аня-ն", "Аня-ի", "Аня-ին"},
		{"Արամ", "Արամը", "Արամի", "Արամին"},
		{"Աննա", "Աննան", "Աննայի", "Աննային"},
		{"Անի", "Անին", "Անիի", "Անիին"},
		{"Սարո", "Սարոն", "Սարոյի", "Սարոյին"},
	}
	for _, tt := range tests {
		n := Name{Armenian, tt.name}
		if got := [3]string{n.Def(), n.Gen(), n.Dat()}; got != [3]string{tt.def, tt.gen, tt.dat} {
			t.Errorf("Armenian forms of %q = %q, want %q", tt.name, got, [3]string{tt.def, tt.gen, tt.dat})
		}
		if r := (Name{Russian, tt.name}); r.Def() != tt.name || r.Gen() != tt.name || r.Dat() != tt.name {
			t.Errorf("Russian forms of %q change it", tt.name)
		}
	}
}

// TestArmenianEuphony: the article -ը becomes -ն before a vowel, and only
// there, in Armenian only.
func TestArmenianEuphony(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Ann-ը ասում է", "Ann-ն ասում է"},
		{"Արամը ընտրում է", "Արամն ընտրում է"},
		{"Արամը եկավ", "Արամն եկավ"},
		{"Ann-ը դնում է", "Ann-ը դնում է"},
		{"քարտը, որը", "քարտը, որը"},
	}
	for _, tt := range tests {
		if got := Armenian.euphony(tt.in); got != tt.want {
			t.Errorf("euphony(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := Russian.euphony("ը а"); got != "ը а" {
		t.Errorf("Russian text changed: %q", got)
	}
}

// TestEuphonyAsRegexp: the in-place euphony does what the regular
// expression of the renderer before it did (the oracle's), on every
// string of up to six pieces of text around the article.
func TestEuphonyAsRegexp(t *testing.T) {
	pieces := []string{"ը", "ն", " ", "\t ", "ա", "ի", "x", "Ը", "ш"}
	var walk func(s string, n int)
	walk = func(s string, n int) {
		want := armenianArticle.ReplaceAllString(s, "ն$1")
		if got := Armenian.euphony(s); got != want {
			t.Fatalf("euphony(%q) = %q, want %q", s, got, want)
		}
		if n == 0 {
			return
		}
		for _, p := range pieces {
			walk(s+p, n-1)
		}
	}
	walk("", 6)
}
