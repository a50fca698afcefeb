package main

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// TestSimBoxOnTheNetwork: devices.sim = true without --policy runs the
// virtual table open to anyone only while its page listens on loopback;
// listening on the network it takes the real table's policy (nothing
// without the PIN, the setup code on the OLED), unless web.policy (or
// --policy) says otherwise.
func TestSimBoxOnTheNetwork(t *testing.T) {
	t.Setenv("UNOREF_CONFIG", "")
	tests := []struct {
		name   string
		config string
		args   []string
		status int // of a new game asked for without a PIN
	}{
		{"loopback", `listen = "127.0.0.1:0"`, nil, http.StatusOK},
		{"the network", `listen = "0.0.0.0:0"`, nil, http.StatusForbidden},
		{"the network, told virtual", "listen = \"0.0.0.0:0\"\n[web]\npolicy = \"virtual\"", nil, http.StatusOK},
		{"the network, the flag wins", "listen = \"0.0.0.0:0\"\n[web]\npolicy = \"virtual\"", []string{"--policy", "table"}, http.StatusForbidden},
		{"loopback, told table", "listen = \"127.0.0.1:0\"\n[web]\npolicy = \"table\"", nil, http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			// --sim as devices.sim = true: both are the virtual table's switch.
			cfg := writeTemp(t, dir, "unoref.toml", tt.config+"\n[devices]\nsim = true\n")
			d := startInProcess(t, append([]string{"--config", cfg, "--data", filepath.Join(dir, "data")}, tt.args...)...)
			url, ok := strings.CutPrefix(d.line(t), "unoref: virtual table at ")
			if !ok {
				t.Fatal("no address")
			}
			url = strings.NewReplacer("[::]", "127.0.0.1", "0.0.0.0", "127.0.0.1").Replace(url)
			if got := post(t, url, `{"Kind":"newgame","Players":["Ann","Ben"]}`, ""); got != tt.status {
				t.Errorf("a new game without a PIN: %d, want %d", got, tt.status)
			}
			d.stop(t)
		})
	}
}

// TestPolicyKey: web.policy takes "virtual", "table" or "", and refuses
// any other value with what it allows.
func TestPolicyKey(t *testing.T) {
	dir := t.TempDir()
	for _, v := range []string{"virtual", "table", ""} {
		c := defaultConfig()
		if err := loadConfig(writeTemp(t, dir, "ok.toml", "[web]\npolicy = \""+v+"\"\n"), &c); err != nil || c.Policy != v {
			t.Errorf("web.policy = %q: %v, policy %q", v, err, c.Policy)
		}
	}
	c := defaultConfig()
	err := loadConfig(writeTemp(t, dir, "bad.toml", "[web]\npolicy = \"open\"\n"), &c)
	if err == nil || !strings.Contains(err.Error(), `web.policy: "open" is not a policy: want "table"`) {
		t.Errorf("web.policy = open: %v", err)
	}
}
