package replay_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/unoref/unoref/referee"
	"github.com/unoref/unoref/referee/replay"
)

func ExampleReplay() {
	log := `players Ann Ben   # Ann deals, Ben plays first
rules official
start R5
play G2           # Ben: does not match
`
	w := replay.NewJSONWriter(os.Stdout)
	n, err := replay.Replay(context.Background(), strings.NewReader(log), referee.New(), w.Write)
	fmt.Println(n, err)
	// Output:
	// {"line":1,"ok":true,"error":"","message":"2 players are seated and Ann deals","phase":"setup","turn":"","direction":"cw","top":"","color":"","pending":0,"hands":{"Ann":0,"Ben":0},"scores":{"Ann":0,"Ben":0},"round":0,"winner":""}
	// {"line":2,"ok":true,"error":"","message":"The game is played by the official rules","phase":"setup","turn":"","direction":"cw","top":"","color":"","pending":0,"hands":{"Ann":0,"Ben":0},"scores":{"Ann":0,"Ben":0},"round":0,"winner":""}
	// {"line":3,"ok":true,"error":"","message":"Red 5 starts the pile and Ben plays first","phase":"turn","turn":"Ben","direction":"cw","top":"R5","color":"R","pending":0,"hands":{"Ann":7,"Ben":7},"scores":{"Ann":0,"Ben":0},"round":1,"winner":""}
	// {"line":4,"ok":false,"error":"illegal-card","message":"Green 2 can't go on Red 5: play a red card, a 5 or a wild","phase":"turn","turn":"Ben","direction":"cw","top":"R5","color":"R","pending":0,"hands":{"Ann":7,"Ben":7},"scores":{"Ann":0,"Ben":0},"round":1,"winner":""}
	// 4 <nil>
}

func ExampleTextWriter() {
	log := "players Ann Ben\nrules official\ndealer Ben\nstart R5\nplay R7\nplay G2\ndraw\npass\n"
	w := replay.NewTextWriter(os.Stdout)
	if _, err := replay.Replay(context.Background(), strings.NewReader(log), referee.New(), w.Write); err != nil {
		fmt.Println(err)
	}
	// Output:
	// Line 1: 2 players are seated and Ann deals.
	// Line 2: The game is played by the official rules.
	// Line 3: Ben deals.
	// Line 4: Red 5 starts the pile and Ann plays first. Ann's turn, match red or 5. Hands: Ann 7, Ben 7.
	// Line 5: Ann plays Red 7. Ben's turn, match red or 7. Hands: Ann 6, Ben 7.
	// Line 6: Not allowed. Green 2 can't go on Red 7: play a red card, a 7 or a wild. Hands: Ann 6, Ben 7.
	// Line 7: Ben draws 1 card and may play it or pass. Hands: Ann 6, Ben 8.
	// Line 8: Ben keeps the card. Ann's turn, match red or 7. Hands: Ann 6, Ben 8.
}
