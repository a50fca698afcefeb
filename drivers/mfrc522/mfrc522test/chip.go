package mfrc522test

import "time"

// Receiver states.
const (
	rxOff       = iota
	rxWaiting   // receiver on, nothing heard yet (ModemState 101)
	rxReceiving // a frame is arriving (ModemState 110)
)

// airOp is one PCD frame and the tags' answer to it.
type airOp struct {
	data     []byte
	nbits    int
	txStart  time.Time
	txEnd    time.Time
	txDone   bool
	reply    []uint8 // answer as bits, first on air first; nil = silence
	collAt   int     // index in reply of the first collided bit, -1 none
	parity   bool    // injected parity error
	rxStart  time.Time
	rxStop   time.Time // 5th bit received (Table 105), or the frame's end if sooner
	rxEnd    time.Time
	started  bool
	captured bool // the receiver was listening when the answer started
}

// timerState is the chip timer, datasheet §8.5.
type timerState struct {
	running bool
	start   time.Time
	div     int64 // 13.56 MHz clocks per tick: 2*TPrescaler+1 (+1 with TPrescalEven)
	reload  int64
	auto    bool      // TAutoRestart
	value   int64     // counter once stopped
	stopAt  time.Time // TAuto stops it then, after an answer's 5th bit; zero: no stop due
}

// airTime is the time on air of n data bits starting off bits into a byte:
// start bit, data, one parity bit per completed byte, end of frame
// (ISO/IEC 14443-3 §6.2.3).
func airTime(n, off int) time.Duration {
	return bitTime * time.Duration(2+n+(off+n)/8)
}

// reset puts every register in its reset state (soft reset, hard reset and
// power-on; §8.7, §10.3.1.10). The Mem buffer is kept.
func (s *Sim) reset() {
	s.regs = resetValues
	s.regs[regVersion] = s.o.Version
	s.fifo = s.fifo[:0]
	s.comIrq = resetValues[regComIrq]
	s.divIrq, s.errReg, s.lastBits = 0, 0, 0
	s.coll = resetValues[regColl]
	s.crc, s.crcReady = 0xFFFF, true
	s.command, s.armed = cmdIdle, false
	s.loAlert, s.hiAlert = true, false
	s.pendingTx, s.rx, s.air = false, rxOff, nil
	s.timer = timerState{}
	if s.hot {
		s.errReg |= errTemp
	}
	s.updateField()
}

// powerLost drops everything that needs power: the field, the frame in the
// air, the timer.
func (s *Sim) powerLost() {
	s.air, s.pendingTx, s.rx = nil, false, rxOff
	s.timer = timerState{}
	s.updateField()
	s.updateIRQ()
}

// updateField switches the RF field according to power, PowerDown, TxControlReg
// Tx1RFEn/Tx2RFEn (Table 61) and overheating. Tags power up IDLE and lose
// their state when the field drops (ISO/IEC 14443-3 §6.3 POWER-OFF).
func (s *Sim) updateField() {
	on := s.powered() && !s.hot && s.regs[regCommand]&bitPowerDown == 0 && s.regs[regTxControl]&0x03 != 0
	if on == s.field {
		return
	}
	s.field = on
	if on {
		s.fieldOn = s.now
	}
	for _, p := range s.tags {
		p.power(on)
	}
	if !on && s.air != nil {
		s.air.reply = nil // unpowered tags do not answer
		if s.air.txDone {
			s.air = nil
		}
	}
	if on && s.pendingTx {
		s.pendingTx = false
		s.startSend()
	}
}

// readReg returns a register without side effects.
func (s *Sim) readReg(addr byte) byte {
	switch addr {
	case regCommand:
		if s.resetting() {
			return s.regs[regCommand]&(bitRcvOff|bitPowerDown) | cmdSoftReset
		}
		return s.regs[regCommand]&(bitRcvOff|bitPowerDown) | s.command
	case regComIrq:
		return s.comIrq & 0x7F
	case regDivIrq:
		return s.divIrq & (divMfinAct | divCRC)
	case regError:
		return s.errReg
	case regStatus1:
		var v byte
		if s.crcReady {
			v |= st1CRCReady
			if s.crc == 0 {
				v |= st1CRCOk
			}
		}
		if s.irqActive() {
			v |= st1IRq
		}
		if s.timer.running {
			v |= st1TRunning
		}
		if s.hiAlert {
			v |= st1HiAlert
		}
		if s.loAlert {
			v |= st1LoAlert
		}
		return v
	case regStatus2:
		return s.regs[regStatus2]&st2Writable | s.modem()
	case regFIFOData:
		return 0
	case regFIFOLevel:
		return byte(len(s.fifo))
	case regControl:
		return 0x10 | s.lastBits
	case regColl:
		return s.coll
	case regCRCResultMSB:
		return byte(s.crc >> 8)
	case regCRCResultLSB:
		return byte(s.crc)
	case regTCounterValH:
		return byte(s.counter() >> 8)
	case regTCounterValL:
		return byte(s.counter())
	}
	return s.regs[addr]
}

