package mfrc522test

import (
	"errors"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/pin"
)

// IRQ returns the chip's IRQ output as an input pin of the host.
//
// Its level is Status1Reg IRq (the OR of the ComIrqReg/DivIrqReg bits enabled
// in ComIEnReg/DivIEnReg), inverted when ComIEnReg IRqInv is set. With
// DivIEnReg IRQPushPull clear the pin is open drain: it only drives low and
// otherwise floats to the pull set by In (datasheet Tables 25, 27; an external
// pull-up is assumed, so Float and PullNoChange read High too).
//
// WaitForEdge advances the modelled clock to the next edge instead of
// blocking; see the package documentation.
func (s *Sim) IRQ() gpio.PinIn { return s.irq }

// Reset returns the chip's NRSTPD input. Low is hard power-down (field off,
// SPI dead); a rising edge resets the chip (datasheet §8.8.1), which then
// answers nothing on SPI for Opts.StartUp while its oscillator starts
// (§8.8.2). The Mem buffer survives.
func (s *Sim) Reset() gpio.PinOut { return s.rst }

type irqPin struct {
	s       *Sim
	pull    gpio.Pull
	edge    gpio.Edge
	level   gpio.Level
	pending bool // an edge happened since the last WaitForEdge
}

var (
	_ gpio.PinIn  = (*irqPin)(nil)
	_ gpio.PinOut = (*resetPin)(nil)
)

func (p *irqPin) String() string         { return "MFRC522_IRQ" }
func (p *irqPin) Name() string           { return "MFRC522_IRQ" }
func (p *irqPin) Number() int            { return -1 }
func (p *irqPin) Function() string       { return "In" }
func (p *irqPin) Func() pin.Func         { return gpio.IN }
func (p *irqPin) Halt() error            { return nil }
func (p *irqPin) DefaultPull() gpio.Pull { return gpio.Float }

func (p *irqPin) In(pull gpio.Pull, edge gpio.Edge) error {
	p.s.mu.Lock()
	defer p.s.mu.Unlock()
	if pull != gpio.PullNoChange {
		p.pull = pull
	}
	p.edge = edge
	p.pending = false
	p.level = p.s.irqLevel()
	return nil
}

func (p *irqPin) Read() gpio.Level {
	p.s.mu.Lock()
	defer p.s.mu.Unlock()
	return p.s.irqLevel()
}

func (p *irqPin) Pull() gpio.Pull {
	p.s.mu.Lock()
	defer p.s.mu.Unlock()
	return p.pull
}

// WaitForEdge returns true at once if an edge was latched since the last
// call. Otherwise it advances the modelled clock through the chip's
// scheduled events (frame ends, timer) until one makes the edge, or by
// timeout. If nothing is scheduled at all it waits up to Opts.IRQGrace of
// wall-clock time for another goroutine to start something, then gives up.
func (p *irqPin) WaitForEdge(timeout time.Duration) bool {
	s := p.s
	s.mu.Lock()
	defer s.mu.Unlock()
	infinite := timeout < 0
	deadline := s.now.Add(timeout)
	for {
		if p.pending {
			p.pending = false
			return true
		}
		next, ok := s.nextEvent()
		if ok && (infinite || !next.After(deadline)) {
			s.advance(next)
			continue
		}
		if timeout == 0 {
			return false
		}
		if ok {
			s.advance(deadline)
			pending := p.pending
			p.pending = false
			return pending
		}
		if !infinite && !s.now.Before(deadline) {
			return false
		}
		ch := s.waitActivity()
		s.mu.Unlock()
		t := time.NewTimer(s.o.IRQGrace)
		woke := false
		select {
		case <-ch:
			woke = true
		case <-t.C:
		}
		t.Stop()
		s.mu.Lock()
		if !woke {
			if !infinite && s.now.Before(deadline) {
				s.advance(deadline)
			}
			if p.pending {
				p.pending = false
				return true
			}
			return false
		}
	}
}

// irqLevel is the electrical level of the IRQ line.
func (s *Sim) irqLevel() gpio.Level {
	released := gpio.Level(s.irq.pull != gpio.PullDown)
	if !s.powered() {
		return released
	}
	drive := s.irqActive() != (s.regs[regComIEn]&bitIRqInv != 0)
	if s.regs[regDivIEn]&bitIRQPushPull != 0 || !drive {
		return gpio.Level(drive)
	}
	return released
}

// irqActive is Status1Reg IRq (Table 35).
func (s *Sim) irqActive() bool {
	return s.comIrq&s.regs[regComIEn]&0x7F != 0 || s.divIrq&s.regs[regDivIEn]&(divMfinAct|divCRC) != 0
}

// updateIRQ latches an edge if the line changed in the watched direction.
func (s *Sim) updateIRQ() {
	p := s.irq
	l := s.irqLevel()
	if l == p.level {
		return
	}
	p.level = l
	switch p.edge {
	case gpio.BothEdges:
		p.pending = true
	case gpio.RisingEdge:
		p.pending = p.pending || l == gpio.High
	case gpio.FallingEdge:
		p.pending = p.pending || l == gpio.Low
	}
}

type resetPin struct{ s *Sim }

func (p *resetPin) String() string   { return "MFRC522_NRSTPD" }
func (p *resetPin) Name() string     { return "MFRC522_NRSTPD" }
func (p *resetPin) Number() int      { return -1 }
func (p *resetPin) Function() string { return "Out" }
func (p *resetPin) Func() pin.Func   { return gpio.OUT }
func (p *resetPin) Halt() error      { return nil }

func (p *resetPin) Out(l gpio.Level) error {
	s := p.s
	s.mu.Lock()
	defer s.mu.Unlock()
	was := s.nrstpd
	s.nrstpd = bool(l)
	switch {
	case !was && s.nrstpd && s.plugged:
		s.reset()
		s.waking = s.now.Add(s.o.StartUp)
	case was && !s.nrstpd:
		s.powerLost()
	}
	s.updateIRQ()
	s.signal()
	return nil
}

func (p *resetPin) PWM(gpio.Duty, physic.Frequency) error {
	return errors.New("mfrc522test: NRSTPD does not do PWM")
}
