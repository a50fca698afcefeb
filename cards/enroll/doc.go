// Package enroll walks a person through enrolling a whole deck: tap each
// card's tag on the reader, in a fixed order (by colour, numbers, then Skip,
// Reverse, Draw Two, then the wilds), and the registry learns which UID is
// which card.
//
// Plan is the pure state machine: the next slot ("Tap Red 7, 2nd of 2"),
// progress (37/108), and Decide, which accepts or refuses a tap: a tag
// already enrolled (as what), two tags at once, an unreadable tag, a tag
// whose text names another card ("This tag says Blue 3: tap Red 7"), and
// with Write a locked tag or someone else's data unless Force. A Plan
// starts from registry.Progress, so an interrupted enrolment resumes where
// it stopped.
//
// Enroller is the driver loop around it: it polls a Reader (UIDs and
// pages; board.EnrollReader adapts the RC522 driver to it), reads
// the tag lying alone on the pad (one READ from page 3: the Capability
// Container and the card code), optionally writes the card code
// (ndef.EncodeCard, page by page from page 4) and reads it back, records the
// tag, and sends Events for the terminal, the display and the buzzer.
package enroll