// readRegPop is a read over SPI: FIFODataReg pops a byte.
func (s *Sim) readRegPop(addr byte) byte {
	if addr != regFIFOData {
		return s.readReg(addr)
	}
	if len(s.fifo) == 0 {
		s.underflow()
	}
	v := s.fifo[0]
	s.fifo = append(s.fifo[:0], s.fifo[1:]...)
	s.updateAlerts()
	return v
}

// underflow is a read of the empty FIFO, which the datasheet leaves
// undefined (§8.3: FIFOLevel bytes can be read): the FIFO is a 64-byte ring
// whose read pointer now passes its write pointer, so the byte read and the
// 63 the FIFO then seems to hold are stale garbage, until FlushBuffer. NXP's
// and the Arduino library read FIFOLevelReg first and never do this.
func (s *Sim) underflow() {
	s.stats.Undefined++
	for range fifoSize {
		s.fifo = append(s.fifo, s.random())
	}
}

// resetting tells whether a SoftReset command still runs.
func (s *Sim) resetting() bool { return s.now.Before(s.resetEnd) }

// write is a register write over SPI: lost while SoftReset runs.
func (s *Sim) write(addr, v byte) {
	if s.resetting() {
		return
	}
	s.writeReg(addr, v)
}

func (s *Sim) writeReg(addr, v byte) {
	switch addr {
	case regCommand:
		s.writeCommand(v)
	case regComIrq: // Set1: 1 sets the marked bits, 0 clears them (Table 29)
		if v&irqSet1 != 0 {
			s.comIrq |= v & 0x7F
		} else {
			s.comIrq &^= v & 0x7F
		}
	case regDivIrq: // Set2, Table 31
		m := v & (divMfinAct | divCRC)
		if v&divSet2 != 0 {
			s.divIrq |= m
		} else {
			s.divIrq &^= m
		}
	case regError, regStatus1, regCRCResultMSB, regCRCResultLSB, regTCounterValH, regTCounterValL, regVersion:
		// read-only
	case regStatus2:
		crypto := s.regs[regStatus2] & v & st2MFCrypto1On // only software can clear it
		s.regs[regStatus2] = v&(st2TempSensClear|0x40) | crypto
		if v&st2TempSensClear != 0 && !s.hot {
			s.errReg &^= errTemp
		}
	case regFIFOData:
		if s.command == cmdTransceive && s.rx != rxOff {
			// Host wrote the FIFO between the last bit sent and the
			// last bit received (Table 33 WrErr).
			s.setErr(errWr)
		}
		s.pushFIFO(v)
	case regFIFOLevel:
		if v&bitFlushBuffer != 0 {
			s.fifo = s.fifo[:0]
			s.errReg &^= errOvfl
			s.updateAlerts()
		}
	case regWaterLevel:
		s.regs[addr] = v & 0x3F
		s.updateAlerts()
	case regControl:
		if v&bitTStopNow != 0 {
			s.stopTimer()
		} else if v&bitTStartNow != 0 {
			s.startTimer(s.now)
		}
	case regBitFraming:
		// StartSend acts on its 0→1 edge only (see the package
		// documentation): a driver that leaves it set sends nothing.
		rising := v&^s.regs[addr]&bitStartSend != 0
		s.regs[addr] = v
		if rising && s.command == cmdTransceive {
			s.startSend()
		}
	case regColl:
		s.coll = s.coll&^bitValuesAfterCol | v&bitValuesAfterCol
	case regTxControl:
		s.regs[addr] = v
		if s.hot {
			s.regs[addr] &^= 0x03
		}
		s.updateField()
	default:
		s.regs[addr] = v
	}
}

