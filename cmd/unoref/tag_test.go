package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/unoref/unoref/cards/ndef"
	"github.com/unoref/unoref/cards/registry"
	"github.com/unoref/unoref/drivers/gpioline"
	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
	"github.com/unoref/unoref/hardware/board/boardtest"
)

func TestTagCommand(t *testing.T) {
	uri := []byte{0x03, 0x0C, 0xD1, 0x01, 0x08, 0x55, 0x04, 'u', 'n', 'o', '.', 'o', 'r', 'g', 0xFE, 0x00}
	foreign := func(tag *mfrc522test.NTAG) { writeMem(tag, uri) }
	tests := []struct {
		name   string
		args   []string
		setup  func(tag *mfrc522test.NTAG)
		none   bool // no tag on the reader
		two    bool // two tags
		code   int
		stdout string
		stderr string
		says   string // what the sticker says afterwards
	}{
		{name: "write blank", args: []string{"write", "G+2"}, code: 0, stdout: "04AB0000000001: wrote G+2 (Green Draw Two), read back\n", says: "G+2"},
		{name: "rewrite a card", args: []string{"write", "W"}, setup: func(tag *mfrc522test.NTAG) {
			writeMem(tag, ndef.EncodeCard(mustCard(t, "R7")))
		}, stdout: "it said R7 before", says: "W"},
		{name: "foreign", args: []string{"write", "R1"}, setup: foreign, code: 1, stderr: `holds URI "https://uno.org", not a card: --force to overwrite`, says: "ndef: not a card tag: URI \"https://uno.org\""},
		{name: "foreign, force", args: []string{"write", "R1", "--force"}, setup: foreign, stdout: "wrote R1", says: "R1"},
		{name: "CC locked", args: []string{"write", "R1"}, setup: func(tag *mfrc522test.NTAG) { tag.SetPage(3, [4]byte{0xE1, 0x10, 0x12, 0x0F}) }, code: 1, stderr: "is locked", says: "ndef: blank tag: empty NDEF message"},
		{name: "pages locked, force", args: []string{"write", "R1", "--force"}, setup: func(tag *mfrc522test.NTAG) { tag.Lock(4, 5, 6, 7) }, code: 1, stderr: "enroll: tag is locked: mfrc522: NAK", says: "ndef: blank tag: empty NDEF message"},
		{name: "not a card code", args: []string{"write", "R10"}, code: 2, stderr: `"R10" is not a printed card code`},
		{name: "named wild", args: []string{"write", "W:G"}, code: 2, stderr: "not a printed card code"},
		{name: "no code", args: []string{"write"}, code: 2, stderr: "one card code"},
		{name: "no subcommand", args: nil, code: 2, stderr: "write or read"},
		{name: "bad subcommand", args: []string{"erase"}, code: 2, stderr: `"erase": want write or read`},
		{name: "no tag", args: []string{"write", "R1"}, none: true, code: 1, stderr: "no tag on the reader"},
		{name: "two tags", args: []string{"read"}, two: true, code: 1, stderr: "2 tags on the reader: leave one"},
		{name: "read blank", args: []string{"read"}, stdout: "uid       04AB0000000001\ntype      NTAG213\nsays      nothing (blank)\nregistry  not enrolled\n"},
		{name: "read foreign", args: []string{"read"}, setup: foreign, stdout: "says      URI \"https://uno.org\", not a card\n"},
		{name: "read garbage", args: []string{"read"}, setup: func(tag *mfrc522test.NTAG) { tag.SetPage(4, [4]byte{0x77, 1, 2, 3}) }, stdout: "says      unreadable data (ndef: corrupt tag data: reserved TLV type 0x77 at byte 0)"},
		{name: "read locked", args: []string{"read"}, setup: func(tag *mfrc522test.NTAG) { tag.SetPage(3, [4]byte{0xE1, 0x10, 0x12, 0x0F}) }, stdout: "cc        E1 10 12 0F: ndef: read-only tag"},
		{name: "read enrolled", args: []string{"read"}, setup: func(tag *mfrc522test.NTAG) {}, stdout: "registry  Y9 (Yellow 9), copy 1 of deck club\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := useSimReader(t)
			dir := t.TempDir()
			tag := mfrc522test.NewNTAG213([]byte{0x04, 0xAB, 0, 0, 0, 0, 1})
			clubRegistry(t, dir, tag, tt.name == "read enrolled")
			if tt.setup != nil {
				tt.setup(tag)
			}
			if !tt.none {
				r.sim.Place(tag)
			}
			if tt.two {
				r.sim.Place(mfrc522test.NewNTAG213([]byte{0x04, 0xAB, 0, 0, 0, 0, 2}))
			}
			out, errs, code := call(t, "", append([]string{"tag"}, append(tt.args, "--data", dir)...)...)
			if code != tt.code || !strings.Contains(out, tt.stdout) || !strings.Contains(errs, tt.stderr) {
				t.Errorf("tag %v: exit %d, stdout %q, stderr %q; want %d, %q, %q", tt.args, code, out, errs, tt.code, tt.stdout, tt.stderr)
			}
			if tt.says != "" {
				if got := says(tag); got != tt.says {
					t.Errorf("tag %v: the sticker says %q afterwards, want %q", tt.args, got, tt.says)
				}
			}
		})
	}
}

