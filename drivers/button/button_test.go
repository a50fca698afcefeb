package button_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/unoref/unoref/drivers/button"
	"github.com/unoref/unoref/drivers/gpioline/gpiolinetest"
)

const ms = time.Millisecond

// bounce returns the edges of a contact that chatters between levels every
// step from at, ending on level final after n edges.
func bounce(line int, at time.Duration, n int, step time.Duration, final bool) []button.Edge {
	var es []button.Edge
	lvl := final
	if n%2 == 0 {
		lvl = !final
	}
	for i := 0; i < n; i++ {
		es = append(es, button.Edge{Line: line, At: at + time.Duration(i)*step, High: lvl})
		lvl = !lvl
	}
	return es
}

func TestDebouncer(t *testing.T) {
	tests := []struct {
		name   string
		edges  []button.Edge
		settle time.Duration
		want   []button.Event
	}{
		{
			name:   "clean press and release",
			edges:  []button.Edge{{At: 100 * ms, High: false}, {At: 300 * ms, High: true}},
			settle: 400 * ms,
			want: []button.Event{
				{Kind: button.Press, At: 100 * ms},
				{Kind: button.Release, At: 300 * ms, Held: 200 * ms},
			},
		},
		{
			name: "bouncing press and release",
			edges: append(bounce(0, 100*ms, 5, 300*time.Microsecond, false),
				bounce(0, 400*ms, 7, 500*time.Microsecond, true)...),
			settle: time.Second,
			want: []button.Event{
				{Kind: button.Press, At: 101200 * time.Microsecond},
				{Kind: button.Release, At: 403 * ms, Held: 301800 * time.Microsecond},
			},
		},
		{
			name:   "glitch shorter than the period is ignored",
			edges:  []button.Edge{{At: 100 * ms, High: false}, {At: 105 * ms, High: true}},
			settle: time.Second,
			want:   nil,
		},
		{
			name:   "pending press not settled yet",
			edges:  []button.Edge{{At: 100 * ms, High: false}},
			settle: 119 * ms,
			want:   nil,
		},
		{
			name:   "press settles exactly one period later",
			edges:  []button.Edge{{At: 100 * ms, High: false}},
			settle: 120 * ms,
			want:   []button.Event{{Kind: button.Press, At: 100 * ms}},
		},
		{
			name:   "long press reported while held",
			edges:  []button.Edge{{At: 0, High: false}},
			settle: 2 * time.Second,
			want: []button.Event{
				{Kind: button.Press, At: 0},
				{Kind: button.LongPress, At: time.Second, Held: time.Second},
			},
		},
		{
			name:   "long press then release",
			edges:  []button.Edge{{At: 0, High: false}, {At: 1500 * ms, High: true}},
			settle: 2 * time.Second,
			want: []button.Event{
				{Kind: button.Press, At: 0},
				{Kind: button.LongPress, At: time.Second, Held: time.Second},
				{Kind: button.Release, At: 1500 * ms, Held: 1500 * ms},
			},
		},
		{
			name:   "release just before the long-press time is not long",
			edges:  []button.Edge{{At: 0, High: false}, {At: 995 * ms, High: true}},
			settle: 1001 * ms,
			want: []button.Event{
				{Kind: button.Press, At: 0},
			},
		},
		{
			name:   "repeated level is ignored",
			edges:  []button.Edge{{At: 0, High: false}, {At: 50 * ms, High: false}, {At: 80 * ms, High: true}},
			settle: 200 * ms,
			want: []button.Event{
				{Kind: button.Press, At: 0},
				{Kind: button.Release, At: 80 * ms, Held: 80 * ms},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := button.Debouncer{Period: 20 * ms, LongPress: time.Second}
			var got []button.Event
			for _, e := range tt.edges {
				got = d.Edge(e.At, e.High, got)
			}
			got = d.Settle(tt.settle, got)
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("events = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestDebouncerActiveHigh(t *testing.T) {
	d := button.Debouncer{Period: 10 * ms, ActiveHigh: true}
	evs := d.Edge(0, true, nil)
	evs = d.Edge(50*ms, false, evs)
	evs = d.Settle(100*ms, evs)
	want := []button.Event{{Kind: button.Press, At: 0}, {Kind: button.Release, At: 50 * ms, Held: 50 * ms}}
	if fmt.Sprint(evs) != fmt.Sprint(want) {
		t.Errorf("events = %v, want %v", evs, want)
	}
	if d.Pressed() {
		t.Errorf("Pressed() = true after release, want false")
	}
}

var panel = map[int]button.Name{
	17: button.UNO, 27: button.Draw, 22: button.Pass, 23: button.Challenge,
	24: button.Red, 4: button.Yellow, 20: button.Green, 21: button.Blue,
}

func TestDevFeed(t *testing.T) {
	d, err := button.New(panel, &button.Opts{Debounce: 10 * ms})
	if err != nil {
		t.Fatal(err)
	}
	var got []button.Event
	feed := func(es ...button.Edge) {
		for _, e := range es {
			evs, err := d.Feed(e)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, evs...)
		}
	}
	// UNO bounces down, then CHALLENGE is pressed while UNO is still held;
	// UNO's press settles on CHALLENGE's first edge.
	feed(bounce(17, 0, 3, ms, false)...)
	feed(bounce(23, 50*ms, 4, ms, false)...)
	feed(button.Edge{Line: 17, At: 200 * ms, High: true})
	got = append(got, d.Settle(time.Second)...)
	want := []button.Event{
		{Button: button.UNO, Kind: button.Press, At: 2 * ms},
		{Button: button.Challenge, Kind: button.Press, At: 53 * ms},
		{Button: button.UNO, Kind: button.Release, At: 200 * ms, Held: 198 * ms},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("events = %v, want %v", got, want)
	}
	if _, err := d.Feed(button.Edge{Line: 5}); !errors.Is(err, button.ErrUnknownLine) {
		t.Errorf("Feed(line 5) error = %v, want ErrUnknownLine", err)
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct {
		name  string
		lines map[int]button.Name
		o     *button.Opts
	}{
		{"no lines", nil, nil},
		{"negative debounce", panel, &button.Opts{Debounce: -1}},
		{"long press shorter than debounce", panel, &button.Opts{Debounce: 50 * ms, LongPress: 10 * ms}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d, err := button.New(tt.lines, tt.o); err == nil {
				t.Errorf("New() = %v, want error", d)
			}
		})
	}
}

// TestRun feeds a bouncing press through the synchronous fake source and lets
// the fake clock settle it: the press arrives without any further edge.
func TestRun(t *testing.T) {
	clk := gpiolinetest.NewClock(time.Time{})
	d, err := button.New(panel, &button.Opts{Debounce: 20 * ms, LongPress: 2 * time.Second, Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	src := gpiolinetest.NewEdges()
	out := make(chan button.Event, 8)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- d.Run(ctx, src, out) }()

	src.Send(bounce(22, 10*time.Second, 5, 400*time.Microsecond, false)...)
	if len(out) != 0 {
		t.Fatalf("event %v before the contact settled", <-out)
	}
	clk.Advance(19 * ms)
	if len(out) != 0 {
		t.Fatalf("event %v before the debounce period", <-out)
	}
	clk.Advance(1 * ms)
	if got, want := <-out, (button.Event{Button: button.Pass, Kind: button.Press, At: 10*time.Second + 1600*time.Microsecond}); got != want {
		t.Errorf("event = %v, want %v", got, want)
	}
	// Held: the long press comes from the timer too.
	clk.BlockUntil(1)
	clk.Advance(2 * time.Second)
	if got, want := <-out, (button.Event{Button: button.Pass, Kind: button.LongPress, At: 12*time.Second + 1600*time.Microsecond, Held: 2 * time.Second}); got != want {
		t.Errorf("event = %v, want %v", got, want)
	}
	src.Send(button.Edge{Line: 22, At: 13 * time.Second, High: true}, button.Edge{Line: 17, At: 14 * time.Second, High: false})
	if got, want := <-out, (button.Event{Button: button.Pass, Kind: button.Release, At: 13 * time.Second, Held: 13*time.Second - (10*time.Second + 1600*time.Microsecond)}); got != want {
		t.Errorf("event = %v, want %v", got, want)
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("Run() = %v, want context.Canceled", err)
	}
	if _, ok := <-out; ok {
		t.Errorf("out not closed after Run returned")
	}
}

func TestRunSourceEnds(t *testing.T) {
	d, err := button.New(panel, &button.Opts{Clock: gpiolinetest.NewClock(time.Time{})})
	if err != nil {
		t.Fatal(err)
	}
	src := gpiolinetest.NewEdges()
	src.Close()
	if err := d.Run(context.Background(), src, make(chan button.Event)); err == nil {
		t.Errorf("Run() on a closed source = nil, want error")
	}
}

func BenchmarkFeed(b *testing.B) {
	d, err := button.New(panel, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := d.Feed(button.Edge{Line: 17, At: time.Duration(i) * 30 * ms, High: i%2 == 1}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/edge")
}
