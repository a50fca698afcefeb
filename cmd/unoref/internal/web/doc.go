// Package web is the page of the table: one http.Handler that serves the live
// table (top card, colour to match, direction, whose turn, hand counts,
// scores, the last verdict and its reason) to any browser, a phone first.
//
// On the virtual table the page also shows the simulated OLED (its
// framebuffer as a PNG), the nine LEDs and the buzzer, and has controls: a
// card picker to tap any card of the deck on the play or the draw pad, the
// buttons (UNO, DRAW, PASS/OK, CHALLENGE, R, Y, G, B), a "lift" beside each
// pad that takes the cards off it, one button per seat pad (with its LED)
// when the table has them, and in count-up a points form for every player
// holding cards (the engine refuses a player counted twice). The admin panel sets
// up a game (players in seat order, preset, options, target), renames a
// player, undoes the last event and ends the game.
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
//	POST /api/login   the PIN (JSON {"PIN": "…"} or form field "pin"): 204
//	                  and a session cookie, 403 for a wrong one, 429 after
//	                  five wrong ones in a minute from one address
//	POST /api/logout  forgets the session cookie
//	GET  /history     the games, newest first: date, players, rules,
//	                  rounds, outcome, totals
//	GET  /history/N   game N: the rounds (points and running totals of
//	                  every player, the round's winner) and the chart
//	GET  /history/N.svg  the chart alone (image/svg+xml)
//	GET  /family      the family's record: leaderboard, refusals of each
//	                  player's last five games (chart), head to head, by
//	                  preset, refusals by rule, and the roster's forms;
//	                  ?last=N&since=YYYY-MM-DD&until=YYYY-MM-DD choose the
//	                  games
//	GET  /family/ID   one roster player: statistics, best and worst
//	                  rounds, charts per game, head to head, presets, games
//	POST /api/roster  a roster form (op add, edit, merge or move): 303 back
//	                  to the family page, with ?error= a sentence
//	GET  /static/…    style.css, app.js
//
// # Admin and the PIN
//
// Playing (tap, remove, press, seat, points) is open on the virtual table;
// the admin actions (newgame, rename, undo, end) need Opts.PIN when it is
// set, and every action on a real table needs it. Without a PIN the
// virtual table takes every action (the page says so) and a real table
// none. The page asks for the PIN once: POST /api/login compares it in
// constant time and sets an HttpOnly, SameSite=Strict cookie holding a
// random session value (a restart forgets it); the X-Unoref-Pin header and
// the form field "pin" are still read. Without JavaScript the login form
// posts the same way and is redirected back, and the cookie then carries
// every control form. Wrong PINs are limited per client
// address, on Opts.Now's clock.
//
// # History and the family
//
// Opts.History (the journal, through table.SQLJournal: players named as the
// roster and the seats' renames name them now) feeds /history and the chart of the game on
// the table, which the live page reloads when a round ends or is undone.
// The chart is SVG written on the server by html/template (chart.svg):
// one polyline of running totals per player, distinct colours, a legend,
// round numbers, and the target's line when the rules race to one. No
// script draws it and nothing comes from a CDN.
//
// Opts.Record (table.SQLJournal again) feeds /family and /family/ID: every
// figure is an SQL query of the journal (journal.Stats), drawn on the same
// chart template. Roster edits take the admin check of a rename; the new
// names show on every game at once, the table's too (Action "names"). The
// new-game form offers the roster's names to pick, in seat order.
//
// The package knows nothing of drivers: it sees the running referee through
// the small Table interface, which the table package implements.
package web
