// The viewer's page: reads the inputs, asks the library (uri.wasm, through
// uriView, or without it the server) for the report of viewer.Analyze as
// JSON, and draws it. No framework, no build step: this file is served as
// it is.
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const refInput = $('ref');
  const baseInput = $('base');
  const status = $('status');

  // Timings of the last updates, in milliseconds, for the page's footer
  // and for tests: from the input event (the keystroke) to the view
  // updated, and the part of it spent in the library.
  const timings = [];
  window.uriViewerTimings = timings;

  let ready = false;

  // el makes an element with a class and text.
  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // value shows a string as code, or the empty string as a badge.
  function value(v) {
    if (v === '') return el('span', 'badge empty', 'empty');
    return el('code', 'value', v);
  }

  // caretLine fills pre with the input cut around the offending character,
  // the character marked with a caret under it.
  function caretLine(pre, e) {
    const bad = el('mark', 'bad');
    bad.id = pre.id + '-bad';
    bad.append(el('span', 'ch', e.bad), el('span', 'caret', '^'));
    bad.querySelector('.caret').setAttribute('aria-hidden', 'true');
    bad.dataset.offset = String(e.offset);
    pre.replaceChildren(el('span', 'before', e.before), bad, el('span', 'after', e.after));
  }

  function showError(view, line, message, e) {
    view.hidden = !e;
    if (!e) return;
    caretLine(line, e);
    message.textContent = e.message;
  }

  // The diagram of RFC 3986, section 3: the text with each component
  // underlined, its name under it, the names set in lanes so that none
  // overlaps another.
  function drawDiagram(pieces) {
    const diagram = $('diagram');
    const text = el('div', 'dtext');
    const labels = el('div', 'dlabels');
    const marks = [];
    const add = (parent, list, level) => {
      for (const p of list) {
        const s = el('span');
        if (p.name) {
          s.className = 'part level' + level + ' c-' + p.name + (p.text === '' ? ' is-empty' : '');
          s.dataset.part = p.name;
          marks.push({ span: s, name: p.name, empty: p.text === '' });
        } else {
          s.className = 'delim';
        }
        if (p.parts) add(s, p.parts, level + 1);
        else s.textContent = p.text;
        parent.append(s);
      }
    };
    add(text, pieces, 0);
    diagram.replaceChildren(text, labels);
    diagram.setAttribute('aria-label', 'Diagram: ' + marks.map((m) => m.name + (m.empty ? ' (empty)' : ' "' + m.span.textContent + '"')).join(', '));

    // All the labels go in first and are measured at once, then placed:
    // one layout for the whole diagram, not one per label.
    const placed = marks.map((m) => {
      const label = el('span', 'dlabel c-' + m.name, m.empty ? m.name + ' (empty)' : m.name);
      labels.append(label);
      return { m, label };
    });
    const origin = text.getBoundingClientRect();
    const lane = parseFloat(getComputedStyle(labels).lineHeight) || 18;
    for (const p of placed) {
      const r = p.m.span.getBoundingClientRect();
      p.center = r.left - origin.left + r.width / 2;
      p.width = p.label.getBoundingClientRect().width;
    }
    const lanes = []; // per lane, the [left, right] of its labels
    const gap = 6;
    placed.sort((a, b) => a.center - b.center);
    let bottom = 0;
    for (const p of placed) {
      const w = p.width;
      const left = Math.max(0, p.center - w / 2);
      let i = 0;
      for (; i < lanes.length; i++) {
        if (lanes[i].every(([l, r]) => left + w + gap <= l || r + gap <= left)) break;
      }
      if (i === lanes.length) lanes.push([]);
      lanes[i].push([left, left + w]);
      p.label.style.left = left + 'px';
      p.label.style.top = (i * lane + 8) + 'px';
      const tick = el('span', 'dtick c-' + p.m.name);
      tick.style.left = p.center + 'px';
      tick.style.height = (i * lane + 8) + 'px';
      labels.append(tick);
      bottom = Math.max(bottom, (i + 1) * lane + 8);
    }
    labels.style.height = bottom + 'px';
  }

  const noDecoded = new Set(['scheme', 'authority', 'port']);

  function drawComponents(rows) {
    const body = $('components').tBodies[0];
    body.replaceChildren(...rows.map((c) => {
      const tr = el('tr');
      tr.dataset.row = c.name;
      const th = el('th', 'c-name', c.name);
      th.scope = 'row';
      const cell = (form, present, v) => {
        const td = el('td');
        td.dataset.component = c.name;
        td.dataset.form = form;
        if (!present) {
          td.dataset.state = 'absent';
          td.append(el('span', 'badge absent', 'absent'));
        } else if (v === undefined) {
          td.dataset.state = 'none';
          td.append(el('span', 'none', '–'));
          td.title = 'no decoded form';
        } else {
          td.dataset.state = v === '' ? 'empty' : 'present';
          td.dataset.value = v;
          td.append(value(v));
        }
        return td;
      };
      const note = el('td', 'note', c.note || (c.escaped ? 'escapes shown as \\x..' : ''));
      tr.append(th, cell('raw', c.present, c.raw),
        cell('decoded', c.present, noDecoded.has(c.name) ? undefined : c.decoded), note);
      return tr;
    }));
  }

  // The panels, each a card of titled rows. A row that differs from what
  // its panel compares with (p.against) has a badge that says so. The
  // panels of a group (a card per reader) go side by side, in a grid put
  // where the group's first panel comes.
  function drawPanels(panels) {
    const out = [];
    const groups = {};
    for (const p of panels) {
      const s = el('section', 'card panel');
      s.dataset.panel = p.id;
      s.setAttribute('aria-label', p.title);
      s.append(el(p.group ? 'h3' : 'h2', '', p.title));
      const dl = el('dl', 'rows');
      for (const r of p.rows) {
        const d = el('div', 'row');
        d.dataset.row = r.key;
        if (r.state) d.dataset.state = r.state;
        if (r.absent) d.dataset.absent = 'true';
        const dd = el('dd');
        dd.dataset.value = r.value;
        if (r.state === 'error') dd.append(el('span', 'message', r.value));
        else if (r.absent) dd.append(el('span', 'badge absent', 'absent'));
        else dd.append(value(r.value));
        if (r.state === 'differs') dd.append(el('span', 'badge differs', 'differs from ' + p.against));
        d.append(el('dt', '', r.label), dd);
        dl.append(d);
      }
      s.append(dl);
      if (p.note) s.append(el('p', 'note', p.note));
      if (!p.group) {
        out.push(s);
        continue;
      }
      if (!groups[p.group]) {
        const g = el('div', 'panel-group');
        g.dataset.group = p.group;
        groups[p.group] = g;
        out.push(g);
      }
      groups[p.group].append(s);
    }
    $('panels').replaceChildren(...out);
  }

  function render(report) {
    showError($('error-view'), $('error-line'), $('error-message'), report.error);
    const b = report.base;
    showError($('base-error-view'), $('base-error-line'), $('base-error-message'), b && b.error);
    $('parse-view').hidden = !report.ok;
    if (report.ok) {
      $('kind').textContent = report.kind + ' · ' + report.form;
      drawComponents(report.components);
      const hi = $('host-info');
      hi.hidden = !report.host;
      if (report.host) {
        hi.querySelector('[data-host=kind]').textContent = report.host.kind;
        const addr = hi.querySelector('[data-host=address]');
        addr.textContent = report.host.address || '—';
      }
    }
    drawPanels(report.panels);
    // Last, as it measures what it drew: the page is laid out once, with
    // everything else already in place.
    if (report.ok) drawDiagram(report.diagram);
  }

  // The page's address holds the inputs: #u=<reference>&base=<base>, each
  // percent-encoded.
  function readFragment() {
    const out = {};
    for (const field of location.hash.replace(/^#/, '').split('&')) {
      const i = field.indexOf('=');
      if (i < 0) continue;
      let v = field.slice(i + 1);
      try { v = decodeURIComponent(v); } catch (e) { /* shown as written */ }
      out[field.slice(0, i)] = v;
    }
    return out;
  }

  function writeFragment() {
    let f = 'u=' + encodeURIComponent(refInput.value);
    if (baseInput.value !== '') f += '&base=' + encodeURIComponent(baseInput.value);
    if (location.hash !== '#' + f) history.replaceState(null, '', '#' + f);
  }

  // The library answers in one of two ways: uriView, the WebAssembly
  // build of viewer.Analyze, in the page ('wasm'); or, where the binary
  // that serves the page was built without it (go install), the server,
  // which runs the same viewer.Analyze at 'analyze' ('server').
  let mode = '';

  function update(started) {
    if (!ready) return;
    const from = started === undefined ? performance.now() : started;
    if (mode === 'server') {
      askServer(from);
      return;
    }
    const t0 = performance.now();
    const json = window.uriView(refInput.value, baseInput.value);
    show(json, from, performance.now() - t0);
  }

  function show(json, from, library) {
    render(JSON.parse(json));
    writeFragment();
    const sample = { wasm: library, update: performance.now() - from, frame: null };
    timings.push(sample);
    if (timings.length > 200) timings.shift();
    requestAnimationFrame(() => {
      sample.frame = performance.now() - from;
      showTiming(sample);
    });
    status.textContent = 'Updated.';
  }

  // analyze posts the inputs to the server and resolves to the report's
  // JSON, or rejects with the server's message.
  function analyze(ref, base) {
    return fetch('analyze', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ u: ref, base: base }),
    }).then((resp) => resp.text().then((text) => {
      if (!resp.ok) throw new Error(text.trim() || resp.status + ' ' + resp.statusText);
      return text;
    }));
  }

  // askServer asks for the inputs as they are now, one request at a time:
  // what is typed while one is out is asked for when it is back. The page
  // is busy (data-busy) until the view shows the inputs as they are.
  let asking = false;
  let askAgain = null;
  function askServer(from) {
    if (asking) {
      if (askAgain === null) askAgain = from;
      return;
    }
    asking = true;
    document.documentElement.dataset.busy = 'true';
    const t0 = performance.now();
    analyze(refInput.value, baseInput.value).then((json) => {
      show(json, from, performance.now() - t0);
    }).catch((err) => {
      status.textContent = err.message;
    }).finally(() => {
      asking = false;
      const next = askAgain;
      askAgain = null;
      if (next !== null) askServer(next);
      else delete document.documentElement.dataset.busy;
    });
  }

  function showTiming(s) {
    const t = $('timing');
    t.dataset.updateMs = s.update.toFixed(2);
    t.textContent = 'Last update: ' + s.update.toFixed(1) + ' ms from keystroke to view (library ' +
      s.wasm.toFixed(1) + ' ms), ' + s.frame.toFixed(1) + ' ms to the next frame.';
  }

  function loadFragment() {
    const f = readFragment();
    if ('u' in f) refInput.value = f.u;
    if ('base' in f) baseInput.value = f.base;
    else if ('u' in f) baseInput.value = '';
    update();
  }

  const examples = [
    ['RFC 3986, section 3', 'foo://example.com:8042/over/there?name=ferret#nose', ''],
    ['IPv6 host (1.1.2)', 'ldap://[2001:db8::7]/c=GB?objectClass?one', ''],
    ['no authority', 'mailto:John.Doe@example.com', ''],
    ['empty query and fragment', 'http://a/?#', ''],
    ['resolution (5.4)', '../g?y#s', 'http://a/b/c/d;p?q'],
    ['normalization (6.2.2)', 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d', ''],
    ['an error', 'http://exa mple.com/', ''],
    ['an IRI', 'http://www.example.org/Dürst', ''],
    ['parsers disagree', 'http://a\\@b.com/', ''],
  ];

  function drawExamples() {
    $('examples').replaceChildren(...examples.map(([label, u, base]) => {
      const b = el('button', 'example', label);
      b.type = 'button';
      b.title = u + (base ? ' against ' + base : '');
      b.addEventListener('click', () => {
        refInput.value = u;
        baseInput.value = base;
        update();
        refInput.focus();
      });
      return b;
    }));
  }

  refInput.addEventListener('input', (e) => update(e.timeStamp));
  baseInput.addEventListener('input', (e) => update(e.timeStamp));
  window.addEventListener('hashchange', loadFragment);
  document.getElementById('inputs').addEventListener('submit', (e) => e.preventDefault());
  document.addEventListener('keydown', (e) => {
    const typing = e.target instanceof HTMLInputElement;
    if (e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      refInput.focus();
      refInput.select();
    }
  });
  $('copy').addEventListener('click', async () => {
    writeFragment();
    try {
      await navigator.clipboard.writeText(location.href);
      status.textContent = 'Link copied.';
    } catch (e) {
      status.textContent = 'Copy this page\'s address to share the view.';
    }
  });
  window.addEventListener('resize', () => update());
  drawExamples();

  // Start the library: uri.wasm calls uriViewReady once uriView is there.
  // Without it, the server answers.
  function start(how) {
    mode = how;
    ready = true;
    document.documentElement.dataset.mode = how;
    document.documentElement.dataset.ready = 'true';
    status.textContent = 'Ready.';
    if (how === 'server') {
      $('engine').replaceChildren('run by the ', el('code', '', 'uri serve'), ' that sent this page (it was ' +
        'built without the WebAssembly): what you type goes to that server and nowhere else.');
    }
    loadFragment();
  }
  window.uriViewReady = () => start('wasm');
  function useServer() {
    analyze('', '').then(() => start('server')).catch((err) => {
      status.textContent = 'The library did not load: neither the WebAssembly nor the server answered (' + err.message + ').';
      document.documentElement.dataset.ready = 'missing';
    });
  }
  if (typeof Go !== 'function') {
    useServer();
    return;
  }
  const go = new Go();
  fetch('uri.wasm').then((resp) => {
    if (!resp.ok) throw new Error('no uri.wasm');
    return WebAssembly.instantiateStreaming(resp, go.importObject);
  }).then((result) => go.run(result.instance)).catch(useServer);
})();
