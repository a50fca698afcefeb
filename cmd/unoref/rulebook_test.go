package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRulebookReferences: the help texts, the READMEs, the configuration
// docs and the doc comments point to the rulebook of the repository,
// RULES.md at its top, never to a shared/RULES.md outside it, and a
// section they cite by number and name is that section of RULES.md.
func TestRulebookReferences(t *testing.T) {
	b, err := os.ReadFile("../../RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	names := rulebookNames(string(b))
	if !strings.Contains(string(b), "\n## The table log\n") {
		t.Fatal(`RULES.md has no section "The table log"`)
	}
	cited := regexp.MustCompile(`RULES\.md §(\d+),? \(?"([^"]+)"`)
	err = filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != "../.." {
			return filepath.SkipDir
		}
		ext := filepath.Ext(path)
		if d.IsDir() || ext == "" || !strings.Contains(".go .md .toml .log .sh .service .txt ", ext+" ") || d.Name() == "rulebook_test.go" {
			return nil
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		s := lineBreaks.ReplaceAllString(string(text), " ")
		if strings.Contains(s, "shared/"+"RULES.md") {
			t.Errorf("%s points to shared/RULES.md, which is not in the repository: RULES.md is", path)
		}
		for _, m := range cited.FindAllStringSubmatch(s, -1) {
			if !names[m[1]+" "+m[2]] {
				t.Errorf("%s cites RULES.md §%s %q: not the title of §%s nor of one of its paragraphs", path, m[1], m[2], m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"replay", "export"} {
		out, _, _ := call(t, "", "help", cmd)
		if !strings.Contains(out, `RULES.md "The table log"`) {
			t.Errorf("unoref help %s does not point to RULES.md \"The table log\":\n%s", cmd, out)
		}
	}
}

// lineBreaks is a line break in a comment or a Markdown paragraph, with the
// comment marks of the next line.
var lineBreaks = regexp.MustCompile(`[ \t]*\n[ \t]*(// ?|# ?)?`)

// rulebookNames are the names a section of the rulebook text may be cited
// by, as "4 Presets": its title, the title before a colon ("Presets" of
// "Presets: three ways to play") and the bold titles of its paragraphs
// ("2 Who deals").
func rulebookNames(text string) map[string]bool {
	names := map[string]bool{}
	section := ""
	heading := regexp.MustCompile(`^## (\d+)\. (.+)$`)
	paragraph := regexp.MustCompile(`^\*\*([^*]+?)[.!]?\*\*`)
	for _, l := range strings.Split(text, "\n") {
		if m := heading.FindStringSubmatch(l); m != nil {
			section = m[1]
			title, _, _ := strings.Cut(m[2], ":")
			names[section+" "+m[2]], names[section+" "+title] = true, true
		} else if strings.HasPrefix(l, "## ") {
			section = ""
		} else if m := paragraph.FindStringSubmatch(l); m != nil && section != "" {
			names[section+" "+m[1]] = true
		}
	}
	return names
}
