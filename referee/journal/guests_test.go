package journal

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAddGuests: after a game with guests, the journal names them (the
// last game's guests, as shown, a renamed one by the name shown), and
// adding them puts them on the roster in one go: their seats, this
// game's and older ones', become theirs, and the record counts them.
func TestAddGuests(t *testing.T) {
	ctx := context.Background()
	j, _ := openTemp(t)
	if g, err := j.Guests(ctx); err != nil || g != nil {
		t.Fatalf("Guests of an empty journal = %q, %v", g, err)
	}
	if _, err := j.AddPlayer(ctx, Player{Name: "Ann", Seat: NoSeat}); err != nil {
		t.Fatal(err)
	}
	old, err := j.NewGame(ctx, []string{"Ann", "Vika"})
	if err != nil {
		t.Fatal(err)
	}
	if err := old.End(ctx); err != nil {
		t.Fatal(err)
	}
	g, err := j.NewGame(ctx, []string{"ann", "Vika", "Cy", "Dee"})
	if err != nil {
		t.Fatal(err)
	}
	if err := j.RenameSeat(ctx, g.ID(), "Dee", "Dora"); err != nil {
		t.Fatal(err)
	}
	guests, err := j.Guests(ctx)
	if err != nil || !cmp.Equal(guests, []string{"Vika", "Cy", "Dora"}) {
		t.Fatalf("Guests = %q, %v; want Vika, Cy and Dora (Ann is on the roster)", guests, err)
	}
	if _, err := j.AddPlayers(ctx, []Player{{Name: "Vika", Seat: NoSeat}, {Name: "ANN", Seat: NoSeat}}); !errors.Is(err, ErrNameTaken) {
		t.Fatalf("AddPlayers with a roster name: %v, want %v", err, ErrNameTaken)
	}
	if r, _ := j.Roster(ctx); len(r) != 1 {
		t.Fatalf("a refused AddPlayers added %d players, want none", len(r)-1)
	}
	var ps []Player
	for _, n := range guests {
		ps = append(ps, Player{Name: n, Seat: NoSeat})
	}
	added, err := j.AddPlayers(ctx, ps)
	if err != nil || len(added) != 3 {
		t.Fatalf("AddPlayers = %+v, %v", added, err)
	}
	games := map[string]int{}
	for _, p := range added {
		games[p.Name] = p.Games
	}
	// The open game is played; the old one, abandoned before a round, is
	// not (playedGame), but its seat is Vika's all the same.
	if want := map[string]int{"Vika": 1, "Cy": 1, "Dora": 1}; !cmp.Equal(games, want) {
		t.Errorf("games of the guests added: %v, want %v", games, want)
	}
	var seats int
	if err := j.db.QueryRowContext(ctx, "SELECT count(*) FROM seats s JOIN players p ON p.id = s.player_id WHERE p.name = 'Vika'").Scan(&seats); err != nil || seats != 2 {
		t.Errorf("Vika's seats: %d (%v), want 2: this game's and the older one's", seats, err)
	}
	if g, err := j.Guests(ctx); err != nil || len(g) != 0 {
		t.Errorf("Guests after adding them = %q, %v; want none", g, err)
	}
	f, err := j.Stats(ctx, Period{})
	if err != nil || len(f.Players) != 4 {
		t.Errorf("the record after adding the guests: %d players (%v), want 4", len(f.Players), err)
	}
}
