// Package virtual is the virtual table's hardware: the reference build
// with every optional part fitted, on the simulated board
// (hardware/board/boardtest), opened by hardware/board exactly as on a Pi;
// and the Person who plays it from the page. The table runs on it as on a
// Pi and does not know it is simulated: the page's controls become
// stimuli on the simulated parts, done by the Person (a tag laid in a
// reader's field, an edge on a button's line, a seat pad's pin held low),
// and what the page shows of the OLED and the LEDs is read from the
// simulated panel and lines.
//
// A card code tapped on the page is written on a fresh sticker whose UID
// no tap has had before, not even before a restart, so the table journals
// it as it journals a real card's tag.
package virtual
