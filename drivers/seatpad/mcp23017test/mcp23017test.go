package mcp23017test

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"
)

// Pin is one of the 16 GPIO pins: GPA0–GPA7 are 0–7, GPB0–GPB7 are 8–15.
type Pin int

// The chip's pins.
const (
	GPA0 Pin = iota
	GPA1
	GPA2
	GPA3
	GPA4
	GPA5
	GPA6
	GPA7
	GPB0
	GPB1
	GPB2
	GPB3
	GPB4
	GPB5
	GPB6
	GPB7
)

func (p Pin) String() string {
	if p < 0 || p > GPB7 {
		return fmt.Sprintf("pin(%d)", int(p))
	}
	return fmt.Sprintf("GP%c%d", "AB"[p/8], p%8)
}

func (p Pin) port() int   { return int(p) / 8 }
func (p Pin) mask() uint8 { return 1 << (uint(p) % 8) }
func (p Pin) valid() bool { return p >= GPA0 && p <= GPB7 }

// Register kinds, in the order of the BANK=1 map (datasheet table 3-4);
// BANK=0 interleaves port A and B: address = kind*2 + port (table 3-5).
const (
	regIODIR = iota
	regIPOL
	regGPINTEN
	regDEFVAL
	regINTCON
	regIOCON
	regGPPU
	regINTF
	regINTCAP
	regGPIO
	regOLAT
	numRegs
)

// IOCON bits (datasheet register 3-6).
const (
	ioconBANK   = 1 << 7
	ioconMIRROR = 1 << 6
	ioconSEQOP  = 1 << 5
	ioconODR    = 1 << 2
	ioconINTPOL = 1 << 1
)

// ErrNoDevice is returned for a transaction to an address with no chip: the
// address byte is not acknowledged.
var ErrNoDevice = errors.New("mcp23017test: no device at address (NACK)")

// Bus is an I²C bus (i2c.Bus) with simulated MCP23017 chips on it.
type Bus struct {
	mu    sync.Mutex
	chips map[uint16]*Chip
	tx    int
}

var _ i2c.Bus = (*Bus)(nil)

// NewBus returns a bus with a powered-on chip at each address.
func NewBus(addrs ...uint16) *Bus {
	b := &Bus{chips: map[uint16]*Chip{}}
	for _, a := range addrs {
		b.chips[a] = &Chip{bus: b, addr: a}
		b.chips[a].reset()
	}
	return b
}

// Chip returns the chip at addr, or nil.
func (b *Bus) Chip(addr uint16) *Chip {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.chips[addr]
}

// Tx implements i2c.Bus: the bytes written after the register address are
// stored from that address on, then r is read from the address pointer,
// which advances after every byte as IOCON.SEQOP and IOCON.BANK say.
func (b *Bus) Tx(addr uint16, w, r []byte) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.tx++
	c, ok := b.chips[addr]
	if !ok {
		return fmt.Errorf("%w 0x%02X", ErrNoDevice, addr)
	}
	if c.Err != nil {
		return c.Err
	}
	if len(w) > 0 {
		c.ptr = w[0]
		for _, v := range w[1:] {
			c.write(c.ptr, v)
			c.advance()
		}
	}
	for i := range r {
		r[i] = c.read(c.ptr)
		c.advance()
	}
	return nil
}

// SetSpeed implements i2c.Bus.
func (b *Bus) SetSpeed(physic.Frequency) error { return nil }

func (b *Bus) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var as []string
	for a := range b.chips {
		as = append(as, fmt.Sprintf("0x%02X", a))
	}
	sort.Strings(as)
	return "mcp23017test{" + strings.Join(as, " ") + "}"
}

// Tx returns the number of transactions so far.
func (b *Bus) Transactions() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.tx
}

