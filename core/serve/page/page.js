// The players' page: follows the battle with one request open at a time ("what changed since
// entry N?"), which the app answers the moment something is committed, or with a heartbeat.
// After a sleep or a dropped network it asks again from the entry it last showed, so it
// catches up and never shows an older state. Everything is written with textContent: names
// come from rosters and are never read as HTML.
'use strict';
(function () {
  const base = location.pathname.endsWith('/') ? location.pathname : location.pathname + '/';
  const tab = Array.from(crypto.getRandomValues(new Uint8Array(6)), b => b.toString(16).padStart(2, '0')).join('');
  const kTimeout = 25000;  // longer than the app's hold: no answer by then means the link is gone
  let entry = -1;
  let controller = null;
  let failures = 0;
  let waking = false;
  const received = new Set();  // every entry this page was sent, for "new" marks (and tests)
  window.umpirePage = { received, entry: () => entry };

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  function words(key) { const s = key.replace(/_/g, ' '); return s.charAt(0).toUpperCase() + s.slice(1); }
  function sleep(ms) { return new Promise(r => setTimeout(r, ms)); }

  function setLive(state, text) {
    const live = document.getElementById('live');
    live.className = 'live ' + state;
    live.textContent = text;
  }

  // A value the page does not know yet (a field the turn status gains later), in words.
  function plain(v) {
    if (v === null || v === undefined || v === '' || v === false) return '';
    if (v === true) return 'yes';
    if (Array.isArray(v)) return v.map(plain).filter(Boolean).join(', ');
    if (typeof v === 'object') {
      for (const k of ['text', 'label', 'summary', 'name', 'title']) if (typeof v[k] === 'string') return v[k];
      return Object.entries(v).map(([k, x]) => words(k) + ': ' + plain(x)).filter(s => !s.endsWith(': ')).join('; ');
    }
    return String(v);
  }

  function kv(list, pairs) {
    for (const [k, v] of pairs) {
      if (v === '' || v === null || v === undefined) continue;
      list.appendChild(el('dt', '', k));
      list.appendChild(el('dd', '', v));
    }
    return list;
  }

  // The turn status keys this page shows in its own way (or never: ids and internals).
  const shownKeys = new Set(['turn', 'started', 'phase', 'phase_name', 'phase_text', 'phase_kind', 'next', 'method',
    'cards_left', 'discards', 'current', 'active_commander', 'active_side', 'first_side', 'units_to_move',
    'units_to_order', 'units_to_check', 'chance_due_side', 'wind', 'can_advance', 'advance_blocked',
    'order_chances', 'chance_card', 'high_roller', 'can_choose_first', 'owed']);

  function renderTurn(page) {
    const s = page.status || {};
    const body = clear(document.getElementById('turn-body'));
    body.className = '';
    body.appendChild(el('div', '', 'Turn ' + s.turn + (s.started ? ': ' + s.phase_name : ', not started')));
    if (s.phase_text) body.appendChild(el('div', 'dim', s.phase_text));
    if (s.next) body.appendChild(el('div', 'next', s.next));
    const pairs = [
      ['To act', s.active_side || ''],
      ['Commander', s.active_commander || ''],
      ['Card', s.current ? s.current.label : ''],
      ['Cards left', s.method === 'cards' ? s.cards_left : ''],
      ['First', s.first_side || ''],
      ['To move', plain(s.units_to_move)],
      ['To order', plain(s.units_to_order)],
      ['To rally', plain(s.units_to_check)],
      ['Chance card due', s.chance_due_side || ''],
      ['Chance card', s.chance_card ? s.chance_card.title + (s.chance_card.text ? ': ' + s.chance_card.text : '') : ''],
      ['Wind', s.wind && s.wind.in_use ? s.wind.label : ''],
      ['Still owed', s.advance_blocked || ''],
    ];
    for (const c of s.order_chances || []) pairs.push([c.label, Math.round(c.probability * 1000) / 10 + '%']);
    // Whatever else the turn status says (new fields show as they land), in words.
    for (const [k, v] of Object.entries(s)) if (!shownKeys.has(k)) pairs.push([words(k), plain(v)]);
    body.appendChild(kv(el('dl', 'kv'), pairs));
    // What the units owe (the rules' "must"): those due now hold the turn at this phase.
    const owed = s.owed || [];
    if (owed.length) {
      body.appendChild(el('h3', '', 'Owed'));
      const list = el('ul', 'owed');
      for (const o of owed)
        list.appendChild(el('li', o.due_now ? 'due' : 'dim', o.text + ' (' + o.due + '; ' + o.citation + ')'));
      body.appendChild(list);
    }
    for (const n of page.notes || []) body.appendChild(el('div', 'dim', n));
  }

  function unitCard(u) {
    const card = el('div', 'unit' + (u.on_table ? '' : ' off'));
    const head = el('div', 'head');
    head.appendChild(el('span', 'name', u.name));
    const capacity = u.hit_capacity > 0;
    const left = capacity ? u.hit_capacity - u.hits : u.figures;
    const whole = capacity ? u.hit_capacity : u.start_figures;
    head.appendChild(el('span', 'count', capacity ? 'hits ' + u.hits + '/' + u.hit_capacity : u.figures + '/' + u.start_figures));
    card.appendChild(head);
    const share = whole > 0 ? Math.max(0, Math.min(1, left / whole)) : 0;
    const bar = el('div', 'bar' + (share === 0 ? ' gone' : share < 0.5 ? ' low' : ''));
    const fill = el('span');
    fill.style.width = Math.round(share * 100) + '%';
    bar.appendChild(fill);
    card.appendChild(bar);
    card.appendChild(el('div', 'what', [u.type, u.quality, u.weapon].filter(Boolean).join(', ') +
      (u.formed ? '' : ', unformed') + (u.commander ? ' (' + u.commander + ')' : '')));
    if (u.flags.length) {
      const flags = el('div', 'flags');
      for (const f of u.flags) flags.appendChild(el('span', 'flag ' + f, f.replace(/-/g, ' ')));
      card.appendChild(flags);
    }
    for (const n of u.notes) card.appendChild(el('div', 'notes', n.label + ': ' + n.value));
    return card;
  }

  function renderSides(page) {
    const holder = clear(document.getElementById('sides'));
    // Own side first: what a player looks for.
    const sides = page.sides.slice().sort((a, b) => (b.own ? 1 : 0) - (a.own ? 1 : 0));
    for (const side of sides) {
      const sec = el('section', 'side');
      const own = side.own && !page.viewer.umpire;
      sec.appendChild(el('h2', '', own ? 'Your army: ' + side.name : side.name));
      if (side.commanders.length) {
        const list = el('ul', 'commanders');
        for (const k of side.commanders)
          list.appendChild(el('li', '', k.name + (k.general ? ' (General)' : '') +
            (k.status !== 'active' ? ', ' + k.status : '') + (k.with ? ', with ' + k.with : '')));
        sec.appendChild(list);
      }
      const units = el('div', 'units');
      for (const u of side.units) units.appendChild(unitCard(u));
      if (!side.units.length) units.appendChild(el('div', 'dim', 'No units to show'));
      sec.appendChild(units);
      holder.appendChild(sec);
    }
  }

  function renderResults(page, fresh) {
    const holder = clear(document.getElementById('results'));
    if (!page.results.length) holder.appendChild(el('div', 'dim', 'Nothing yet'));
    for (const r of page.results) {
      const box = el('div', 'result' + (fresh.has(r.id) ? ' new' : '') + (r.undone ? ' undone' : ''));
      box.appendChild(el('div', 'meta', '#' + r.id + ', turn ' + r.turn + (r.undone ? ', undone' : '')));
      box.appendChild(el('div', 'headline', r.outcome || r.summary));
      for (const g of r.dice || []) {
        const dice = el('div', 'dice');
        dice.appendChild(el('span', 'dim', g.label + ':'));
        for (const v of g.values) {
          const hit = g.success_on > 0 && v + (g.modifier || 0) >= g.success_on;
          dice.appendChild(el('span', 'die' + (hit ? ' hit' : ''), v));
        }
        box.appendChild(dice);
      }
      if ((r.steps || []).length) {
        const steps = el('ol', 'steps');
        for (const s of r.steps) {
          const li = el('li', '', s.text + ' ');
          if (s.citation) li.appendChild(el('span', 'cite', '[' + s.citation + ']'));
          steps.appendChild(li);
        }
        box.appendChild(steps);
      }
      if (r.overrule) box.appendChild(el('div', 'dim', 'Overruled by the umpire: ' + r.overrule));
      for (const n of r.next || []) box.appendChild(el('div', 'next', 'Next: ' + n.action + (n.unit ? ' for ' + n.unit : '') + ': ' + n.reason));
      holder.appendChild(box);
    }
  }

  function renderUmpire(page, phones) {
    const journalSection = document.getElementById('journal-section');
    const phonesSection = document.getElementById('phones-section');
    journalSection.hidden = !page.viewer.umpire;
    phonesSection.hidden = !page.viewer.umpire;
    if (!page.viewer.umpire) return;
    const list = clear(document.getElementById('journal'));
    for (const l of (page.journal || []).slice(-50).reverse()) {
      const li = el('li', l.undone ? 'undone' : '', 'turn ' + l.turn + ' ' + (l.kind !== 'action' ? l.kind + ' ' : '') + l.action + ': ' + l.summary);
      li.value = l.id;
      list.appendChild(li);
    }
    const ul = clear(document.getElementById('phones'));
    for (const p of phones || []) ul.appendChild(el('li', '', p.viewer + ' from ' + p.address + ', at entry #' + p.entry));
    if (!(phones || []).length) ul.appendChild(el('li', 'dim', 'none'));
  }

  function render(reply) {
    const page = reply.page;
    const fresh = new Set();
    for (const l of reply.entries || []) {
      if (entry >= 0 && l.id > entry) fresh.add(l.id);
      received.add(l.id);
    }
    document.getElementById('battle').textContent = page.battle.name;
    document.getElementById('viewer').textContent = page.viewer.umpire ? 'Umpire' : page.viewer.side;
    document.title = (page.viewer.umpire ? 'Umpire' : page.viewer.side) + ': ' + page.battle.name;
    renderTurn(page);
    renderResults(page, fresh);
    renderSides(page);
    renderUmpire(page, reply.phones);
  }

  async function follow() {
    for (;;) {
      controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), kTimeout);
      try {
        const r = await fetch(base + 'state?since=' + entry + '&tab=' + tab, { cache: 'no-store', signal: controller.signal });
        if (r.status === 403) {
          setLive('waiting', 'this address no longer works: ask the umpire for the new one');
          return;
        }
        if (!r.ok) throw new Error('HTTP ' + r.status);
        const reply = await r.json();
        if (!reply.unchanged) render(reply);
        entry = reply.entry;
        failures = 0;
        setLive('ok', 'live, as of entry #' + entry);
      } catch (e) {
        setLive('waiting', 'reconnecting');
        if (!waking) await sleep(Math.min(5000, 500 * ++failures));
      } finally {
        clearTimeout(timer);
        waking = false;
      }
    }
  }

  // A phone that wakes or finds its network again asks at once, from the entry it showed.
  function wake() {
    if (document.hidden || !controller) return;
    waking = true;
    controller.abort();
  }
  document.addEventListener('visibilitychange', wake);
  window.addEventListener('online', wake);
  follow();
})();
