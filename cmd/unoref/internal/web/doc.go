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
// holding cards and not counted yet (Snapshot.Counted), which says the
// most the hand can be worth (Snapshot.MostPoints; more is refused). The admin panel sets
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
//	GET  /            the page; ?lang=L picks its language and keeps it
//	                  in the cookie "lang"
//	GET  /events      text/event-stream: a "snapshot" event (the JSON of
//	                  table.Snapshot) on connect and on every change, and a
//	                  comment line as heartbeat; 503 past Opts.MaxStreams
//	GET  /oled.png    the OLED now, scaled ×4, Cache-Control: no-store;
//	                  403 while it shows the setup code
//	GET  /api/state   the JSON of table.Snapshot
//	POST /api/action  a table.Action as JSON (strictly: field names as
//	                  spelt, none twice, none unknown): 200 with the
//	                  snapshot after it, 400 with one plain sentence, which
//	                  repeats at most a short prefix of what was sent; as a
//	                  form: 303 back to /
//	POST /api/login   the PIN (JSON {"PIN": "…"} or form field "pin"): 204
//	                  and a session cookie, 403 for a wrong one, 429 past
//	                  the PIN limit
//	POST /api/logout  ends the session and forgets its cookie
//	POST /api/setup   the setup code and a new PIN (JSON {"Code": "…",
//	                  "PIN": "…"} or form fields code, pin): 204 and a
//	                  session cookie; 400 once a PIN is set
//	GET  /history     the games, started last first (an imported game
//	                  takes its place), 100 a page: date, players, rules,
//	                  rounds, outcome, totals (read for those 100 only)
//	GET  /history/N   game N: the rounds (points and running totals of
//	                  every player, the round's winner) and the chart
//	GET  /history/N.svg  the chart alone (image/svg+xml)
//	GET  /family      the family's record: leaderboard, refusals of each
//	                  player's last five games (chart), head to head, by
//	                  preset, refusals by rule, and the roster's forms;
//	                  ?last=N&since=YYYY-MM-DD&until=YYYY-MM-DD choose the
//	                  games (from since to until, both days included, in
//	                  the box's time zone)
//	GET  /family/ID   one roster player: statistics, best and worst
//	                  rounds, charts per game, head to head, presets, games
//	POST /api/roster  a roster form (op add, edit, merge, move, or guests:
//	                  the last game's guests the family page offered, added
//	                  in one tap): 303 back to the family page, with
//	                  ?error= a sentence
//	POST /api/record  the family's record as one file (the journal, a
//	                  consistent copy read while the table plays:
//	                  journal.WriteSnapshot), which `unoref restore --from`
//	                  puts back; the admin PIN when one is set (a session or
//	                  the form's pin), else 303 back to /family with ?error=
//	GET  /static/…    style.css, app.js
//	GET  /favicon.ico the page's icon
//
// # Language
//
// Every word of the page comes from the lang catalogs (keys page.*, and
// phase.*, rules.preset.*, rules.option.*, rules.name.* for the setup form;
// page.hist.* for the history, page.fam.* for the family's record, its
// charts and roster forms, counts in the language's plural forms),
// rendered on the server: the templates read words{l}, and each snapshot
// sent to a page (/events, /api/state, /api/action's answer) carries the
// verdict rendered in that page's language from its keys (Snapshot.Last.Msg,
// Snapshot.PromptMsg) and a Page part with the headline, the colour, the
// direction and the hand counts in words, so app.js only puts text in
// place. A page's language is the one picked with the selector (?lang=,
// kept in a cookie and in localStorage), else the phone's Accept-Language
// when it names a language the referee speaks other than English, else
// the table's (Opts.Lang, the config's language): English in
// Accept-Language is what most browsers send when nobody chose, and the
// table's language is the family's choice. <html lang> says which. A
// sentence the table writes without keys (Snapshot.Msg empty) shows as the
// table wrote it; a prompt without keys shows only on an English page.
// Refused rules of a new game are said in the page's words (the options'
// names, never the rules-line syntax), and so is every control the table
// refuses (table.ActionError, rendered again in the page's language) and
// every refusal of the page's own (a PIN, a setup code, a card not
// picked: keys page.auth.* and page.error.*, English in the log). A
// problem the table can't solve by itself (Snapshot.Alert: a damaged
// journal) is a banner (#alert) in the page's language, the command to
// type in it as code (the catalogs keep it between backquotes), and the
// technical reason, in English, folded away in a <details lang="en">.
// The family's page says when the rolling copy (and the second copy,
// backup.dir) was last made and checked, or why the last one failed
// (Opts.Copies), and offers the record's download.
//
// No page waits on the journal for ever: /, /history, /family, their
// pages and the controls wait Opts.JournalWait (3 s) at most for the
// journal (and the table, which waits on it): a frozen or failing card is
// answered with a sentence (page.journal.slow), in the page's language.
//
// # Answers
//
// The reply to a control shows right after it, in the three kinds the
// table's box shows (table's newsOf, Snapshot.Last.Bad): what went well
// (the PIN accepted, a game set up, the final standings of an ended game)
// in #ok, green; bad news (a starter put back, a missed UNO, a mistake's
// penalty: the OLED's OOPS!, red and amber) in #news; a refusal (an
// error, or a card the referee refused) in #error, red. The verdict box
// takes the same three looks (class ok, news, bad). app.js moves the one
// element after the form that was used and scrolls it into sight, again
// while the snapshot after it moves the page; a refusal keeps what was
// typed (the setup and PIN forms post by script). When a game ends, every
// page shows its final standings (#standings: the scores before the table
// cleared, then, after a reload, the last game's totals from the history)
// until a new game is set up. "Start a new game" while a game is on and
// the end of a game ask first, beside the button. The end offers two
// ways: "end now and score as it stands" (action finish: the table's end
// line, RULES.md §3 "Stopping early"), which says who is ahead and wins
// (pageText.Ahead, from referee.State.Leader) and waits, disabled, while
// nobody is; and "stop with no winner" (action end). Once the game is
// over (won, ended early, or stopped: pageText.InPlay false) the play
// controls (buttons, card picker, seat pads), the rules in force and the
// end go; the end keeps its answer, the final standings, in sight. The
// history says "ended early" beside the winner of such a game. With no
// game on, the setup form comes right after the table, open; each preset
// ticks its options, every option is a box with its one line, and the last
// players are offered again (the history's last game, else localStorage;
// else nobody, the placeholder naming players in the page's language).
//
// # Layout
//
// The page is made for a 320 px phone first: nothing scrolls sideways in
// any language (grid columns are minmax(0, 1fr), buttons share a row by
// their words and wrap the row rather than a word, the header wraps), and
// a wide table (the leaderboard, a game's rounds) scrolls inside its own
// box. The headline, the facts and the OLED name the same round
// (referee.State.CurrentRound: a starter put back does not start one).
//
// # Access
//
// Opts.Policy says who may act. PolicyVirtual (the virtual table): playing
// (tap, remove, press, seat, points, rules) is open; the admin actions
// (table.ActionKind.Admin: newgame, rename, names, undo, end, finish, voice) need
// the PIN when one is set, and without one the page says anyone may take
// them. PolicyTable (a real table, or `unoref run
// --sim --policy table`): every action needs the PIN.
//
// What a page may do is sent with every snapshot to it (localized.Access:
// the setup pending, its taps taken, its admin actions taken, as authorize
// rules on them for its session, read again for each event): the setup
// form, the PIN form, the admin tools and the note over the controls
// follow a login, a logout elsewhere or a session that ended, live. After
// a login the script opens its event stream again, with the new cookie.
//
// The PIN is Opts.PIN (admin_pin in the config), else the one chosen at
// first boot and kept in Opts.PINFile as a PBKDF2-SHA256 hash
// ("pbkdf2-sha256$ROUNDS$SALT$HASH"), else none. With none under
// PolicyTable, New draws a six-digit one-time setup code from crypto/rand
// and hands it to Opts.ShowCode, which puts it on the OLED and nowhere else:
// not in a snapshot, and /oled.png is refused while the code shows. The
// page then asks for the code and a new PIN (POST /api/setup); the right
// code keeps the PIN, clears the OLED, and logs that phone in. The code is
// held by the PIN limit below. The OLED's QR code opens the page with the
// code in the fragment (#code=123456): app.js fills the form from it and
// takes it off the address bar; no request carries it.
//
// # Sessions
//
// The page asks for the PIN once: POST /api/login compares it (in constant
// time, or through its hash) and sets an HttpOnly, SameSite=Strict cookie
// holding a new random token from crypto/rand, one per login. The server
// keeps the SHA-256 of each token with its expiry: logout ends it, so
// does sessionAge (12 hours) on Opts.Now's clock, and a restart ends them
// all; at most 64 are kept: a new one takes the place of the oldest
// login its phone never came back with, else of the session used longest
// ago, so logins from many new phones never end the one in use. The
// X-Unoref-Pin header and the form field "pin" are still read. Without
// JavaScript the login and setup forms post the same way and are
// redirected back, and the cookie then carries every control form.
//
// # The PIN limit
//
// Wrong PINs and setup codes count against the client: an IPv4 address,
// or the /64 network of an IPv6 one (every device of a home network takes
// as many addresses in its /64 as it likes, so the /64 is the one count
// they can't step out of; its devices share it). Five in a sliding minute block the client
// until the oldest is a minute old. The limiter tracks at most 1024
// clients, and the cap opens no bypass: when it is full, the client whose
// last wrong PIN is oldest among the unblocked ones is forgotten; when all
// 1024 are blocked, a client it does not track is refused outright.
// Counting per address alone lets a crowd of addresses guess together, so
// the whole network also gets 20 wrong PINs in ten minutes; past that,
// every client is refused except those that entered the right PIN (or
// code) since the daemon started (the last 16, each still under its own
// limit). That is how the real admin gets in during an attack: a phone
// that logged in before keeps its session and can log in again, and any
// other can after ten quiet minutes. A right PIN clears that client's
// count. All times are on Opts.Now's clock.
//
// # Requests and connections
//
// Every request must name this box in its Host: an IP literal, localhost,
// or one of Opts.Hosts (the daemon passes the hostname, hostname.local and
// the config's web.hosts); any other gets 421 and a sentence, so a site
// that points a name of its own at the table (DNS rebinding) reads
// nothing. Opts.Hosts nil turns the check off (tests, a proxy in front).
// State-changing requests pass net/http.CrossOriginProtection: a browser's
// POST from another site's page (Sec-Fetch-Site, else Origin against Host)
// gets 403, cookie or not.
//
// NewHTTPServer sets the read-header, read, write and idle timeouts; the
// event stream lifts the read and write deadlines of its own response
// and keeps alive with its heartbeat. Its listener caps open connections
// (MaxConns): past it, the idlest connection (between requests, or never
// sent a byte) is closed to make room, or the new one when all are busy.
// Event streams are capped at Opts.MaxStreams.
//
// # History and the family
//
// Opts.History (the journal, through table.SQLJournal: players named as the
// roster and the seats' renames name them now) feeds /history and the chart of the game on
// the table, which the live page reloads when a round ends or is undone.
// The chart is SVG written on the server by html/template (chart.svg):
// one polyline of running totals per player, in the player's colour on the
// roster (a mark "#rrggbb"), else distinct colours, a legend, round
// numbers, and the target's line when the rules race to one. Lines with
// the same totals are drawn side by side, never so far apart that a
// higher total shows below a lower one. The drawing is 298 units wide and
// at most 400 px on the page, so that its words are the page's size. No
// script draws it and nothing comes from a CDN. The history says a game's
// rules in words (words.Rules: "official with stacking"), never the
// rules line, and marks a game played on simulated devices as not in the
// family's record (or kept in it).
//
// Opts.Record (table.SQLJournal again) feeds /family and /family/ID: every
// figure is an SQL query of the journal (journal.Stats), drawn on the same
// chart template. Refusal codes show in the page's words
// (page.fam.code.X; a code without a key shows as it is). After a game
// with guests, the family page offers to put them on the family's list in
// one tap (journal.Guests, AddPlayers: their games count from then on,
// past ones included). Roster edits take the admin check of a rename; the new
// names show on every game at once, the table's too (Action "names"). The
// new-game form offers the roster's names to pick, in seat order.
//
// The package knows nothing of drivers: it sees the running referee through
// the small Table interface, which the table package implements.
package web