// Chip is one simulated MCP23017. Its methods stand for the outside world:
// what is wired to the pins, and what a voltmeter would read.
type Chip struct {
	// Err, when set, fails every transaction to the chip.
	Err error

	bus  *Bus
	addr uint16
	reg  [2][numRegs]uint8 // GPIO is not stored: it is computed from the pins
	ptr  uint8
	// Outside world: which pins are driven externally, and to what level.
	driven [2]uint8
	extHi  [2]uint8
	last   [2]uint8 // pin levels at the last interrupt evaluation
}

// reset puts the chip in its power-on state (datasheet tables 3-4/3-5:
// IODIR 0xFF, everything else 0).
func (c *Chip) reset() {
	c.reg = [2][numRegs]uint8{}
	c.reg[0][regIODIR], c.reg[1][regIODIR] = 0xFF, 0xFF
	c.ptr = 0
	c.last = [2]uint8{c.levels(0), c.levels(1)}
}

// Reset is a pulse on the RESET pin: registers return to their power-on
// state; what drives the pins from outside stays.
func (c *Chip) Reset() {
	c.bus.mu.Lock()
	defer c.bus.mu.Unlock()
	c.reset()
}

func (c *Chip) bank1() bool { return c.reg[0][regIOCON]&ioconBANK != 0 }

// decode maps a register address to (kind, port).
func (c *Chip) decode(a uint8) (kind, port int, ok bool) {
	if c.bank1() {
		kind, port = int(a&0x0F), int(a>>4)
		return kind, port, kind < numRegs && port < 2
	}
	return int(a / 2), int(a % 2), a < 2*numRegs
}

func (c *Chip) advance() {
	if c.reg[0][regIOCON]&ioconSEQOP != 0 {
		// Byte mode: BANK=0 toggles between the A/B pair, BANK=1 stays.
		if !c.bank1() {
			c.ptr ^= 1
		}
		return
	}
	c.ptr++
	if c.bank1() {
		switch {
		case c.ptr&0x0F == numRegs && c.ptr>>4 == 0:
			c.ptr = 0x10
		case c.ptr&0x0F == numRegs:
			c.ptr = 0
		}
	} else if c.ptr >= 2*numRegs {
		c.ptr = 0
	}
}

// levels returns the voltage levels of a port's pins: outputs show the
// latch; inputs show what drives them, or the pull-up, or low when floating.
func (c *Chip) levels(port int) uint8 {
	dir := c.reg[port][regIODIR]
	in := (c.driven[port] & c.extHi[port]) | (^c.driven[port] & c.reg[port][regGPPU])
	return (dir & in) | (^dir & c.reg[port][regOLAT])
}

// gpio is the value of the GPIO register: input bits through IPOL.
func (c *Chip) gpio(port int) uint8 {
	return c.levels(port) ^ (c.reg[port][regIPOL] & c.reg[port][regIODIR])
}

func (c *Chip) read(a uint8) uint8 {
	kind, port, ok := c.decode(a)
	if !ok {
		return 0
	}
	switch kind {
	case regGPIO:
		v := c.gpio(port)
		c.clearInt(port)
		return v
	case regINTCAP:
		v := c.reg[port][regINTCAP]
		c.clearInt(port)
		return v
	case regIOCON:
		return c.reg[0][regIOCON] &^ 1 // bit 0 unimplemented
	}
	return c.reg[port][kind]
}

func (c *Chip) write(a, v uint8) {
	kind, port, ok := c.decode(a)
	if !ok {
		return
	}
	switch kind {
	case regINTF, regINTCAP:
		return // read-only
	case regGPIO:
		kind = regOLAT // a write to GPIO writes the latch
	case regIOCON:
		// One register at two addresses.
		c.reg[0][regIOCON], c.reg[1][regIOCON] = v, v
		return
	}
	c.reg[port][kind] = v
	c.evalInt()
}

func (c *Chip) clearInt(port int) {
	c.reg[port][regINTF] = 0
	c.evalInt() // compare-to-DEFVAL conditions that persist fire again
}

