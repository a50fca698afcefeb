// Package cards is the UNO card model of RULES.md §1 "The cards": colours, kinds,
// the card codes printed on the table log and written on tags ("R7", "B+2",
// "W:G"), the points each card scores, and the decks a table can play with;
// MostPoints is the most n cards of a deck can be worth at the count-up.
package cards
