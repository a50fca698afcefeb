package main

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPageURL(t *testing.T) {
	lan := func() string { return "192.168.1.23" }
	for _, tt := range []struct {
		addr string
		want string
	}{
		{"0.0.0.0:8080", "http://192.168.1.23:8080/"},
		{"[::]:8080", "http://192.168.1.23:8080/"},
		{"127.0.0.1:41234", "http://127.0.0.1:41234/"},
		{"192.168.7.9:80", "http://192.168.7.9:80/"},
		{"[fd00::5]:8080", "http://[fd00::5]:8080/"},
	} {
		a, err := net.ResolveTCPAddr("tcp", tt.addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := pageURL(a, lan); got != tt.want {
			t.Errorf("pageURL(%s) = %q, want %q", tt.addr, got, tt.want)
		}
	}
}

// TestLANAddr: the box's address on its network is the default route's
// interface's, whatever order the interfaces come in; then any up one;
// then the mDNS name.
func TestLANAddr(t *testing.T) {
	dir := t.TempDir()
	route := filepath.Join(dir, "route")
	table := "Iface\tDestination\tGateway\tFlags\tRefCnt\tUse\tMetric\tMask\n" +
		"wlan0\t0000A8C0\t00000000\t0001\t0\t0\t600\t00FFFFFF\n" +
		"eth0\t00000000\t0102A8C0\t0003\t0\t0\t200\t00000000\n" +
		"wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\n"
	if err := os.WriteFile(route, []byte(table), 0o644); err != nil {
		t.Fatal(err)
	}
	cidr := func(s string) net.Addr { ip, n, _ := net.ParseCIDR(s); n.IP = ip; return n }
	addrs := map[string][]net.Addr{
		"lo":    {cidr("127.0.0.1/8")},
		"eth0":  {cidr("fe80::1/64"), cidr("192.168.2.40/24")},
		"wlan0": {cidr("192.168.1.23/24")},
	}
	n := netIfaces{
		routes: route,
		byName: func(name string) ([]net.Addr, error) { return addrs[name], nil },
		all: func() ([]net.Interface, error) {
			return []net.Interface{{Name: "lo", Flags: net.FlagUp | net.FlagLoopback}, {Name: "wlan0", Flags: net.FlagUp}}, nil
		},
		hostname: func() (string, error) { return "unoref", nil },
	}
	if got := n.lanAddr(); got != "192.168.2.40" {
		t.Errorf("lanAddr() = %q, want eth0's, the default route of the lowest metric", got)
	}
	n.routes = filepath.Join(dir, "none")
	if got := n.lanAddr(); got != "192.168.1.23" {
		t.Errorf("without a routing table: %q, want the first up interface's", got)
	}
	n.all = func() ([]net.Interface, error) { return nil, errors.New("no interfaces") }
	if got := n.lanAddr(); got != "unoref.local" {
		t.Errorf("without interfaces: %q, want the mDNS name", got)
	}
	if got := defaultRoute(strings.NewReader("Iface\tDestination\nbroken\n")); got != "" {
		t.Errorf("defaultRoute of a table without one = %q", got)
	}
}