// evalInt applies interrupt-on-change (datasheet 3.6): enabled input pins
// that changed since the last evaluation (INTCON=0) or differ from DEFVAL
// (INTCON=1) set INTF and capture the port, unless an interrupt is pending.
func (c *Chip) evalInt() {
	for p := 0; p < 2; p++ {
		lv := c.levels(p)
		en := c.reg[p][regGPINTEN] & c.reg[p][regIODIR]
		ic := c.reg[p][regINTCON]
		cond := en & ((^ic & (lv ^ c.last[p])) | (ic & (lv ^ c.reg[p][regDEFVAL])))
		c.last[p] = lv
		if cond != 0 && c.reg[p][regINTF] == 0 {
			c.reg[p][regINTF] = cond
			c.reg[p][regINTCAP] = c.gpio(p)
		}
	}
}

// Drive connects pin to an outside level (a button to ground pressed: false).
func (c *Chip) Drive(pin Pin, high bool) {
	c.bus.mu.Lock()
	defer c.bus.mu.Unlock()
	if !pin.valid() {
		panic(fmt.Sprintf("mcp23017test: %v", pin))
	}
	c.driven[pin.port()] |= pin.mask()
	if high {
		c.extHi[pin.port()] |= pin.mask()
	} else {
		c.extHi[pin.port()] &^= pin.mask()
	}
	c.evalInt()
}

// Release leaves pin floating (a button to ground not pressed): it reads
// high only if its pull-up is on.
func (c *Chip) Release(pin Pin) {
	c.bus.mu.Lock()
	defer c.bus.mu.Unlock()
	if !pin.valid() {
		panic(fmt.Sprintf("mcp23017test: %v", pin))
	}
	c.driven[pin.port()] &^= pin.mask()
	c.evalInt()
}

// IsOutput reports whether pin is configured as an output (IODIR bit 0).
func (c *Chip) IsOutput(pin Pin) bool {
	c.bus.mu.Lock()
	defer c.bus.mu.Unlock()
	return c.reg[pin.port()][regIODIR]&pin.mask() == 0
}

// Level is the voltage on pin: high or low.
func (c *Chip) Level(pin Pin) bool {
	c.bus.mu.Lock()
	defer c.bus.mu.Unlock()
	return c.levels(pin.port())&pin.mask() != 0
}

// Latch returns the output latch (OLAT) of port 0 (A) or 1 (B).
func (c *Chip) Latch(port int) uint8 {
	c.bus.mu.Lock()
	defer c.bus.mu.Unlock()
	return c.reg[port][regOLAT]
}

// Register returns a register by its address under the current IOCON.BANK,
// without the side effects of a bus read.
func (c *Chip) Register(addr uint8) uint8 {
	c.bus.mu.Lock()
	defer c.bus.mu.Unlock()
	kind, port, ok := c.decode(addr)
	switch {
	case !ok:
		return 0
	case kind == regGPIO:
		return c.gpio(port)
	}
	return c.reg[port][kind]
}

// Interrupt reports whether INTA (port 0) or INTB (port 1) is asserted;
// with IOCON.MIRROR both report either port.
func (c *Chip) Interrupt(port int) bool {
	c.bus.mu.Lock()
	defer c.bus.mu.Unlock()
	if c.reg[0][regIOCON]&ioconMIRROR != 0 {
		return c.reg[0][regINTF]|c.reg[1][regINTF] != 0
	}
	return c.reg[port][regINTF] != 0
}

// INTLevel is the voltage on INTA/INTB as the Pi sees it: active-low unless
// IOCON.INTPOL; open drain (IOCON.ODR) is active-low and idles high only
// with a pull-up, which pullUp says is fitted.
func (c *Chip) INTLevel(port int, pullUp bool) bool {
	asserted := c.Interrupt(port)
	c.bus.mu.Lock()
	iocon := c.reg[0][regIOCON]
	c.bus.mu.Unlock()
	switch {
	case iocon&ioconODR != 0:
		return !asserted && pullUp
	case iocon&ioconINTPOL != 0:
		return asserted
	}
	return !asserted
}

func (c *Chip) String() string { return fmt.Sprintf("MCP23017@0x%02X", c.addr) }
