// Package referee is the rules engine of RULES.md: a deterministic
// state machine with no I/O and no clock. It takes one table event at a time
// (package tablelog), rules on it, and keeps only what the table can observe
// (§6): seats, turn, direction, top card, colour, pending draws, hand counts,
// the pile since the last reshuffle, the UNO window, scores, round and phase.
//
// New gives a Game with the official rules; Apply rules on one event and
// returns a Verdict (ok or an error code, one sentence, and Effects for the
// lights and buzzer); State is what the table shows, and StateInto fills a
// caller's State reusing its maps (no allocation while the players stay).
// ParseRules reads the words of a rules line. Standings orders a game's
// players best first by its scoring method (the lowest total first under
// penalty scoring), the winner on top.
//
// The engine writes no words: a verdict's sentence is message keys and
// arguments (players, cards, counts, colours, rule names), and so is a
// RulesError's. A verdict keeps its clauses in a compact form of its own
// and builds no msg.Sentence until someone reads it (v.Sentence(), or
// v.Text(lang.English) or the table's language, package lang): most
// verdicts are never read, and building one for every event was most of
// what the engine allocated (issue 21). Ruling on an event allocates at
// most 8 times (TestApplyAllocs).
//
// # Readings of RULES.md
//
// Where RULES.md leaves a choice, the engine reads it like this.
//
//   - Round counts rounds dealt: 0 before the first start, incremented by
//     the first start of each round (a returned starter does not deal again).
//     A returned starter leaves top empty and the draw pile unchanged.
//     State.Dealt says the round Round has had its first start; the number
//     a table names (State.CurrentRound) is Round once it has, else, in
//     setup, the round about to be dealt: Round+1.
//   - start W:G is accepted as a Wild starter with its colour already named.
//   - Reverse starter: direction ccw and the player before the first player
//     (the dealer) plays first. Under lazy scoring the first player is the
//     last round's winner and the same rule applies around them.
//   - Draw: a draw line in a turn takes one card (draw-until-playable: one
//     or the listed cards, each but the last unplayable). When the draw pad
//     names the card, only that card may be played next. A penalty draw lists
//     no card or exactly the pending number (else wrong-count).
//   - Nothing left to draw (every card in the hands, the discard pile is its
//     top card): a draw in a turn draws nothing and the player passes; under
//     draw-until-playable pass is allowed after an unplayable card once no
//     card is left. A penalty is drawn as far as it goes (the draw line lists
//     the cards left, or none) and still costs the turn. A draw line listing
//     more cards than are left is refused wrong-count.
//   - UNO window: opens when a play leaves a player with one card; closes at
//     the next accepted play or draw by anyone (the owner included, e.g. after
//     a two-player Skip) and at a challenge. uno NAME by the player to act
//     holding two cards is a call made before the card lands and counts for
//     that play: in a turn, after a draw, and on a draw owed when a house
//     rule lets a card answer it (a draw or a challenge drops the call).
//     uno by a player holding one card is always accepted. A false
//     call (more cards) is refused false-uno. A catch of a player who called,
//     or after the window closed, is refused bad-catch (not penalised: the
//     catch line does not say who caught). Hands moved by seven-zero or a 7
//     swap close the window without a penalty.
//   - mistake-penalty applies to exactly: a refused play of a card (illegal-
//     card, a card other than the one just drawn, not-your-turn, no-jump-in,
//     must-draw when a penalty is owed) and a false UNO call. Never to
//     wrong-phase, wrong-count, duplicate-card, bad cards, unknown players, a
//     card that is not in the deck, or a wrong colour under colours-in-circle,
//     nor when the round is already over.
//   - Wild Draw Four challenge: the accused shows the whole hand they hold
//     now (the count must match, else wrong-count). Cards drawn since the
//     Wild Draw Four (a UNO penalty at the challenge or by a catch, a
//     mistake-penalty, the next seven-rounds stage) are no evidence, and no
//     line names them (§6: the draw pad only names cards on a draw line),
//     so any shown card may be one of them. Guilty only if more shown
//     non-wild cards have the colour that was to be matched before the card
//     than cards were drawn since; otherwise the accused has the benefit of
//     the doubt. Guilty draws challenge-guilty-draw + pending − 4 (the whole
//     stack under stacking); innocent: the victim draws pending + 2. A Wild
//     Draw Four that was the last card is always innocent (the hand shown is
//     empty, or holds only the next stage's cards). house-ru: a guilty card
//     goes back to the hand unless a reshuffle since took the card under it;
//     then it stays and its colour stands, as in official.
//   - Going out: a plain Wild or Extreme Heights as the last card ends the
//     round without naming a colour; a 7 or 0 as the last card does nothing.
//     On +2/+4/blank, or a Reverse bouncing a penalty, the next player only
//     draws, then the count-up begins: no deflect, stack, bounce or jump-in.
//     Every card that leaves a hand (a play, a jump-in, a bounce, an Extreme
//     Heights pick) goes through the same going-out rules.
//   - Count-up: one hand or points line per player holding cards; a hand line
//     must show exactly the known hand count (wrong-count); a points line
//     more than the known hand count's cards of the deck can be worth
//     (MostHandPoints, from cards.MostPoints) is refused wrong-count,
//     never penalised. Penalty scoring:
//     ties for the lowest total go to the earlier seat. Lazy scoring: Scores
//     count round wins, target is round wins (default 3), the loser is the
//     highest hand (ties: earlier seat).
//   - Extreme Heights: the WX player is State.Turn during phase heights; a
//     pick is a number card of the named colour; a player with no cards does
//     not pick; picks are checked against the deck like plays. A winning card
//     that empties a hand ends the round.
//   - jump-in: also allowed in phase drawn and on a pending Draw Two (the
//     jumper's card takes over the chain and the victim escapes); a Wild on a
//     Wild; never W+4 or WX; never on the starter or once the round is over.
//   - seven-zero: a 0 passes hand counts to the next active player in the
//     direction of play; a 7 gives phase swap until swap NAME.
//   - five-swap: after a 5, an optional swap NAME by the log before the next
//     play or draw; hand counts do not change.
//   - reverse-bounce: a Reverse of the colour to match answers a pending +2
//     or +4 (not the starter's +2, not a blank): direction flips and the
//     pending draw goes to the next player in the new direction. An
//     identical Reverse jumping in on a bounced penalty bounces it on.
//   - colours-in-circle: a wild takes the next colour after the current one
//     around the circle R→B→G→Y→R, clockwise when play goes cw, the other way
//     when ccw; W is written bare (a W:C with another colour is refused
//     wrong-color). A Wild starter still has its colour named.
//   - blank-draw-ten (needs deck=blanks): a blank goes on anything, keeps the
//     colour to match, and the next player draws 10 (no stacking). Blanks are
//     returned as starters and can't be played without the option.
//   - play-to-end: a player who goes out leaves the turn order; the round
//     ends when one player holds cards, who alone is counted; the first out
//     is the round's winner.
//   - end (RULES.md §3 "Stopping early"): in any phase but over, the
//     player ahead (State.Leader: highest total, lowest under penalty
//     scoring, most rounds won under lazy, the latest stage then the
//     fewest cards under seven-rounds) wins at once: phase over,
//     EffGameOver, State.Early. The round being played is not counted.
//     With two or more level at the top (before any count-up, everyone)
//     it is refused wrong-phase, naming them, never penalised; it does
//     not wait for the slaps of uno-slap.
//   - seven-rounds: emptying the hand draws the next stage (6, 5, … 1) at
//     once, counted as an EffDraw; emptying the single card wins the game
//     (phase over, no count-up). It refuses scoring and target settings.
//   - uno-slap: a UNO call that counts (uno by the player whose window is
//     open, or a call made before the card lands, once it lands) opens the
//     slaps: every other player still in the round owes one slap NAME
//     (State.SlapFor, State.SlapsDue). Until all have slapped, every event
//     that moves play on is refused wrong-phase (no mistake-penalty); uno,
//     catch, slap and the caller's colour for a wild go on. The last to
//     slap draws SlapDraw (2, whatever uno-penalty says). A slap by the
//     caller, a second slap, a slap with no call open, by a player out of
//     the round (play-to-end) or with the option off is refused bad-slap,
//     never penalised. With two players (one slapper) there is no race:
//     a lone slap in time costs nothing. A missed call opens no slaps; it
//     is caught as ever, and the caller can't be caught.
//   - uno-slap timing (ours): when the call and an event both carry a
//     time and the event comes SlapTime (3 s) or more after the call, each
//     player who has not slapped counts as last and draws 2: a late slap
//     line draws for its player alone; any other event first makes every
//     missing slapper draw, in seat order from the caller, then is ruled
//     on. If that event is refused, nothing is drawn (a refused event
//     changes nothing) and the next event settles. Once someone drew for
//     lateness, the last slap costs nothing more. Without times, slaps
//     are never late.
//   - Timed events: the uno-slap timeout is the only timing rule the
//     engine applies; the UNO grace is the table's (its clock holds
//     events), so other times are ignored.
package referee
