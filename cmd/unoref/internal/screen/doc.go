// Package screen lays out what the referee shows on its 128×64 OLED: whose
// turn it is, the colour to match, the direction, cards owed, hand counts,
// a verdict, prompts, scores and alerts. It serves the daemon, `unoref
// enroll` and the page's /oled.png; the chip itself is package
// drivers/oled.
//
// Screen is a plain view model the daemon fills from the engine. Render
// turns it into a 1-bit image in the controllers' native layout; it is pure
// and cheap (BenchmarkRender: about 0.1 ms and 1 KB of small allocations on
// the 2-core development VM, under load). Display owns
// the panel: Show never waits for the bus (a one-slot, latest-wins
// mailbox), Run draws from its own goroutine, a failed draw is reported
// (Err, Opts.OnError) and retried in full on the next Show. Halt blanks the
// panel and turns it off.
//
// Long messages never lose a word: Pages lays a message out into as many
// pages as it needs, word-wrapped to the panel's width in the face the
// layout uses, and Screen.Page picks the page to draw; after a count-up the
// scoreboard's pages are the round's points, the totals, then the prompt.
// Missing lists the runes of a text no face can draw; TestEveryMessageOnOLED
// renders every message of every language through the SSD1306 simulator.
//
// Screen.Link puts an address for a phone on the whole screen as a QR code
// (qr.go: github.com/skip2/go-qrcode, version 2 or 3, two pixels a module,
// dark modules on a lit square, the quiet zone 3 px or more), with the
// page's setup code in bold beside it: first boot in one scan. The code is
// the smallest version that holds the address, at the highest error
// correction level that version still holds it at (an address with a
// setup code is version 3 at level M), its mask chosen by the standard's
// penalty. go-qrcode has not changed since 2020, as the standard hasn't;
// github.com/piglig/go-qr, which splits an address into fewer bits, fills
// a 512 KiB table at every start (its Kanji map, [65536]int): two thirds
// of a megabyte of the daemon's resident set for a code drawn once a boot
// (issue 21; README's "Measured"). go-qr's decoder still reads the panel
// back in the tests, beside zbarimg.
//
// A game that has ended shows its final standings (phase "over"): titled
// by how it ended (Screen.End: won, ended early, stopped), the players in
// the order given, best first, the winner inverted.
//
// The screen's own words (titles, alert words, default prompts, the colour
// to match) are keys screen.* of package lang, in Screen.Lang. Alerts: OK,
// NO! (a refusal, framed), UNO! and AlertBad for bad news (framed, a dotted
// rule under the word).
//
// Text uses bitmap faces from package fonts: 6×12 in a 7×13 cell for body
// text, bold 12×24 for the name of the player to act, bold 8×16 for long
// names and labels. They draw Latin (Romanian Ș Ț, Serbian Đ), Cyrillic
// and Armenian; other runes show as U+FFFD.
//
// Colours are textures on a monochrome panel: red solid, blue stripes,
// yellow hatch, green dots, always with the letter or the word.
package screen
