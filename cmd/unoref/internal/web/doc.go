// Package web is the page of the table: one http.Handler that serves the live
// table (top card, colour to match, direction, whose turn, hand counts,
// scores, the last verdict and its reason) to any browser, a phone first.
//
// On the virtual table the page also shows the simulated OLED (its
// framebuffer as a PNG), the nine LEDs and the buzzer, and has controls: a
// card picker to tap any card of the deck on the play or the draw pad, the
// buttons (UNO, DRAW, PASS/OK, CHALLENGE, R, Y, G, B) and a "new game" form.
//
// The page is rendered on the server (html/template), so the first view and
// the controls work without JavaScript: a control is a plain form that posts
// to /api/action and is redirected back. A small script (no framework, no
// CDN, embedded with the CSS) then keeps the page live from Server-Sent
// Events and posts controls as JSON.
//
// # Routes
//
//	GET  /            the page
//	GET  /events      text/event-stream: a "snapshot" event (the JSON of
//	                  table.Snapshot) on connect and on every change, and a
//	                  comment line as heartbeat
//	GET  /oled.png    the OLED now, scaled ×4, Cache-Control: no-store
//	GET  /api/state   the JSON of table.Snapshot
//	POST /api/action  a table.Action as JSON: 200 with the snapshot after it,
//	                  400 with one plain sentence; as a form: 303 back to /
//	GET  /static/…    style.css, app.js
//
// Actions are taken only on the virtual table, or with Opts.PIN, sent in the
// X-Unoref-Pin header (form field "pin").
//
// The package knows nothing of drivers: it sees the running referee through
// the small Table interface, which the table package implements.
package web
