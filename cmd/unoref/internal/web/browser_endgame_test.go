package web_test

import (
	"fmt"
	"strings"

	"github.com/chromedp/chromedp"

	"github.com/unoref/unoref/lang/msg"
)

// The walk's steps of issue 25 point 10: ending a game and scoring it as
// it stands.

// nobodyAhead: at the start nobody is ahead, so the end offers to stop
// with no winner and says why scoring waits.
func (w *walk) nobodyAhead() {
	w.do("open the end", chromedp.Evaluate[chromedp.Void](`document.getElementById('end-box').open = true; document.getElementById('end').scrollIntoView({block: 'center'})`, chromedp.EvalIgnoreExceptions))
	w.poll("nobody ahead", fmt.Sprintf(`document.getElementById('finish-who').textContent === %s && document.getElementById('finish').disabled`,
		jsString(w.say("page.finish.nobody", msg.Args{}))))
	w.poll("the end in sight", inView("#end")+` && `+inView("#finish-who"))
	w.check("nobody-ahead")
	w.do("close the end", chromedp.Evaluate[chromedp.Void](`document.getElementById('end-box').open = false`, chromedp.EvalIgnoreExceptions))
}

// finishGame ends the game with "end now and score as it stands": the
// page says who is ahead and asks first; then the final standings show
// where the end was, in sight, the history will say the game ended early,
// the OLED titles its standings so, and the play controls, the rules in
// force and the end itself are gone.
func (w *walk) finishGame() {
	w.do("open the end", chromedp.Evaluate[chromedp.Void](`document.getElementById('end-box').open = true`, chromedp.EvalIgnoreExceptions))
	w.poll(w.ben+" ahead", fmt.Sprintf(`document.getElementById('finish-who').textContent === %s && !document.getElementById('finish').disabled`,
		jsString(w.say("page.finish.ahead", msg.Args{Player: w.ben}))))
	w.do("end now and score", chromedp.Click("#finish", chromedp.NodeVisible))
	w.poll("asked first", inView("#finish-form .confirm"))
	w.confirm("#finish-form")
	w.wait("ended", `s.seats.length === 0`)
	w.poll("the final standings where the end was", near("#ok", "#end-box", 80)+` && `+inView("#ok"))
	standings := strings.Join([]string{
		w.say("page.standing", msg.Args{Player: w.ben, N: 42}),
		w.say("page.standing", msg.Args{Player: w.ann, N: 0}),
		w.say("page.standing", msg.Args{Player: w.guest, N: 0}),
	}, " · ")
	w.poll("the final standings in words", fmt.Sprintf(`document.getElementById('standings-text').textContent === %s`, jsString(standings)))
	for _, id := range []string{"finish", "end", "picker", "buttons", "rules"} {
		w.poll("no "+id+" after the end", fmt.Sprintf(`(() => { const e = document.getElementById(%q); return !e || !e.checkVisibility(); })()`, id))
	}
	w.oledShows("the final standings", w.say("screen.over.early", msg.Args{}))
	w.poll("no end to open", `!document.querySelector('#end-box summary').checkVisibility()`)
	w.check("end")
}

// historyEarly: the history says the game ended early, beside its winner.
func (w *walk) historyEarly() {
	got := w.evalString(`document.querySelector('li.game[data-game="1"] .g-outcome').textContent`)
	if want := "🏆 " + w.ben + " · " + w.say("page.hist.early", msg.Args{}); got != want {
		w.t.Errorf("the history says %q, want %q", got, want)
	}
}

// addGuests (issue 25 point 12): after the game, the family page offers
// to put its guest on the family's list in one tap (the session's PIN
// lets it); then the guest's game counts on the leaderboard.
func (w *walk) addGuests() {
	w.poll("the offer", fmt.Sprintf(`(() => { const f = document.getElementById('guests'); return !!f && f.querySelector('p').textContent === %s; })()`,
		jsString(w.say("page.fam.guests", msg.Args{Names: []string{w.guest}}))))
	w.check("family-guests")
	w.do("add the guest", chromedp.Click("#guests-add", chromedp.NodeVisible), chromedp.WaitNotPresent("#guests"), chromedp.WaitVisible("#leaderboard"))
	w.poll("the guest on the leaderboard", fmt.Sprintf(`!document.getElementById('guests') && !document.getElementById('error') && [...document.querySelectorAll('#leaderboard a')].some((a) => a.textContent.trim() === %s)`, jsString(w.guest)))
}

// tooManyPoints (issue 25 point 7): the count-up's form says the most a
// hand can be worth; more is refused beside the form with a sentence
// that says so, keeping what was typed.
func (w *walk) tooManyPoints() {
	snap := w.tb.Snapshot()
	most, hand := snap.MostPoints[w.ann], snap.State.Hands[w.ann]
	form := fmt.Sprintf(`#countup-rows form[data-name=%q]`, w.ann)
	w.poll("the most said", fmt.Sprintf(`document.querySelector(%q).textContent.endsWith(' · ' + %s)`, form+" .left", jsString(w.say("page.countup.most", msg.Args{N: most}))))
	typed := fmt.Sprint(most + 1)
	w.do("too many points",
		chromedp.SetValue(form+` input[name="points"]`, typed, chromedp.NodeVisible),
		chromedp.Click(form+` button`, chromedp.NodeVisible))
	w.answered("too many points", "#error", form, w.say("count.most", msg.Args{Player: w.ann, N: hand, K: most}))
	if got := w.evalString(fmt.Sprintf(`document.querySelector(%q).value`, form+` input[name="points"]`)); got != typed {
		w.t.Errorf("after the refusal the points field holds %q, want what was typed, %q", got, typed)
	}
	w.check("points-refused")
}