func TestTagWriteWarnsOfRegistry(t *testing.T) {
	r := useSimReader(t)
	dir := t.TempDir()
	tag := mfrc522test.NewNTAG213([]byte{0x04, 0xAB, 0, 0, 0, 0, 9})
	clubRegistry(t, dir, tag, true)
	r.sim.Place(tag)
	_, errs, code := call(t, "", "tag", "write", "B1", "--data", dir)
	if code != 0 || !strings.Contains(errs, "the registry has 04AB0000000009 as Y9 #1 of deck club") {
		t.Errorf("tag write over an enrolled sticker: exit %d, stderr %q", code, errs)
	}
}

// clubRegistry makes the deck registry of dir with the deck "club", and
// with enrolled tag enrolled there as Y9.
func clubRegistry(t *testing.T, dir string, tag *mfrc522test.NTAG, enrolled bool) {
	t.Helper()
	ctx := context.Background()
	reg, err := registry.Open(ctx, registry.Path(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer reg.Close()
	if err := reg.AddDeck(ctx, "club", "standard"); err != nil {
		t.Fatal(err)
	}
	if !enrolled {
		return
	}
	if _, err := reg.Enroll(ctx, "club", tag.UID(), mustCard(t, "Y9")); err != nil {
		t.Fatal(err)
	}
}

// writeMem puts mem on the sticker from page 4, as a phone would.
func writeMem(tag *mfrc522test.NTAG, mem []byte) {
	for i := 0; i < len(mem); i += 4 {
		tag.SetPage(4+i/4, [4]byte(mem[i:i+4]))
	}
}

// A pin map that does not load stops tag and enroll before any device is
// opened, naming the file.
func TestNFCBadPinMap(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "pinmap.toml")
	if err := os.WriteFile(bad, []byte("[leds]\nlegal = 99\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"tag", "enroll"} {
		args := []string{cmd, "--pinmap", bad, "--data", t.TempDir()}
		if cmd == "tag" {
			args = []string{"tag", "read", "--pinmap", bad, "--data", t.TempDir()}
		}
		_, errOut, code := call(t, "", args...)
		if code != 1 || !strings.Contains(errOut, "pinmap.toml") {
			t.Errorf("%s with a bad pin map: exit %d, stderr %q; want exit 1 naming the file", cmd, code, errOut)
		}
	}
}

// TestNFCReaderInUse: with the service running, its lines are busy; tag
// and enroll say to stop it rather than "no reader here" (the board is the
// simulators', the reset line busy as the kernel reports it).
func TestNFCReaderInUse(t *testing.T) {
	h := boardtest.New(nil).Host()
	h.Output = func(chip string, offset int, activeLow bool) (gpioline.OutputCloser, error) {
		return nil, fmt.Errorf("gpioline: %s line %d: %w", chip, offset, syscall.EBUSY)
	}
	useHost(t, h)
	for _, args := range [][]string{{"tag", "read"}, {"enroll"}} {
		_, errs, code := call(t, "", append(args, "--data", t.TempDir())...)
		if code != 1 || !strings.Contains(errs, "sudo systemctl stop unoref") || strings.Contains(errs, "try --sim") {
			t.Errorf("unoref %v with the reader's lines busy: exit %d, stderr %q; want 1 and the service to stop", args, code, errs)
		}
	}
}
