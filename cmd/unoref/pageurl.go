package main

import (
	"bufio"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
)

// pageURL is where a phone opens the page, for the QR code on the OLED:
// http://HOST:PORT/ with the host the daemon listens on when --listen names
// one, else this box's address on the family's network (lan). An IP
// address rather than hostname.local: a phone scanning the code reaches it
// whether or not it resolves mDNS names (many Android phones do not).
func pageURL(addr net.Addr, lan func() string) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return ""
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = lan()
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

// lanAddr is this box's IPv4 address on its network: the address of the
// interface the default route leaves by (the network its Wi-Fi or cable
// joins, which a phone at home shares), else the first up interface's
// that is not loopback, else hostname.local (mDNS), else localhost.
func lanAddr() string {
	n := netIfaces{routes: "/proc/net/route", byName: ifaceAddrs, all: net.Interfaces, hostname: os.Hostname}
	return n.lanAddr()
}

// netIfaces is what lanAddr reads, so that a test can give another box's.
type netIfaces struct {
	routes   string // the kernel's IPv4 routing table
	byName   func(name string) ([]net.Addr, error)
	all      func() ([]net.Interface, error)
	hostname func() (string, error)
}

func (n netIfaces) lanAddr() string {
	if f, err := os.Open(n.routes); err == nil {
		dev := defaultRoute(f)
		f.Close()
		if dev != "" {
			if ip := firstIPv4(n.byName(dev)); ip != "" {
				return ip
			}
		}
	}
	if ifs, err := n.all(); err == nil {
		for _, i := range ifs {
			if i.Flags&net.FlagUp != 0 && i.Flags&net.FlagLoopback == 0 {
				if ip := firstIPv4(n.byName(i.Name)); ip != "" {
					return ip
				}
			}
		}
	}
	if h, err := n.hostname(); err == nil && h != "" {
		return h + ".local"
	}
	return "localhost"
}

// defaultRoute is the interface of the default route in a table like
// /proc/net/route (destination 0.0.0.0, the route up), the lowest metric
// first; "" for none.
func defaultRoute(r io.Reader) string {
	const rtfUp = 0x1
	dev, best := "", -1
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 7 || f[1] != "00000000" {
			continue
		}
		flags, err1 := strconv.ParseUint(f[3], 16, 32)
		metric, err2 := strconv.Atoi(f[6])
		if err1 != nil || err2 != nil || flags&rtfUp == 0 {
			continue
		}
		if best < 0 || metric < best {
			dev, best = f[0], metric
		}
	}
	return dev
}

func ifaceAddrs(name string) ([]net.Addr, error) {
	i, err := net.InterfaceByName(name)
	if err != nil {
		return nil, err
	}
	return i.Addrs()
}

// firstIPv4 is the first IPv4 address of addrs that is not loopback.
func firstIPv4(addrs []net.Addr, err error) string {
	if err != nil {
		return ""
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() {
			return n.IP.String()
		}
	}
	return ""
}
