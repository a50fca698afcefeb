package mfrc522

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"pgregory.net/rapid"

	"github.com/unoref/unoref/drivers/mfrc522/mfrc522test"
)

// recorder passes SPI through to the simulator and records the writes and
// the speed the driver connects at.
type recorder struct {
	*mfrc522test.Sim
	speed  physic.Frequency
	writes [][]byte
}

func (r *recorder) Connect(f physic.Frequency, m spi.Mode, bits int) (spi.Conn, error) {
	r.speed = f
	c, err := r.Sim.Connect(f, m, bits)
	return &recConn{Conn: c, r: r}, err
}

type recConn struct {
	spi.Conn
	r *recorder
}

func (c *recConn) Tx(w, r []byte) error {
	if len(w) > 1 && w[0]&0x80 == 0 {
		c.r.writes = append(c.r.writes, append([]byte(nil), w...))
	}
	return c.Conn.Tx(w, r)
}

// frame is what the driver wrote to start one frame: every register write
// since the frame before, in order.
type frameWrites [][]byte

// frames splits the writes at each StartSend.
func (r *recorder) frames() []frameWrites {
	var fs []frameWrites
	var cur frameWrites
	for _, w := range r.writes {
		cur = append(cur, w)
		if w[0]>>1 == regBitFraming && w[len(w)-1]&startSend != 0 {
			fs = append(fs, cur)
			cur = nil
		}
	}
	return fs
}

// TestEveryExchangeRestartsTransceive (issue 10 point 1, issue 23 point
// 13): every frame is started as NXP's reader library and the Arduino
// library start it — Idle, the FIFO flushed and loaded, Transceive written
// again, StartSend raised from 0 — including after a timeout and after
// HLTA, and every register but FIFODataReg gets one value per SPI
// transaction.
func TestEveryExchangeRestartsTransceive(t *testing.T) {
	sim := mfrc522test.New(nil)
	rec := &recorder{Sim: sim}
	d, err := NewSPI(rec, &Opts{Now: sim.Now, Sleep: sim.Sleep, ReadPage: 4})
	if err != nil {
		t.Fatalf("NewSPI() = %v", err)
	}
	rec.writes = nil
	if tags, err := d.Detect(); err != nil || len(tags) != 0 { // a timeout
		t.Fatalf("Detect(empty) = %v, %v", tags, err)
	}
	sim.Place(mfrc522test.NewNTAG213(uid7))
	for i := range 3 { // WUPA, anticollision, SELECT, READ, HLTA, again
		if tags, err := d.Detect(); err != nil || len(tags) != 1 || len(tags[0].Data) != 16 {
			t.Fatalf("Detect() #%d = %v, %v", i, tags, err)
		}
	}
	for _, w := range rec.writes {
		if len(w) != 2 && w[0]>>1 != regFIFOData {
			t.Errorf("write % X: %d values to register 0x%02X in one transaction, want one", w, len(w)-1, w[0]>>1)
		}
	}
	fs := rec.frames()
	if len(fs) < 20 {
		t.Fatalf("%d frames, want at least 20", len(fs))
	}
	for i, f := range fs {
		var order []string
		for _, w := range f {
			switch reg, v := w[0]>>1, w[len(w)-1]; {
			case reg == regCommand && v == cmdIdle:
				order = append(order, "Idle")
			case reg == regCommand && v == cmdTransceive:
				order = append(order, "Transceive")
			case reg == regFIFOLevel && v&flushBuffer != 0:
				order = append(order, "flush")
			case reg == regFIFOData:
				order = append(order, "FIFO")
			case reg == regBitFraming && v&startSend == 0:
				order = append(order, "StartSend 0")
			case reg == regBitFraming:
				order = append(order, "StartSend 1")
			}
		}
		want := []string{"Idle", "flush", "FIFO", "StartSend 0", "Transceive", "StartSend 1"}
		if diff := cmp.Diff(want, order); diff != "" {
			t.Errorf("frame %d (-want +got):\n%s", i, diff)
		}
	}
}

// TestSlowStartUp (point 2): after NRSTPD rises the chip reads 0x00 until
// its oscillator runs; NewSPI waits up to about 100 ms.
func TestSlowStartUp(t *testing.T) {
	tests := []struct {
		name    string
		startUp time.Duration
		wantErr error
	}{
		{"Arduino's 50 ms", 50 * time.Millisecond, nil},
		{"slow crystal, 95 ms", 95 * time.Millisecond, nil},
		{"never starts in time, 150 ms", 150 * time.Millisecond, ErrReaderGone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sim := mfrc522test.New(&mfrc522test.Opts{StartUp: tt.startUp})
			_ = sim.Reset().Out(gpio.Low)
			_ = sim.Reset().Out(gpio.High)
			d, err := NewSPI(sim, &Opts{Now: sim.Now, Sleep: sim.Sleep})
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("NewSPI() = %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			sim.Place(mfrc522test.NewNTAG213(uid7))
			if tags, err := d.Detect(); err != nil || len(tags) != 1 {
				t.Errorf("Detect() = %v, %v, want the tag", tags, err)
			}
		})
	}
}

