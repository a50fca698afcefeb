package ssd1306test

// The SH1106 model: the command set of the SH1106 V2.3 datasheet
// ("Commands" 1-21), page addressing only, 132 RAM columns. See doc.go for
// the readings taken where the datasheet is silent.

// resetSH1106 loads the power-on values the SH1106 datasheet gives for each
// command, and fills the RAM with noise: its content at power-up is not
// defined, and on a real module the columns a driver never writes show it.
func (s *Sim) resetSH1106() {
	seed := uint32(0x1106)
	for i := range s.ram {
		seed = seed*1664525 + 1013904223
		s.ram[i] = byte(seed >> 24)
	}
	s.st = State{
		Contrast:   0x80, // command 5
		Mux:        64,   // command 9
		ChargePump: true, // command 10: DC-DC on (0x8B) at power-on
		ClockDiv:   0x50, // command 15
		Precharge:  0x22, // command 16
		COMPins:    0x12, // command 17
		VCOMH:      0x35, // command 18
		Mode:       Page, // the only mode
		ColEnd:     ramCols - 1,
		PageEnd:    pages - 1,
	}
}

// paramCountSH1106 is the number of bytes after a double-byte command.
// Commands the SH1106 does not have take none: the chip cannot know that an
// SSD1306 command had parameters, so they arrive as commands of their own.
func paramCountSH1106(b byte) int {
	switch b {
	case 0x81, 0xA8, 0xAD, 0xD3, 0xD5, 0xD9, 0xDA, 0xDB:
		return 1
	}
	return 0
}

// commandSH1106 feeds one command byte to the SH1106's parser.
func (s *Sim) commandSH1106(b byte) {
	if s.need > 0 {
		s.need--
		s.execSH1106(s.cmd, b)
		return
	}
	if paramCountSH1106(b) > 0 {
		s.cmd, s.need = b, 1
		return
	}
	s.execSH1106(b, 0)
}

// execSH1106 runs one command; p is the parameter of a double-byte one.
func (s *Sim) execSH1106(c, p byte) {
	st := &s.st
	switch {
	case c <= 0x0F: // command 1: lower column address
		st.Col = st.Col&0xF0 | int(c&0x0F)
	case c <= 0x1F: // command 2: higher column address
		st.Col = int(c&0x0F)<<4 | st.Col&0x0F
	case c >= 0x30 && c <= 0x33: // command 3: pump voltage, no visible effect
	case c >= 0x40 && c <= 0x7F: // command 4: display start line
		st.StartLine = int(c & 0x3F)
	case c == 0x81: // command 5: contrast
		st.Contrast = p
	case c == 0xA0 || c == 0xA1: // command 6: segment remap
		st.SegRemap = c == 0xA1
	case c == 0xA4 || c == 0xA5: // command 7: entire display on
		st.EntireOn = c == 0xA5
	case c == 0xA6 || c == 0xA7: // command 8: normal/reverse
		st.Inverted = c == 0xA7
	case c == 0xA8: // command 9: multiplex ratio, 1 to 64
		st.Mux = int(p&0x3F) + 1
	case c == 0xAD: // command 10: DC-DC control mode set, 0x8A off, 0x8B on
		st.ChargePump = p&0x01 != 0
	case c == 0xAE || c == 0xAF: // command 11: display off/on
		st.DisplayOn = c == 0xAF
	case c >= 0xB0 && c <= 0xB7: // command 12: page address
		st.Page = int(c & 7)
	case c >= 0xC0 && c <= 0xCF: // command 13: COM scan direction, bit 3
		st.COMRemap = c&0x08 != 0
	case c == 0xD3: // command 14: display offset
		st.Offset = int(p & 0x3F)
	case c == 0xD5: // command 15: clock divide ratio / oscillator
		st.ClockDiv = p
	case c == 0xD9: // command 16: discharge/pre-charge period
		st.Precharge = p
	case c == 0xDA: // command 17: common pads, 0x02 sequential, 0x12 alternative
		st.COMPins = p&0x10 | 0x02
	case c == 0xDB: // command 18: VCOM deselect level
		st.VCOMH = p
	case c == 0xE3: // command 21: NOP
	default:
		// 0x20-0x2F, 0x8D, 0xA3 and the other SSD1306-only commands. The
		// datasheet lists no such command; the chip ignores the byte.
		st.Unknown++
	}
}

// dataSH1106 stores one RAM byte in page addressing, the SH1106's only mode:
// the column increases, the page stays (datasheet "Display Data RAM"). A
// write past column 131 is dropped and counted.
func (s *Sim) dataSH1106(b byte) {
	st := &s.st
	if st.Col >= ramCols {
		st.Overflow++
		return
	}
	s.page(st.Page)[st.Col] = b
	st.Col++
}
