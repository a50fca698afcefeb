// Package cards is the UNO card model of RULES.md §1 "The cards": colours, kinds,
// the card codes printed on the table log and written on tags ("R7", "B+2",
// "W:G"), the points each card scores, and the decks a table can play with.
package cards