// TestVersions (point 4): any VersionReg but 0x00/0xFF is a chip; the
// names are the datasheet's and the Arduino library's.
func TestVersions(t *testing.T) {
	tests := []struct {
		v     byte
		name  string
		known bool
	}{
		{0x90, "MFRC522 v0.0", true},
		{0x91, "MFRC522 v1.0", true},
		{0x92, "MFRC522 v2.0", true},
		{0x88, "FM17522 clone", true},
		// Not an FM17522 version anyone has described (issue 23 point
		// 15): the Arduino library names 0x88.
		{0xB2, "unknown chip (VersionReg 0xB2)", false},
		{0x12, "counterfeit MFRC522", true},
		{0x15, "unknown chip (VersionReg 0x15)", false},
		{0x18, "unknown chip (VersionReg 0x18)", false},
		{0x1C, "unknown chip (VersionReg 0x1C)", false},
		{0x89, "unknown chip (VersionReg 0x89)", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sim := mfrc522test.New(&mfrc522test.Opts{Version: tt.v})
			d, err := NewSPI(sim, &Opts{Now: sim.Now, Sleep: sim.Sleep})
			if err != nil {
				t.Fatalf("NewSPI(version 0x%02X) = %v", tt.v, err)
			}
			if got := d.Version(); got != tt.v {
				t.Errorf("Version() = 0x%02X, want 0x%02X", got, tt.v)
			}
			if name, known := ChipName(tt.v); name != tt.name || known != tt.known {
				t.Errorf("ChipName(0x%02X) = %q, %v, want %q, %v", tt.v, name, known, tt.name, tt.known)
			}
		})
	}
	refused := map[string]*mfrc522test.Sim{"0x00": mfrc522test.New(nil), "0xFF": mfrc522test.New(&mfrc522test.Opts{Version: 0xFF})}
	refused["0x00"].Unplug()
	for name, sim := range refused {
		if _, err := NewSPI(sim, &Opts{Now: sim.Now, Sleep: sim.Sleep}); !errors.Is(err, ErrReaderGone) {
			t.Errorf("NewSPI(VersionReg %s) = %v, want ErrReaderGone", name, err)
		}
	}
}

// TestLateAnswers (point 3): tags answer anywhere inside the NTAG21x limits
// — READ and GET_VERSION up to 5 ms, WRITE up to 10 ms — and the driver
// reads the answer once the chip says it is complete, never half of it.
func TestLateAnswers(t *testing.T) {
	min := mfrc522test.MinAnswerDelay
	tests := []struct {
		name  string
		cmd   byte
		delay time.Duration
	}{
		{"READ at n=9", piccRead, min},
		{"READ 200 µs late", piccRead, 200 * time.Microsecond},
		{"READ 1.8 ms late", piccRead, 1800 * time.Microsecond},
		{"READ at 5 ms", piccRead, 5 * time.Millisecond},
		{"GET_VERSION at n=9", piccGetVersion, min},
		{"GET_VERSION at 5 ms", piccGetVersion, 5 * time.Millisecond},
		{"WRITE at n=9", piccWrite, min},
		{"WRITE 6.5 ms late", piccWrite, 6500 * time.Microsecond},
		{"WRITE at 10 ms", piccWrite, 10 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sim := mfrc522test.New(nil)
			rec := &recorder{Sim: sim}
			d, err := NewSPI(rec, &Opts{Now: sim.Now, Sleep: sim.Sleep, Retries: -1})
			if err != nil {
				t.Fatalf("NewSPI() = %v", err)
			}
			tag := mfrc522test.NewNTAG213(uid7)
			tag.SetAnswerDelay(tt.cmd, tt.delay)
			tag.SetPage(4, [4]byte{0x4E, 0x54, 0x41, 0x47})
			sim.Place(tag)
			switch tt.cmd {
			case piccRead:
				got, err := d.ReadPages(uid7, 4)
				if err != nil || !slices.Equal(got[:4], []byte{0x4E, 0x54, 0x41, 0x47}) {
					t.Fatalf("ReadPages() = % X, %v", got, err)
				}
			case piccGetVersion:
				if got, err := d.Identify(uid7); err != nil || got != TypeNTAG213 {
					t.Fatalf("Identify() = %v, %v, want NTAG213", got, err)
				}
			case piccWrite:
				if err := d.WritePage(uid7, 5, [4]byte{1, 2, 3, 4}); err != nil || tag.Page(5) != [4]byte{1, 2, 3, 4} {
					t.Fatalf("WritePage() = %v, page % X", err, tag.Page(5))
				}
			}
		})
	}
}