func (s *Sim) setErr(bits byte) {
	s.errReg |= bits
	s.comIrq |= irqErr
}

func (s *Sim) pushFIFO(v byte) {
	if len(s.fifo) >= fifoSize {
		s.setErr(errOvfl)
		return
	}
	s.fifo = append(s.fifo, v)
	if s.command == cmdCalcCRC {
		s.crcFeed()
	}
	s.updateAlerts()
}

// updateAlerts sets Status1Reg LoAlert/HiAlert and latches their IRq bits on
// a rising condition (§8.3.2, Tables 29, 35).
func (s *Sim) updateAlerts() {
	wl := int(s.regs[regWaterLevel] & 0x3F)
	lo := len(s.fifo) <= wl
	hi := fifoSize-len(s.fifo) <= wl
	if lo && !s.loAlert {
		s.comIrq |= irqLoAlert
	}
	if hi && !s.hiAlert {
		s.comIrq |= irqHiAlert
	}
	s.loAlert, s.hiAlert = lo, hi
}

// crcFeed moves the FIFO into the CRC coprocessor (§10.3.1.4 CalcCRC: it
// keeps consuming bytes written later until another command starts).
func (s *Sim) crcFeed() {
	for _, b := range s.fifo {
		s.crc = crcUpdate(s.crc, b)
	}
	s.fifo = s.fifo[:0]
	s.crcReady = true
	s.divIrq |= divCRC
}

func (s *Sim) random() byte {
	s.rnd ^= s.rnd << 13
	s.rnd ^= s.rnd >> 7
	s.rnd ^= s.rnd << 17
	return byte(s.rnd >> 24)
}

// writeCommand starts a command (§10.3, Table 149). Starting any command ends
// the one running.
func (s *Sim) writeCommand(v byte) {
	cmd := v & 0x0F
	if cmd == cmdSoftReset {
		// PowerDown cannot be set together with SoftReset (Table 23).
		// The registers take their reset values at once; the command
		// then runs for Opts.SoftReset (§10.3.1.10 gives no duration).
		s.reset()
		s.resetEnd = s.now.Add(s.o.SoftReset)
		return
	}
	s.regs[regCommand] = v & (bitRcvOff | bitPowerDown)
	if cmd == cmdNoCmdChange {
		s.updateField()
		return
	}
	if s.air != nil && !s.air.txDone {
		s.air = nil // frame cut short: the tags discard it
	}
	s.pendingTx, s.rx, s.armed = false, rxOff, false
	s.command = cmdIdle
	s.errReg &^= errWr // WrErr belongs to the command it happened in
	switch cmd {
	case cmdIdle:
		// The host ending a command does not set IdleIRq (Table 29).
	case cmdMem:
		// §10.3.1.2: an empty FIFO is filled from the buffer, otherwise
		// 25 FIFO bytes go into it.
		if len(s.fifo) == 0 {
			s.fifo = append(s.fifo, s.mem[:]...)
		} else {
			n := copy(s.mem[:], s.fifo)
			s.fifo = append(s.fifo[:0], s.fifo[n:]...)
		}
		s.comIrq |= irqIdle
	case cmdRandomID:
		for i := range 10 {
			s.mem[i] = s.random()
		}
		s.comIrq |= irqIdle
	case cmdCalcCRC:
		s.command = cmdCalcCRC
		s.crc = [4]uint16{0x0000, 0x6363, 0xA671, 0xFFFF}[s.regs[regMode]&0x03] // ModeReg CRCPreset, Table 55
		s.crcReady = false
		s.crcFeed()
	case cmdTransmit:
		s.command = cmdTransmit
		s.startSend()
	case cmdReceive:
		s.command = cmdReceive
		s.rxStartUp()
	case cmdTransceive:
		// One Transceive sends one frame: StartSend starts it, and a
		// finished exchange needs the command written again.
		s.command, s.armed = cmdTransceive, true
	case cmdMFAuthent:
		// MIFARE Classic Crypto1 is not modelled: the exchange fails.
		s.setErr(errProtocol)
		s.comIrq |= irqIdle
	default:
		// An unknown command leaves the chip Idle with IdleIRq (Table 29).
		s.comIrq |= irqIdle
	}
	s.updateField()
	s.updateAlerts()
}

