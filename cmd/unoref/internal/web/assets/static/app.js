// unoref page: keeps the server-rendered page live from /events and posts
// the controls as JSON. No framework; the page works without it.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const colorNames = { R: 'red', Y: 'yellow', G: 'green', B: 'blue' };
  const dirNames = { cw: '↻ clockwise', ccw: '↺ counter-clockwise' };
  const kinds = { S: '⊘', R: '⇄', '+2': '+2' };

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
    document.body.dataset.seq = String(s.Seq);

    const top = $('top');
    const f = face(st.top);
    top.className = 'card ' + f.cls + (f.named ? ' n-' + f.named : '');
    top.dataset.code = st.top || '';
    top.querySelector('.mark').textContent = f.mark;

    const col = $('color');
    col.className = 'swatch c-' + (st.color || 'none');
    col.textContent = colorNames[st.color] || '–';
    const dir = $('dir');
    dir.className = 'dir dir-' + (st.direction || '');
    dir.textContent = dirNames[st.direction] || '–';
    const pend = $('pending');
    pend.className = st.pending ? 'owed' : '';
    pend.textContent = st.pending ? '+' + st.pending : '–';
    text('round', String(st.round || 0));
    text('phase', st.phase || '–');
    const shown = s.Names || {};
    const disp = (n) => shown[n] || n;
    text('turn', st.winner ? '🏆 ' + disp(st.winner) + ' wins' : st.turn ? disp(st.turn) + ' to play' : st.phase === 'countup' ? 'counting the cards left' : 'no game yet');

    let names = s.Players || [];
    if (!names.length) names = Object.keys(st.hands || {}).sort();
    const seats = $('seats');
    seats.replaceChildren(...names.map((n) => {
      const li = document.createElement('li');
      li.className = 'seat' + (n === st.turn ? ' turn' : '') + (n === st.winner ? ' winner' : '');
      li.dataset.name = n;
      const hand = (st.hands || {})[n] || 0;
      for (const [cls, t] of [['name', disp(n)], ['hand', hand + (hand === 1 ? ' card' : ' cards')],
        ['score', ((st.scores || {})[n] || 0) + ' pts']]) {
        const sp = document.createElement('span');
        sp.className = cls;
        sp.textContent = t;
        li.append(sp);
      }
      return li;
    }));

    const who = $('rename-who');
    if (who) {
      const keep = who.value;
      who.replaceChildren(...names.map((n) => {
        const o = document.createElement('option');
        o.value = n;
        o.textContent = disp(n);
        return o;
      }));
      if (names.includes(keep)) who.value = keep;
    }
    chart(s, st);
    countup(st, names, disp);
    for (const b of document.querySelectorAll('#seatpads [data-seat]')) {
      const i = +b.dataset.seat;
      b.hidden = i >= names.length;
      b.querySelector('.who').textContent = i < names.length ? disp(names[i]) : 'seat ' + (i + 1);
    }

    const last = s.Last || {};
    $('verdict').className = 'verdict ' + (!(last.Message || last.Event) ? 'none' : last.OK ? 'ok' : 'bad');
    text('verdict-msg', last.Message || 'Waiting for the first card.');
    text('verdict-ev', (last.Event || '') + (last.Code ? ' · ' + last.Code : ''));
    text('prompt', s.Prompt || '');
    text('reader', 'reader: ' + (s.Reader || '–'));

    $('oled').src = '/oled.png?v=' + s.Seq;
    for (const led of document.querySelectorAll('[data-led]')) {
      led.classList.toggle('on', !!(s.LEDs || {})[led.dataset.led]);
    }
    $('buzzer').classList.toggle('on', !!s.Buzzer);
    text('buzzer-pattern', s.Buzzer || 'quiet');

    $('log').replaceChildren(...(s.Log || []).map((l) => {
      const li = document.createElement('li');
      li.textContent = l;
      return li;
    }));
  }

  // countup keeps one points form per player holding cards while the round
  // is counted (page.html); a form being typed in stays as it is.
  function countup(st, names, disp) {
    const box = $('countup');
    if (!box) return;
    const left = st.phase === 'countup' ? names.filter((n) => ((st.hands || {})[n] || 0) > 0) : [];
    box.hidden = !left.length;
    const rows = $('countup-rows');
    const have = new Map([...rows.children].map((f) => [f.dataset.name, f]));
    const want = left.map((n) => {
      const hand = st.hands[n];
      let f = have.get(n);
      if (!f) {
        f = document.createElement('form');
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
        Object.assign(pts, { name: 'points', type: 'number', min: '0', step: '1', inputMode: 'numeric', placeholder: 'points', required: true });
        label.append(who, ' ', cnt, ' ', pts);
        const b = document.createElement('button');
        b.className = 'primary';
        b.textContent = 'count';
        f.append(hidden('kind', 'points'), hidden('name', n), label, b);
      }
      f.querySelector('.who').textContent = disp(n);
      f.querySelector('.left').textContent = hand + (hand === 1 ? ' card' : ' cards');
      return f;
    });
    // Moving a form would take the focus from its field.
    if (want.length !== rows.children.length || want.some((f, i) => rows.children[i] !== f)) rows.replaceChildren(...want);
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
    const src = '/history/' + s.Game + '.svg?v=' + encodeURIComponent(key);
    const img = $('chart');
    if (img.getAttribute('src') !== src) img.src = src;
    $('chart-link').href = '/history/' + s.Game;
    box.hidden = false;
  }

  function showError(msg) {
    const el = $('error');
    if (!el) return;
    el.textContent = msg;
    el.hidden = !msg;
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
      if (!/^-?\d+$/.test(v)) throw new Error(f + ' must be a whole number, not "' + v + '".');
      a[k] = parseInt(v, 10);
    }
    if (a.Kind === 'rename') a.NewName = String(fd.get('newname') || '').trim();
    if (a.Kind === 'tap' && !a.Card) throw new Error('Pick a card first, then tap it on a pad.');
    if (a.Kind === 'newgame') {
      a.Players = String(fd.get('players') || '').split(/[ \t\r\n,]+/).filter(Boolean); // as playerNames in action.go
      a.Rules = [fd.get('preset'), ...fd.getAll('opt'), ...String(fd.get('extra') || '').split(/\s+/)]
        .filter(Boolean).join(' ');
      const t = String(fd.get('target') || '').trim();
      if (t) a.Target = parseInt(t, 10);
    }
    return a;
  }

  // locked shows the PIN form again (the session ended) or hides it.
  function locked(on) {
    const login = $('login');
    if (!login) return;
    login.hidden = !on;
    $('admin-tools').hidden = on;
  }

  async function post(a, form) {
    const headers = { 'Content-Type': 'application/json' };
    try {
      const r = await fetch('/api/action', { method: 'POST', headers, body: JSON.stringify(a), credentials: 'same-origin' });
      if (r.status === 403 && form.closest('#admin')) locked(true);
      showError(r.ok ? '' : (await r.text()).trim());
      if (r.ok && a.Kind === 'rename') form.reset();
      if (r.ok && a.Kind === 'end') $('end-box').open = false;
      if (r.ok && a.Kind === 'points') form.reset();
    } catch (e) {
      showError('The table does not answer (' + e.message + ').');
    }
  }

  const login = $('login');
  if (login) {
    login.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const pin = $('pin');
      try {
        const r = await fetch('/api/login', { method: 'POST', headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ PIN: pin.value }), credentials: 'same-origin' });
        pin.value = '';
        showError(r.ok ? '' : (await r.text()).trim());
        if (r.ok) locked(false);
      } catch (e) {
        showError('The table does not answer (' + e.message + ').');
      }
    });
  }

  // One listener for every control form, the count-up forms render adds too.
  document.addEventListener('submit', (ev) => {
    const form = ev.target;
    if (!form.matches('form[data-action]')) return;
    ev.preventDefault();
    let a;
    try { a = action(form, ev.submitter); } catch (e) { showError(e.message); return; }
    post(a, form);
  });
  if (location.search.includes('error=')) history.replaceState(null, '', '/');

  const es = new EventSource('/events');
  es.addEventListener('open', () => { document.body.dataset.live = '1'; });
  es.addEventListener('error', () => { document.body.dataset.live = '0'; });
  es.addEventListener('snapshot', (ev) => render(JSON.parse(ev.data)));
})();