// TestNAKIsNotACRCError (point 6): a 4-bit NAK comes back as ErrNAK at the
// first attempt; it is never taken for a CRC error and retried.
func TestNAKIsNotACRCError(t *testing.T) {
	tests := []struct {
		name string
		do   func(d *Dev) error
	}{
		{"READ past the end", func(d *Dev) error { _, err := d.ReadPages(uid7, 0x30); return err }},
		{"WRITE to a locked page", func(d *Dev) error { return d.WritePage(uid7, 4, [4]byte{9, 9, 9, 9}) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sim := mfrc522test.New(nil)
			rec := &recorder{Sim: sim}
			d, err := NewSPI(rec, &Opts{Now: sim.Now, Sleep: sim.Sleep})
			if err != nil {
				t.Fatalf("NewSPI() = %v", err)
			}
			tag := mfrc522test.NewUltralight(uid7)
			tag.Lock(4)
			sim.Place(tag)
			rec.writes = nil
			err = tt.do(d)
			if !errors.Is(err, ErrNAK) || errors.Is(err, ErrCRC) {
				t.Fatalf("%s = %v, want ErrNAK", tt.name, err)
			}
			// WUPA, 2 × (anticollision + SELECT) at most, the command.
			if n := len(rec.frames()); n > 6 {
				t.Errorf("%d frames sent, want one attempt (at most 6)", n)
			}
		})
	}
}

// TestOptions (point 5): receiver gain and SPI speed, checked in NewSPI;
// RFCfgReg's reserved bits (reset value 0x48: bit 3) are kept.
func TestOptions(t *testing.T) {
	tests := []struct {
		name      string
		o         Opts
		wantRFCfg byte
		wantSpeed physic.Frequency
		wantErr   bool
	}{
		{"defaults", Opts{}, 0x48, DefaultSpeed, false},
		{"18 dB", Opts{RxGainDB: 18}, 0x08, DefaultSpeed, false},
		{"23 dB", Opts{RxGainDB: 23}, 0x18, DefaultSpeed, false},
		{"38 dB", Opts{RxGainDB: 38}, 0x58, DefaultSpeed, false},
		{"43 dB", Opts{RxGainDB: 43}, 0x68, DefaultSpeed, false},
		{"48 dB at 1 MHz", Opts{RxGainDB: 48, Speed: physic.MegaHertz}, 0x78, physic.MegaHertz, false},
		{"10 MHz", Opts{Speed: 10 * physic.MegaHertz}, 0x48, 10 * physic.MegaHertz, false},
		{"30 dB", Opts{RxGainDB: 30}, 0, 0, true},
		{"-1 dB", Opts{RxGainDB: -1}, 0, 0, true},
		{"RxGain code 7", Opts{RxGainDB: 7}, 0, 0, true},
		{"12 MHz", Opts{Speed: 12 * physic.MegaHertz}, 0, 0, true},
		{"negative speed", Opts{Speed: -1}, 0, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sim := mfrc522test.New(nil)
			rec := &recorder{Sim: sim}
			o := tt.o
			o.Now, o.Sleep = sim.Now, sim.Sleep
			d, err := NewSPI(rec, &o)
			if (err != nil) != tt.wantErr {
				t.Fatalf("NewSPI(%+v) = %v, want error %v", tt.o, err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if got := sim.Reg(regRFCfg); got != tt.wantRFCfg {
				t.Errorf("RFCfgReg = 0x%02X, want 0x%02X", got, tt.wantRFCfg)
			}
			if rec.speed != tt.wantSpeed {
				t.Errorf("connected at %s, want %s", rec.speed, tt.wantSpeed)
			}
			sim.Place(mfrc522test.NewNTAG213(uid7))
			if tags, err := d.Detect(); err != nil || len(tags) != 1 {
				t.Errorf("Detect() = %v, %v", tags, err)
			}
		})
	}
}

// TestCRCA: the driver's CRC_A agrees with the simulator's, written
// independently.
func TestCRCA(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		data := rapid.SliceOfN(rapid.Byte(), 0, 64).Draw(t, "data")
		if diff := cmp.Diff(mfrc522test.CRCA(data), crcA(data)); diff != "" {
			t.Fatalf("crcA(% X) (-sim +driver):\n%s", data, diff)
		}
	})
}