// modem is Status2Reg ModemState (Table 37).
func (s *Sim) modem() byte {
	switch s.command {
	case cmdTransceive, cmdTransmit:
		switch {
		case s.pendingTx:
			return modemTxWait
		case s.air != nil && !s.air.txDone:
			return modemTransmit
		case s.rx == rxWaiting:
			return modemWaitData
		case s.rx == rxReceiving:
			return modemReceiving
		case s.command == cmdTransceive:
			return modemStartSend
		}
	case cmdReceive:
		if s.rx == rxReceiving {
			return modemReceiving
		}
		return modemWaitData
	}
	return modemIdle
}

// startSend transmits the FIFO (Transmit, or Transceive with StartSend).
// TxLastBits gives the valid bits of the last byte (Table 47); TxCRCEn
// appends CRC_A (Table 57).
func (s *Sim) startSend() {
	if s.air != nil && !s.air.txDone {
		return
	}
	if s.command == cmdTransceive && (!s.armed || len(s.fifo) == 0) {
		return
	}
	if !s.field && s.regs[regMode]&bitTxWaitRF != 0 {
		s.pendingTx = true // ModeReg TxWaitRF: wait for the field (Table 55)
		return
	}
	s.armed = false
	data := append(s.op.data[:0], s.fifo...)
	s.fifo = s.fifo[:0]
	last := int(s.regs[regBitFraming] & 0x07)
	n := 8 * len(data)
	if last != 0 && len(data) > 0 {
		n = 8*(len(data)-1) + last
	}
	if s.regs[regTxMode]&bitTxCRCEn != 0 && last == 0 {
		c := CRCA(data)
		data = append(data, c[0], c[1])
		n += 16
	}
	s.rx = rxOff
	s.op = airOp{data: data, nbits: n, txStart: s.now, txEnd: s.now.Add(airTime(n, 0)), collAt: -1}
	s.air = &s.op
	s.updateAlerts()
}

// rxStartUp turns the receiver on; it clears the receive error bits (Table 33).
func (s *Sim) rxStartUp() {
	s.rx = rxWaiting
	s.errReg &^= errRx
}

// nextEvent is the time of the next scheduled change of chip state.
func (s *Sim) nextEvent() (time.Time, bool) {
	var t time.Time
	ok := false
	consider := func(x time.Time) {
		if !ok || x.Before(t) {
			t, ok = x, true
		}
	}
	if a := s.air; a != nil {
		switch {
		case !a.txDone:
			consider(a.txEnd)
		case a.reply != nil:
			if !a.started {
				consider(a.rxStart)
			}
			consider(a.rxEnd)
		}
	}
	if !s.timer.stopAt.IsZero() {
		consider(s.timer.stopAt)
	}
	if te, tok := s.timerEvent(); tok {
		consider(te)
	}
	return t, ok
}

// advance moves the modelled clock to `to`, firing every event on the way.
func (s *Sim) advance(to time.Time) {
	for {
		t, ok := s.nextEvent()
		if !ok || t.After(to) {
			break
		}
		if t.After(s.now) {
			s.now = t
		}
		s.fire(t)
		s.updateIRQ()
	}
	if to.After(s.now) {
		s.now = to
	}
}

// fire runs the first event due at t.
func (s *Sim) fire(t time.Time) {
	if a := s.air; a != nil {
		if !a.txDone {
			if !a.txEnd.After(t) {
				s.txDone()
				return
			}
		} else if a.reply != nil {
			switch {
			case !a.started && !a.rxStart.After(t):
				a.started = true
				if s.rx == rxWaiting && s.regs[regCommand]&bitRcvOff == 0 && s.regs[regRxMode]&maskSpeed == 0 {
					s.rx = rxReceiving
					a.captured = true
					if s.timer.running && s.regs[regTMode]&bitTAuto != 0 && s.regs[regRxMode]&bitRxMultiple == 0 {
						// TAuto stops the timer after the 5th bit, and
						// Opts.TimerStop later (Table 105).
						s.timer.stopAt = a.rxStop.Add(s.o.TimerStop)
					}
				}
				return
			case !a.rxEnd.After(t):
				s.rxDone()
				return
			}
		}
	}
	if st := s.timer.stopAt; !st.IsZero() && !st.After(t) {
		s.stopTimer()
		return
	}
	if te, ok := s.timerEvent(); ok && !te.After(t) {
		s.comIrq |= irqTimer
		if !s.timer.auto {
			s.timer.running = false
			s.timer.value = 0
		}
	}
}

