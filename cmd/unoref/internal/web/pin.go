package web

import (
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// ErrBadPIN is a PIN that is not 4 to 8 digits.
var ErrBadPIN error = refusal("page.auth.bad")

// CheckPIN says whether pin can be the admin PIN: nil or ErrBadPIN.
func CheckPIN(pin string) error {
	if len(pin) < 4 || len(pin) > 8 || strings.ContainsFunc(pin, func(r rune) bool { return r < '0' || r > '9' }) {
		return ErrBadPIN
	}
	return nil
}

const (
	pinIter     = 20000 // PBKDF2-SHA256 rounds: ~50 ms on a Pi Zero
	setupDigits = 6
)

// pins is the admin PIN: Opts.PIN from the config, else the one chosen at
// first boot and kept hashed in Opts.PINFile, else none; and while there
// is none on a table that can show one, the one-time setup code.
type pins struct {
	mu     sync.Mutex
	plain  string // Opts.PIN
	file   string // Opts.PINFile
	stored string // the file's line: pbkdf2-sha256$ROUNDS$SALT$HASH
	code   string // the setup code on the OLED, "" when none
}

// loadPINs reads the PIN file when the config sets no PIN.
func loadPINs(plain, file string) (*pins, error) {
	p := &pins{plain: plain, file: file}
	if plain != "" || file == "" {
		return p, nil
	}
	b, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return p, fmt.Errorf("web: PIN file: %w", err)
	}
	line := strings.TrimSpace(string(b))
	if _, _, _, err := splitStored(line); err != nil {
		return p, fmt.Errorf("web: PIN file %s: %w", file, err)
	}
	p.stored = line
	return p, nil
}

// set reports whether a PIN is set.
func (p *pins) set() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.plain != "" || p.stored != ""
}

// match compares pin with the PIN in constant time (for the config's) or
// through its hash.
func (p *pins) match(pin string) bool {
	p.mu.Lock()
	plain, stored := p.plain, p.stored
	p.mu.Unlock()
	if plain != "" {
		return subtle.ConstantTimeCompare([]byte(pin), []byte(plain)) == 1
	}
	rounds, salt, want, err := splitStored(stored)
	if err != nil {
		return false
	}
	got, err := pbkdf2.Key(sha256.New, pin, salt, rounds, len(want))
	return err == nil && subtle.ConstantTimeCompare(got, want) == 1
}

// newCode draws the setup code, when no PIN is set and there is a file to
// keep the chosen one in.
func (p *pins) newCode() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.plain != "" || p.stored != "" || p.file == "" {
		return ""
	}
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "" // crypto/rand does not fail on Linux
	}
	p.code = fmt.Sprintf("%0*d", setupDigits, n)
	return p.code
}

// pending reports whether a setup code waits to be typed.
func (p *pins) pending() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.code != ""
}

// codeMatches compares code with the setup code in constant time.
func (p *pins) codeMatches(code string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.code != "" && subtle.ConstantTimeCompare([]byte(code), []byte(p.code)) == 1
}

// choose keeps pin, hashed, in the PIN file (written whole, then renamed)
// and ends the setup code.
func (p *pins) choose(pin string) error {
	salt := make([]byte, 16)
	rand.Read(salt)
	h, err := pbkdf2.Key(sha256.New, pin, salt, pinIter, 32)
	if err != nil {
		return fmt.Errorf("web: PIN hash: %w", err)
	}
	line := "pbkdf2-sha256$" + strconv.Itoa(pinIter) + "$" + hex.EncodeToString(salt) + "$" + hex.EncodeToString(h)
	if err := writeFile(p.file, line+"\n"); err != nil {
		return err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stored, p.code = line, ""
	return nil
}

// splitStored reads a line of the PIN file.
func splitStored(s string) (rounds int, salt, hash []byte, err error) {
	f := strings.Split(s, "$")
	bad := errors.New("want pbkdf2-sha256$ROUNDS$SALT$HASH: delete the file to choose a PIN again")
	if len(f) != 4 || f[0] != "pbkdf2-sha256" {
		return 0, nil, nil, bad
	}
	rounds, err = strconv.Atoi(f[1])
	if err != nil || rounds < 1 {
		return 0, nil, nil, bad
	}
	if salt, err = hex.DecodeString(f[2]); err != nil {
		return 0, nil, nil, bad
	}
	if hash, err = hex.DecodeString(f[3]); err != nil || len(hash) == 0 {
		return 0, nil, nil, bad
	}
	return rounds, salt, hash, nil
}

// writeFile replaces path with s atomically, readable by this user only.
func writeFile(path, s string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".pin-*")
	if err != nil {
		return fmt.Errorf("web: PIN file: %w", err)
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.WriteString(s)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("web: PIN file: %w", err)
	}
	return nil
}
