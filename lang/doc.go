// Package lang renders the referee's sentences in the family's language:
// English (the default), Russian, Serbian in Latin and in Cyrillic script,
// Romanian and Armenian.
//
// The engine (package referee) never writes words. A verdict carries a
// msg.Sentence (package lang/msg, which depends on nothing, so the engine
// carries no translator): clauses, each a msg.Msg with a key of the
// catalogs below and structured msg.Args (players, cards as cards.Card, a colour, counts, rule
// names). A consumer renders it in the language it wants:
//
//	v := game.Apply(ev)
//	text := v.Text(lang.English)        // or lang.Russian.Sentence(v.Sentence())
//	l, err := lang.Parse("sr-Cyrl")     // from a flag or the config
//	l = lang.Match(r.Header.Get("Accept-Language")) // for a phone
//
// # Why go-i18n
//
// Translations live in TOML files (locales/en.toml, ru.toml, sr.toml,
// sr-Cyrl.toml, ro.toml, hy.toml), embedded in the binary: a translator
// edits words without reading Go, and github.com/nicksnyder/go-i18n/v2
// reads exactly such files, with the CLDR plural forms (one, few, many,
// other) of every language built in. golang.org/x/text/language gives the
// tags and the matching of an Accept-Language header. x/text's own
// message catalogs keep translations in Go code or generated files, which a
// family member can't edit; go-i18n keeps them as data.
//
// Each language has its own catalog: a key missing from a catalog renders
// as the key itself (never English words in a Russian sentence, never a
// crash), and TestCatalogsComplete keeps that from happening.
//
// # How a sentence is rendered
//
// A language's catalog is read (by go-i18n) and compiled when the
// language is first used, not at start-up: `unoref replay` in English
// never reads the other five, and a page's language selector reads only
// each catalog's lang.name line (Name). Compiling cuts every template
// once into text and placeholders ({{.Name}} or {{.Name.Method}});
// rendering appends the text and each argument in the form asked, with no
// text/template, no map of template data and no reflection, and
// AppendRender and AppendSentence write straight into a caller's buffer
// (the replay writers' lines). A template that says more (an if, a
// pipeline, {{.Btn}} without a label) is run by text/template as go-i18n
// ran it. The plural form of a count comes from CLDR's rules in
// golang.org/x/text/feature/plural. Every form of the grammar below is a
// method the compiled template names ({{.Player.Def}}, {{.Card.Ins}},
// {{.N.FemAcc}}, {{.Btn.Pass}}); Spoken renders the same templates with a
// flag that says counts and button labels in words, and Armenian's
// euphony is applied to the bytes a clause appended, in place (ը and ն
// are both two bytes). What comes out is byte for byte what go-i18n's
// Localizer made of the same catalogs with the types of this package's
// grammar as template data: TestRenderAsGoI18n renders every key of
// every language both ways, written and spoken (the old renderer is the
// test's oracle), an absent argument as "<no value>", a template that
// fails as its key, a missing plural form as the other form. Card names
// in every form, colours agreeing with a card and written counts with
// their nouns ("2 карты") are made once per language; spoken counts
// («две карты») are rendered when said.
//
// # Grammar
//
// Player names never change inside (Аня stays Аня), so most sentences keep
// them in the nominative and build around them ("Ходит Бен", "У игрока
// Ann", "lui Ann"). Armenian puts its ending after the name:
// {{.Player.Def}} (the article, "Ann-ը"), {{.Player.Gen}} ("Ann-ի"),
// {{.Player.Dat}} ("Ann-ին"), likewise .Other and .Next; every other
// language renders these forms as the name. Armenian's article -ը becomes
// -ն before a word that begins with a vowel, wherever the word comes from
// (euphony, applied to the whole rendered clause). Cards and colours
// change form: a template asks for the form it needs — {{.Card}} or
// {{.Card.Nom}} (subject), {{.Card.Acc}} (object: "Аня кладёт красную
// семёрку"), {{.Card.Gen}} ("нет красной семёрки"), {{.Card.Ins}}
// (instrumental: "перехватывает ход красной семёркой", "uskače crvenom
// sedmicom"), {{.Card.Any}} (a face of any colour: "an 8", "любую
// пятёрку"), {{.Card.Face}}; {{.Color}} is the colour's name,
// {{.Color.Nom}}/Acc/Gen/Pl agree with the word for a card.
// Numbers of cards always come with the noun in the CLDR plural form:
// {{.N.Cards}} ("1 карту", "2 карты", "5 карт", "21 карту"), likewise
// {{.N.Points}}, {{.N.Players}} and {{.N.Rounds}}. A bare number says the
// gender and case its noun wants: {{.N.Masc}}, {{.N.Fem}}, {{.N.Neut}},
// {{.N.FemAcc}}. Written, all of these are digits; Spoken (the text handed
// to espeak-ng, which reads "2" only as «два») says them in words from the
// catalog's num.* keys (0–19 in each form, the tens, the hundreds, joined
// by num.tens and num.hundreds): «возьми две карты», «одну карту».
// {{.Btn.Uno}}, {{.Btn.Draw}}, {{.Btn.Pass}} and {{.Btn.Challenge}} are
// the words on the box's buttons (page.button.*, the printed labels of
// hardware/labels), so a prompt names the button the child reads;
// spoken, they are said in small letters (espeak-ng spells capitals).
// {{.Path}} (a file) and {{.Command}}
// (a command to type, which a catalog puts in `…` and a page shows as
// code) are shown as they are; {{.Time}} is 2006-01-02 15:04 in local
// time, the same in every language. A key may have plural forms of its
// own (page.fam.games: "1 game", "2 games"): Render picks the form by
// Args.N. Each language's card table
// (card.face.F.FORM, card.gender.F, color.C.GENDER.FORM, card.coloured.FORM)
// holds the forms its sentences need, with the names printed in the
// family's own leaflet (seeds 001, 002 and 004).
//
// # Keys
//
// Keys are stable: others build on them. Groups: wait.* (what the table
// waits for), setup.*, start.*, play*, then.* and next (clauses after a
// play), draw.*, pass*, uno.*, catch.*, challenge*, show.*, judge.*,
// heights.*, swap*, slap* (uno-slap), count.*/counted, round.*, score.*,
// game.won, line.* (the table log's parse errors, one key each, with the
// line's words in `…`), rules.* (rules.name.X the names of presets and
// options, for refusals of a rules line; rules.preset.X, rules.option.X
// and rules.scoring.X one line a child understands for each preset,
// option and scoring method of RULES.md §3–§5, the page's choices).
// A rules line in words is setup.rules.P then a clause an option word:
// rules.with.X (+X), rules.without.X (-X), rules.set.X (X=N),
// rules.set.X.0 and rules.set.X.V (a named value); referee.RulesMsg
// builds it. The rules in force a game begins with (package table) are
// rules.play.P, rules.deck.*, rules.starter.*, rules.option.X(.off),
// rules.uno.*, rules.mistake, rules.challenge.* and rules.scoring.*: one
// whole sentence each. num.* are the number words of Spoken,
// phase.X (the phases of RULES.md, "The table log"), text.* (replay --text), card.*, color.*,
// count.* (plural nouns), page.* (the web page's labels, buttons, headlines
// and answers; page.hist.* its history pages, page.fam.* the family's
// record and its page.fam.code.X refusal codes) and lang.name (the
// language's own name). The
// daemon's own: table.* (its news; table.alert.* the page's banner of a
// problem it can't solve, a damaged journal), tag.* (tags that name no card),
// prompt.* (what the table waits for), undo.* (what to do after an undo),
// action.* (the page's refused controls), screen.* (the OLED's titles
// and alert words, which must fit the panel: TestTitlesFit), speech.*
// (what the voice wraps a ruling in), cli.* (unoref stats, history and
// import: cli.import.* what `unoref import` adds) and labels.* (the
// printed button labels). Keys lists
// every whole message; {{.Names}} lists players ("Ann, Ben and Cy"). A clause
// that begins with , : ; or . joins the one before it without a space.
//
// # How the wording is tested
//
// Package langtest holds the checks a sentence a person reads must pass
// in every language: no refusal or option code, no nested quotes, no
// sentence that starts in lowercase, no Latin letters in a Cyrillic or
// Armenian sentence but the players' names and `…`, no chain of three
// colon clauses. TestEveryMessageReads applies them to every key here;
// referee/replay, cmd/unoref/internal/table and cmd/unoref apply them to
// what the engine, the voice, the rules in force and the CLI say.
//
// # How to add a language
//
//  1. Copy locales/en.toml to locales/TAG.toml (a BCP 47 tag) and translate
//     every value; keep every {{.Placeholder}} the English value has (you
//     may pick another form of it: {{.Card.Acc}} for {{.Card}}), and give
//     count.* the plural forms CLDR defines for the language.
//  2. Fill the card table with the forms your sentences need; a language
//     without cases repeats one word.
//  3. Add the language to lang.go: a Lang constant and its line in the
//     langs table (its tag, and the tag go-i18n and CLDR know it by).
//  4. go test ./lang: TestCatalogsComplete names every missing key and
//     every placeholder that differs from English; add the language to
//     TestCounts and TestPluralRules.
//
// sr-Cyrl.toml is generated from sr.toml (Serbian Latin and Cyrillic map
// one to one): edit sr.toml, then run go generate ./lang.
package lang

//go:generate go test -run TestSerbianCyrillicInSync -update