// txDone ends a transmission: TxIRq, TAuto starts the timer, the receiver
// starts (Transceive), and the tags act on the frame.
func (s *Sim) txDone() {
	a := s.air
	a.txDone = true
	s.comIrq |= irqTx
	s.stats.Air += a.txEnd.Sub(a.txStart)
	if s.regs[regTMode]&bitTAuto != 0 {
		s.startTimer(a.txEnd)
	}
	switch s.command {
	case cmdTransmit:
		s.command = cmdIdle
		s.comIrq |= irqIdle
	case cmdTransceive:
		s.rxStartUp()
	}
	var replies [][]uint8
	delay := fdt
	// Tags powered by the field coming on are deaf for Opts.FieldGuard
	// (ISO/IEC 14443-3 §5); a tag laid on a pad whose field is on is
	// taken as ready at once.
	deaf := a.txStart.Before(s.fieldOn.Add(s.o.FieldGuard))
	if s.field && !deaf && s.regs[regTxMode]&maskSpeed == 0 {
		for _, p := range s.tags {
			if r := handle(p, a.data, a.nbits); r.bits != nil {
				replies = append(replies, r.bits)
				delay = max(delay, r.delay)
			}
		}
	}
	if len(replies) == 0 {
		s.air = nil
		return
	}
	bits, coll := combine(replies)
	a.collAt = coll
	if len(s.faults) > 0 {
		f := s.faults[0]
		s.faults = s.faults[1:]
		bits = s.applyFault(f, bits, a)
		if bits == nil {
			s.air = nil
			return
		}
	}
	a.reply = bits
	off := 0
	if a.nbits > 8 {
		off = a.nbits % 8 // a split anticollision byte continues mid-byte
	}
	rxAir := airTime(len(bits), off)
	a.rxStart = a.txEnd.Add(delay)
	a.rxEnd = a.rxStart.Add(rxAir)
	a.rxStop = a.rxStart.Add(5 * bitTime) // start bit + 4 data bits
	if a.rxStop.After(a.rxEnd) {
		a.rxStop = a.rxEnd
	}
	s.stats.Air += delay + rxAir
}

// combine overlays the tags' answers: where they differ the chip decodes a
// 1 and reports a collision at the first such bit (ISO/IEC 14443-3 §6.5.2;
// Manchester coding makes a 0/1 overlap visible).
func combine(replies [][]uint8) ([]uint8, int) {
	n := 0
	for _, r := range replies {
		n = max(n, len(r))
	}
	out := make([]uint8, n)
	coll := -1
	for i := range n {
		var zero, one bool
		for _, r := range replies {
			if i < len(r) {
				if r[i] != 0 {
					one = true
				} else {
					zero = true
				}
			}
		}
		if one {
			out[i] = 1
		}
		if one && zero && coll < 0 {
			coll = i
		}
	}
	return out, coll
}

func (s *Sim) applyFault(f Fault, bits []uint8, a *airOp) []uint8 {
	switch f {
	case FaultNoAnswer:
		return nil
	case FaultCRC:
		for i := max(0, len(bits)-8); i < len(bits); i++ {
			bits[i] ^= 1
		}
	case FaultTruncated:
		bits = bits[:len(bits)/2]
		if a.collAt >= len(bits) {
			a.collAt = -1
		}
	case FaultGarbage:
		same := true
		for i := range bits {
			b := s.random() & 1
			same = same && b == bits[i]
			bits[i] = b
		}
		if same && len(bits) > 0 {
			bits[0] ^= 1
		}
		a.collAt = -1
	case FaultParity:
		if len(bits) >= 8 {
			a.parity = true
		} else if len(bits) > 0 {
			bits[0] ^= 1
		}
	}
	return bits
}

