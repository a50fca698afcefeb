// unoref page: keeps the server-rendered page live from /events and posts
// the controls as JSON. No framework; the page works without it. Every word
// it shows comes from the server in the page's language: the words of
// #words, and the Page part of each snapshot (web.localize).
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const kinds = { S: '⊘', R: '⇄', '+2': '+2' };
  const words = JSON.parse(($('words') || {}).textContent || '{}');
  const say = (k) => words[k] || '';
  let lastPage = {}; // the Page of the last snapshot shown

  // face mirrors cardFace in page.go: the colour class and the mark of a code.
  function face(code) {
    const f = { cls: 'c-none', mark: '', named: '' };
    if (!code) return f;
    const m = /^(W\+4|WX|W)(?::([RYGB]))?$/.exec(code);
    if (m) {
      f.cls = 'c-W';
      f.mark = m[1] === 'W+4' ? '+4' : m[1];
      f.named = m[2] || '';
      return f;
    }
    if (code === 'BLANK') { f.cls = 'c-K'; return f; }
    const c = /^([RYGB])([0-9]|S|R|\+2)$/.exec(code);
    if (c) { f.cls = 'c-' + c[1]; f.mark = kinds[c[2]] || c[2]; }
    return f;
  }

  function text(id, s) { const el = $(id); if (el) el.textContent = s; }

  function render(s) {
    const st = s.State || {};
    const pg = s.Page || {};
    finalStandings(s, lastPage);
    lastPage = pg;
    document.body.dataset.seq = String(s.Seq);
    document.body.classList.toggle('nogame', !(s.Players || []).length);
    // A new game asks first while a game is on.
    const ng = $('newgame');
    if (ng) ng.dataset.confirm = (s.Players || []).length ? 'confirmNew' : '';

    // Between rounds the old top card and hands are gone: the dealer deals.
    const dealing = st.phase === 'setup';
    const top = $('top');
    const f = face(dealing ? '' : st.top);
    top.className = 'card ' + f.cls + (f.named ? ' n-' + f.named : '');
    top.dataset.code = dealing ? '' : (st.top || '');
    top.title = dealing ? '' : (pg.Top || '');
    top.querySelector('.mark').textContent = f.mark;

    const col = $('color');
    col.className = 'swatch c-' + ((!dealing && st.color) || 'none');
    col.textContent = pg.Color || '–';
    const dir = $('dir');
    dir.className = 'dir dir-' + (st.direction || '');
    dir.textContent = pg.Dir || '–';
    const pend = $('pending');
    pend.className = st.pending ? 'owed' : '';
    pend.textContent = st.pending ? '+' + st.pending : '–';
    text('round', pg.Round || '–');
    text('phase', pg.Phase || '–');
    $('phase').dataset.phase = st.phase || '';
    const shown = s.Names || {};
    const disp = (n) => shown[n] || n;
    text('turn', pg.Head || '');

    let names = s.Players || [];
    if (!names.length) names = Object.keys(st.hands || {}).sort();
    seats(names, st, pg, disp, dealing);
    renameList(names, disp);
    chart(s, st);
    countup(pg, disp);
    for (const b of document.querySelectorAll('#seatpads [data-seat]')) {
      const i = +b.dataset.seat;
      b.hidden = i >= names.length;
      if (i < names.length) b.querySelector('.who').textContent = disp(names[i]);
    }

    const last = s.Last || {};
    $('verdict').className = 'verdict ' + kindOf(last);
    text('verdict-msg', last.Message || say('waiting'));
    text('verdict-ev', pg.Lang === 'en' ? (last.Event || '') + (last.Code ? ' · ' + last.Code : '') : '');
    text('prompt', s.Prompt || '');
    const slap = $('slap');
    if (slap) {
      // uno-slap: whose hand is slapped and who has not pressed yet.
      slap.hidden = !s.Page.Slap;
      slap.textContent = s.Page.Slap ? '✋ ' + s.Page.Slap : '';
    }
    const alert = $('alert');
    // The banner is the server's, in the page's words (a command in it as
    // code); a snapshot without one, after a restore, takes it down.
    if (alert) alert.hidden = !(s.Alert && s.Alert.key);
    const rd = $('reader');
    if (rd) rd.textContent = rd.dataset.label + ': ' + (say('reader.' + s.Reader) || s.Reader || '–');

    access(s.Access);
    $('oled').src = '/oled.png?v=' + s.Seq;
    for (const led of document.querySelectorAll('[data-led]')) {
      led.classList.toggle('on', !!(s.LEDs || {})[led.dataset.led]);
    }
    $('buzzer').classList.toggle('on', !!s.Buzzer);
    const bz = $('buzzer-pattern');
    bz.dataset.pattern = s.Buzzer || '';
    bz.textContent = s.Buzzer ? (say('buzz.' + s.Buzzer) || '♪') : $('buzzer').dataset.quiet;

    $('log').replaceChildren(...(s.Log || []).map((l) => {
      const li = document.createElement('li');
      li.textContent = l;
      return li;
    }));
    inSight();
  }

  // kindOf is how a verdict shows, as the table's box shows it (the one
  // source is table's newsOf, in Last.Bad): 'ok' (good), 'news' (bad news:
  // a starter put back, a missed UNO, a mistake's penalty; the OLED's
  // OOPS!, red and amber), 'bad' (a refusal), 'none'.
  function kindOf(last) {
    if (!(last.Message || last.Event)) return 'none';
    if (last.Bad) return 'news';
    return last.OK ? 'ok' : 'bad';
  }

  // access shows what this page may do now (Server.accessOf, sent with
  // every snapshot): the setup form, the PIN form or the admin tools, and
  // the note over the controls while they need a PIN.
  function access(a) {
    if (!a) return;
    const show = (id, on) => { const e = $(id); if (e) e.hidden = !on; };
    show('setup', a.Setup);
    show('controls', !a.Setup);
    show('login', !a.Admin && !a.Setup);
    show('admin-tools', a.Admin);
    show('oled', !a.Setup); // it shows the setup code: the box's own screen only
    const controls = $('controls');
    let note = $('controls-locked');
    if (controls && !a.Play && !a.Setup && !note) {
      note = document.createElement('p');
      note.id = 'controls-locked';
      note.className = 'note';
      const link = document.createElement('a');
      link.href = '#login';
      link.textContent = say('locked');
      note.append(link);
      controls.prepend(note);
    }
    if (note && a.Play) note.remove();
  }

  // finalStandings shows the standings of the game that just ended (the
  // scores before the table was cleared) until a new game is set up.
  function finalStandings(s, before) {
    const box = $('standings');
    if (!box) return;
    const on = (s.Players || []).length > 0;
    if (on) { box.hidden = true; return; }
    if (before.Standings) {
      text('standings-text', before.Standings);
      box.hidden = false;
    }
  }

  // seats draws one line per player: name, cards in hand, points.
  function seats(names, st, pg, disp, dealing) {
    $('seats').replaceChildren(...names.map((n) => {
      const li = document.createElement('li');
      li.className = 'seat' + (n === st.turn ? ' turn' : '') + (n === st.winner ? ' winner' : '');
      li.dataset.name = n;
      li.dataset.hand = dealing ? '' : String((st.hands || {})[n] || 0);
      for (const [cls, t] of [['name', disp(n)], ['hand', dealing ? '–' : (pg.Hands || {})[n] || ''],
        ['score', (pg.Scores || {})[n] || '']]) {
        const sp = document.createElement('span');
        sp.className = cls;
        sp.textContent = t;
        li.append(sp);
      }
      return li;
    }));
  }

  function renameList(names, disp) {
    const who = $('rename-who');
    if (!who) return;
    const keep = who.value;
    who.replaceChildren(...names.map((n) => {
      const o = document.createElement('option');
      o.value = n;
      o.textContent = disp(n);
      return o;
    }));
    if (names.includes(keep)) who.value = keep;
  }

  // countup keeps one points form per player still to be counted
  // (pageText.Countup); a form being typed in stays as it is.
  function countup(pg, disp) {
    const box = $('countup');
    if (!box) return;
    const left = pg.Countup || [];
    box.hidden = !left.length;
    const rows = $('countup-rows');
    const have = new Map([...rows.children].map((f) => [f.dataset.name, f]));
    const want = left.map((n) => {
      const f = have.get(n) || countForm(n);
      f.querySelector('.who').textContent = disp(n);
      f.querySelector('.left').textContent = (pg.Hands || {})[n] || '';
      return f;
    });
    // Moving a form would take the focus from its field.
    if (want.length !== rows.children.length || want.some((f, i) => rows.children[i] !== f)) rows.replaceChildren(...want);
  }

  // countForm builds the points form of page.html for player n.
  function countForm(n) {
    const f = document.createElement('form');
    f.className = 'count';
    f.method = 'post';
    f.action = '/api/action';
    f.dataset.action = '';
    f.dataset.name = n;
    const hidden = (k, v) => { const i = document.createElement('input'); i.type = 'hidden'; i.name = k; i.value = v; return i; };
    const label = document.createElement('label');
    const who = document.createElement('span');
    who.className = 'who';
    const cnt = document.createElement('span');
    cnt.className = 'left';
    const pts = document.createElement('input');
    Object.assign(pts, { name: 'points', type: 'number', min: '0', step: '1', inputMode: 'numeric', placeholder: say('points'), required: true });
    label.append(who, ' ', cnt, ' ', pts);
    const b = document.createElement('button');
    b.className = 'primary';
    b.textContent = say('count');
    f.append(hidden('kind', 'points'), hidden('name', n), label, b);
    return f;
  }

  // chart shows the running totals of the game on the table; its address
  // (chartSrc in page.go) changes when a round ends or is undone.
  function chart(s, st) {
    const box = $('chart-box');
    if (!box) return;
    if (document.body.dataset.history !== '1' || !s.Game) { box.hidden = true; return; }
    // A rename redraws the legend: the names are part of the key.
    const key = [st.round || 0, ...(s.Players || []).map((p) => (st.scores || {})[p] || 0),
      ...(s.Players || []).map((p) => (s.Names || {})[p] || '')].join('-');
    const src = '/history/' + s.Game + '.svg?v=' + encodeURIComponent(key) + '&lang=' + (lastPage.Lang || 'en');
    const img = $('chart');
    if (img.getAttribute('src') !== src) img.src = src;
    $('chart-link').href = '/history/' + s.Game;
    box.hidden = false;
  }

  // answer puts the reply to a control right after what was pressed, and
  // in sight: #ok for what went well, #news for bad news, #error for a
  // refusal (kind 'ok', 'news' or 'error'); the others are cleared.
  function answer(form, kind, msg) {
    const els = { ok: $('ok'), news: $('news'), error: $('error') };
    for (const e of Object.values(els)) {
      if (!e) continue;
      e.textContent = '';
      e.hidden = true;
    }
    const el = els[kind];
    if (!el || !msg) return;
    const at = (form && (form.closest('[data-answer]') || form)) || null;
    if (at && at.parentNode && at.nextElementSibling !== el) at.after(el);
    el.textContent = msg;
    el.hidden = false;
    el.scrollIntoView({ block: 'nearest' });
    shown = { el, at: Date.now() };
  }

  // inSight keeps the answer just given in sight for a few seconds while
  // the snapshots after it move the page around it (a new game puts the
  // table first), until the person does anything (a scroll, a touch, a
  // key): someone scrolling on is never pulled back.
  let shown = null;
  function inSight() {
    if (!shown || Date.now() - shown.at > 3000 || shown.el.hidden) return;
    const r = shown.el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) shown.el.scrollIntoView({ block: 'nearest' });
  }
  for (const ev of ['wheel', 'touchstart', 'pointerdown', 'keydown']) {
    addEventListener(ev, () => { shown = null; }, { passive: true, capture: true });
  }

  // rulesOf builds the words of a rules line from the new-game form: the
  // preset, then +name or -name for each box that differs from the preset
  // once a box was touched (untouched boxes say nothing: the preset as it is).
  function rulesOf(fd, form) {
    const preset = String(fd.get('preset') || '');
    const w = [preset];
    for (const box of form.dataset.touched ? form.querySelectorAll('input[name="opt"]') : []) {
      const name = box.value.replace(/^\+/, '');
      const inPreset = (box.dataset.presets || '').split(' ').includes(preset);
      if (box.checked && !inPreset) w.push('+' + name);
      if (!box.checked && inPreset) w.push('-' + name);
    }
    w.push(...String(fd.get('extra') || '').split(/\s+/));
    return w.filter(Boolean).join(' ');
  }

  // action mirrors formAction in action.go.
  function action(form, submitter) {
    const fd = new FormData(form, submitter);
    const a = { Kind: fd.get('kind') };
    for (const [k, f] of [['Pad', 'pad'], ['Card', 'card'], ['Button', 'button'], ['Name', 'name']]) {
      if (fd.get(f)) a[k] = fd.get(f);
    }
    for (const [k, f] of [['Points', 'points'], ['Seat', 'seat']]) {
      const v = String(fd.get(f) || '').trim();
      if (!v) continue;
      if (!/^-?\d+$/.test(v)) throw new Error(say('wholeNumber'));
      a[k] = parseInt(v, 10);
    }
    if (a.Kind === 'rename') a.NewName = String(fd.get('newname') || '').trim();
    if (a.Kind === 'voice') a.Voice = voiceSettings(fd);
    if (a.Kind === 'tap' && !a.Card) throw new Error(say('pickFirst'));
    if (a.Kind === 'newgame') {
      a.Players = String(fd.get('players') || '').split(/[ \t\r\n,]+/).filter(Boolean); // as playerNames in action.go
      a.Rules = rulesOf(fd, form);
      const t = String(fd.get('target') || '').trim();
      if (t) a.Target = parseInt(t, 10);
    }
    return a;
  }

  // voiceSettings mirrors voiceAction in rules.go.
  function voiceSettings(fd) {
    const v = { Speak: !!fd.get('speak'), Teach: !!fd.get('teach'), Settings: { Voice: String(fd.get('voice') || '') } };
    for (const [k, f] of [['Speed', 'speed'], ['Volume', 'volume']]) {
      const n = String(fd.get(f) || '').trim();
      if (!n) continue;
      if (!/^\d+$/.test(n)) throw new Error(say('wholeNumber'));
      v.Settings[k] = parseInt(n, 10);
    }
    return v;
  }

  // rules redraws the "rules in force" panel, in the page's language, when
  // the game on the table changes.
  let rulesShown = null;
  async function rules(s) {
    const key = String(s.Game || '') + ':' + (s.Rules || []).length + ':' + JSON.stringify((s.Rules || []).map((l) => l.map((m) => m.key + ((m.args && m.args.value) || ''))));
    if (key === rulesShown) return;
    rulesShown = key;
    try {
      const r = await fetch('/api/rules', { credentials: 'same-origin' });
      if (!r.ok) return;
      const p = await r.json();
      text('rules-title', p.Title);
      const ul = $('rules-list');
      ul.replaceChildren(...p.Lines.map((l) => { const li = document.createElement('li'); li.textContent = l; return li; }));
      $('rules').hidden = p.Lines.length === 0;
    } catch (e) { /* the next snapshot tries again */ }
  }

  // locked shows the PIN form again (the session ended) or hides it.
  function locked(on) {
    const login = $('login');
    if (!login) return;
    login.hidden = !on;
    $('admin-tools').hidden = on;
  }

  // done is what a control that went well answers: a refused card or
  // button is a refusal next to it, bad news (a starter to put back, a
  // missed UNO) the news next to it; an admin action says it is done.
  function done(a, form, before, standings, s) {
    const last = s.Last || {};
    if ((s.Seq || 0) > before && last.Message) {
      const kind = kindOf(last);
      if (kind === 'news') return answer(form, 'news', last.Message);
      if (kind === 'bad') return answer(form, 'error', last.Message);
    }
    switch (a.Kind) {
      case 'newgame':
        try { localStorage.setItem('unoref.players', a.Players.join(' ')); } catch (e) { /* private mode */ }
        $('newgame-box').open = false;
        return answer($('newgame-box'), 'ok', say('started'));
      case 'end':
        return answer(form, 'ok', say('ended') + ' ' + standings);
      case 'rename': form.reset(); return answer(form, 'ok', say('renamed'));
      case 'undo': return answer(form, 'ok', say('undone'));
      case 'points': form.reset();
    }
    answer(form, 'ok', '');
  }

  async function post(a, form) {
    const headers = { 'Content-Type': 'application/json' };
    const before = Number(document.body.dataset.seq) || 0;
    const standings = lastPage.Standings || '';
    try {
      const r = await fetch('/api/action', { method: 'POST', headers, body: JSON.stringify(a), credentials: 'same-origin' });
      if (r.status === 403 && form.closest('#admin')) locked(true);
      if (!r.ok) return answer(form, 'error', (await r.text()).trim());
      done(a, form, before, standings, await r.json());
    } catch (e) {
      answer(form, 'error', say('noAnswer'));
    }
  }

  // confirmFirst asks before a control that ends a game: the first press
  // shows the question and a "yes" button beside it; only "yes" goes on.
  function confirmFirst(form, submitter) {
    const q = form.dataset.confirm;
    if (!q || (submitter && submitter.dataset.yes === '1')) return false;
    let box = form.querySelector('.confirm');
    if (!box) {
      box = document.createElement('div');
      box.className = 'confirm';
      box.setAttribute('role', 'alertdialog');
      const p = document.createElement('p');
      const yes = document.createElement('button');
      yes.className = 'danger yes';
      yes.dataset.yes = '1';
      yes.textContent = say('yes');
      const no = document.createElement('button');
      no.type = 'button';
      no.className = 'no';
      no.textContent = say('no');
      no.addEventListener('click', () => { box.hidden = true; });
      box.append(p, yes, ' ', no);
      form.append(box);
    }
    box.querySelector('p').textContent = say(q);
    box.hidden = false;
    return true;
  }

  // First boot in one scan: the QR code on the box's screen opens the page
  // with the setup code in the fragment (#code=123456, which no request
  // carries). It fills the setup form, kept for the tab in case the page
  // reloads in another language, and leaves the address bar.
  const scanned = /^#code=(\d{6})$/.exec(location.hash);
  if (scanned) {
    try { sessionStorage.setItem('unoref.code', scanned[1]); } catch (e) { /* private mode */ }
    history.replaceState(null, '', location.pathname + location.search);
  }
  const setupCode = $('setup-code');
  if (setupCode && !setupCode.value) {
    let code = scanned && scanned[1];
    try { code = code || sessionStorage.getItem('unoref.code'); } catch (e) { /* private mode */ }
    if (code) {
      setupCode.value = code;
      const pin = $('setup-pin');
      if (pin) pin.focus();
    }
  }

  // unlock posts the PIN form or the setup form (the setup code and a new
  // PIN) as JSON. A refusal shows under the form, keeping what was typed;
  // on success the page follows its new session: the event stream is
  // opened again with the cookie, and says what this page may do now.
  async function unlock(form, url, body) {
    try {
      const r = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body), credentials: 'same-origin' });
      if (!r.ok) return answer(form, 'error', (await r.text()).trim());
      for (const i of form.querySelectorAll('input')) i.value = '';
      locked(false);
      const ctl = $('controls');
      if (ctl) ctl.hidden = false;
      answer(form, 'ok', say('unlocked'));
      if (form.id === 'setup') form.remove();
      follow();
    } catch (e) {
      answer(form, 'error', say('noAnswer'));
    }
  }
  const login = $('login');
  if (login) {
    login.addEventListener('submit', (ev) => {
      ev.preventDefault();
      unlock(login, '/api/login', { PIN: $('pin').value });
    });
  }
  const setup = $('setup');
  if (setup) {
    setup.addEventListener('submit', (ev) => {
      ev.preventDefault();
      unlock(setup, '/api/setup', { Code: $('setup-code').value.trim(), PIN: $('setup-pin').value });
    });
  }

  // One listener for every control form, the count-up forms render adds too.
  document.addEventListener('submit', (ev) => {
    const form = ev.target;
    if (!form.matches('form[data-action]')) return;
    ev.preventDefault();
    if (confirmFirst(form, ev.submitter)) return;
    const box = form.querySelector('.confirm');
    if (box) box.hidden = true;
    let a;
    try { a = action(form, ev.submitter); } catch (e) { answer(form, 'error', e.message); return; }
    post(a, form);
  });

  // The new-game form: a preset ticks its own options and shows its line;
  // the last players are offered again.
  const presetSel = $('preset');
  const newgame = $('newgame');
  if (presetSel && newgame) {
    presetSel.addEventListener('change', () => {
      for (const box of newgame.querySelectorAll('input[name="opt"]')) {
        box.checked = (box.dataset.presets || '').split(' ').includes(presetSel.value);
      }
      for (const li of document.querySelectorAll('#preset-why [data-preset]')) li.hidden = li.dataset.preset !== presetSel.value;
    });
    newgame.addEventListener('change', (ev) => { if (ev.target.name === 'opt') newgame.dataset.touched = '1'; });
  }
  const players = $('players');
  if (players) {
    try {
      const kept = localStorage.getItem('unoref.players');
      if (kept && players.defaultValue === '') players.value = kept;
    } catch (e) { /* private mode */ }
  }

  // The picker names the chosen card on the pad buttons.
  const picker = $('picker');
  if (picker) {
    picker.addEventListener('change', () => {
      const c = picker.querySelector('input[name="card"]:checked');
      const chip = c && c.closest('.chip');
      picker.dataset.selected = chip ? chip.title : '';
      text('picked', chip ? chip.title : '');
    });
  }

  // The language selector: the choice is kept in a cookie (the server reads
  // it) and in localStorage (a cleared cookie comes back).
  const sel = $('lang');
  if (sel) {
    sel.addEventListener('change', () => {
      try { localStorage.setItem('unoref.lang', sel.value); } catch (e) { /* private mode */ }
      location.href = '/?lang=' + encodeURIComponent(sel.value);
    });
    try {
      const kept = localStorage.getItem('unoref.lang');
      if (kept && kept !== document.documentElement.lang && !/(^|; )lang=/.test(document.cookie)) {
        location.replace('/?lang=' + encodeURIComponent(kept));
      }
    } catch (e) { /* private mode */ }
  }
  if (location.search) history.replaceState(null, '', '/');

  // A roster name tapped in the new-game form takes the next seat.
  document.addEventListener('click', (ev) => {
    const b = ev.target.closest('.roster-pick button[data-name]');
    if (!b) return;
    ev.preventDefault();
    const players = $('players');
    const names = players.value.split(/[\s,]+/).filter(Boolean);
    if (!names.some((n) => n.toLowerCase() === b.dataset.name.toLowerCase())) names.push(b.dataset.name);
    players.value = names.join(' ');
  });

  // follow (re)opens the event stream: again after a login, so that the
  // stream carries the new session and says what this page may do.
  let es = null;
  function follow() {
    if (es) es.close();
    es = new EventSource('/events');
    es.addEventListener('open', () => { document.body.dataset.live = '1'; });
    es.addEventListener('error', () => { document.body.dataset.live = '0'; });
    es.addEventListener('snapshot', (ev) => { const s = JSON.parse(ev.data); render(s); rules(s); });
  }
  follow();
})();
