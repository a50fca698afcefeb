package voice

import (
	"encoding/binary"
	"errors"
	"math"
	"time"
)

// WAV describes the sound of a PCM WAV file: enough to tell speech from
// silence and a plausible sentence from a click.
type WAV struct {
	Rate     int           // samples a second
	Channels int           // 1 for espeak-ng
	Bits     int           // bits a sample
	Duration time.Duration // of the samples
	RMS      float64       // root mean square of the samples, 0 to 1
	Peak     float64       // largest absolute sample, 0 to 1
}

// ErrNotWAV is returned by ParseWAV for bytes that are not 16-bit PCM WAV.
var ErrNotWAV = errors.New("voice: not a 16-bit PCM WAV")

// ParseWAV reads the header and the 16-bit samples of a RIFF WAV file. A
// data chunk whose size is unknown (espeak-ng writing to a pipe says
// 0x7fffffff or 0) runs to the end of the file.
func ParseWAV(b []byte) (WAV, error) {
	if len(b) < 12 || string(b[0:4]) != "RIFF" || string(b[8:12]) != "WAVE" {
		return WAV{}, ErrNotWAV
	}
	var w WAV
	for p := 12; p+8 <= len(b); {
		id, size := string(b[p:p+4]), int(binary.LittleEndian.Uint32(b[p+4:p+8]))
		body := b[p+8:]
		switch id {
		case "fmt ":
			if len(body) < 16 || binary.LittleEndian.Uint16(body[0:2]) != 1 {
				return WAV{}, ErrNotWAV
			}
			w.Channels = int(binary.LittleEndian.Uint16(body[2:4]))
			w.Rate = int(binary.LittleEndian.Uint32(body[4:8]))
			w.Bits = int(binary.LittleEndian.Uint16(body[14:16]))
		case "data":
			if w.Bits != 16 || w.Rate == 0 || w.Channels == 0 {
				return WAV{}, ErrNotWAV
			}
			if size <= 0 || size > len(body) {
				size = len(body)
			}
			w.measure(body[:size&^1])
			return w, nil
		}
		p += 8 + size + size&1
	}
	return WAV{}, ErrNotWAV
}

func (w *WAV) measure(pcm []byte) {
	n := len(pcm) / 2
	var sum float64
	for i := 0; i < n; i++ {
		v := math.Abs(float64(int16(binary.LittleEndian.Uint16(pcm[2*i:]))) / 32768)
		sum += v * v
		w.Peak = math.Max(w.Peak, v)
	}
	if n > 0 {
		w.RMS = math.Sqrt(sum / float64(n))
	}
	frames := n / w.Channels
	w.Duration = time.Duration(frames) * time.Second / time.Duration(w.Rate)
}