// rxDone delivers a received frame to the FIFO: RxAlign places the first bit
// (Table 47), RxLastBits, CollReg, ErrorReg, RxCRCEn check-and-strip.
func (s *Sim) rxDone() {
	a := s.air
	s.air = nil
	if !a.captured || s.rx != rxReceiving {
		return
	}
	bits := a.reply
	if len(bits) < 4 && s.regs[regRxMode]&bitRxNoErr != 0 {
		s.rx = rxWaiting // RxNoErr: streams under 4 bits are ignored (Table 59)
		return
	}
	align := int(s.regs[regBitFraming]>>4) & 0x07
	coll := a.collAt
	if coll >= 0 && s.coll&bitValuesAfterCol == 0 {
		for i := coll + 1; i < len(bits); i++ {
			bits[i] = 0
		}
	}
	total := align + len(bits)
	buf := make([]byte, (total+7)/8)
	for i, b := range bits {
		if b != 0 {
			j := align + i
			buf[j/8] |= 1 << (j % 8)
		}
	}
	var errs byte
	vac := s.coll & bitValuesAfterCol
	if coll >= 0 {
		// CollPos counts bit positions as stored in the FIFO, RxAlign
		// included, from 1; 32 reads 0; beyond 32 is not valid (Table 49).
		errs |= errColl
		if pos := align + coll + 1; pos <= 32 {
			s.coll = vac | byte(pos&0x1F)
		} else {
			s.coll = vac | bitCollPosInvalid
		}
	} else {
		s.coll = vac | bitCollPosInvalid
		if a.parity {
			errs |= errParity
		}
	}
	if len(bits) < 4 {
		errs |= errProtocol
	}
	s.lastBits = byte(total % 8)
	if s.regs[regRxMode]&bitTxCRCEn != 0 {
		switch {
		case total%8 != 0 || len(buf) < 3:
			// Too short for a CRC_A (the 4-bit ACK/NAK): what the
			// chip keeps is not documented, so nothing is kept.
			errs |= errCRC
			buf, s.lastBits = nil, 0
		default:
			if !crcOK(buf) {
				errs |= errCRC
			}
			buf = buf[:len(buf)-2]
		}
	}
	for _, b := range buf {
		s.pushFIFO(b)
	}
	if errs != 0 {
		s.setErr(errs)
	}
	s.comIrq |= irqRx
	s.rx = rxOff
	if s.command == cmdReceive {
		s.command = cmdIdle
		s.comIrq |= irqIdle
	}
}

// Timer, §8.5: f_timer = 13.56 MHz / (2*TPrescaler+1), it fires
// (TReload+1) ticks after its start.

func clocks(d time.Duration) int64 { return d.Nanoseconds() * 1356 / 100000 }

func clocksDur(c int64) time.Duration { return time.Duration((c*100000 + 1355) / 1356) }

func (s *Sim) startTimer(at time.Time) {
	presc := int64(s.regs[regTMode]&0x0F)<<8 | int64(s.regs[regTPrescaler])
	div := 2*presc + 1
	if s.regs[regDemod]&bitTPrescalEven != 0 {
		div++
	}
	reload := int64(s.regs[regTReloadH])<<8 | int64(s.regs[regTReloadL])
	s.timer = timerState{running: true, start: at, div: div, reload: reload, auto: s.regs[regTMode]&bitTAutoRestart != 0, value: reload}
}

func (s *Sim) stopTimer() {
	s.timer.stopAt = time.Time{}
	if s.timer.running {
		s.timer.value = s.counter()
		s.timer.running = false
	}
}

// counter is TCounterValReg.
func (s *Sim) counter() int64 {
	t := &s.timer
	if !t.running {
		return t.value
	}
	ticks := clocks(s.now.Sub(t.start)) / t.div
	if t.auto {
		return t.reload - ticks%(t.reload+1)
	}
	return max(0, t.reload-ticks)
}

// timerEvent is the next expiry that changes something: always for a
// one-shot timer; with TAutoRestart only while TimerIRq is clear.
func (s *Sim) timerEvent() (time.Time, bool) {
	t := &s.timer
	if !t.running {
		return time.Time{}, false
	}
	period := t.div * (t.reload + 1)
	if !t.auto {
		return t.start.Add(clocksDur(period)), true
	}
	if s.comIrq&irqTimer != 0 {
		return time.Time{}, false
	}
	// The first expiry not before now.
	k := clocks(s.now.Sub(t.start)) / period
	if k == 0 || t.start.Add(clocksDur(k*period)).Before(s.now) {
		k++
	}
	return t.start.Add(clocksDur(k * period)), true
}
