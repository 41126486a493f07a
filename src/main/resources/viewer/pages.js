// One function per page: each renders into `main` and returns an optional cleanup (the feed closes its stream).
import { api } from './api.js';
import { badge, clear, el, richText, when } from './dom.js';

function projectParam(ctx) {
  return ctx.project ? { project: ctx.project } : {};
}

function needProject(ctx, main) {
  if (ctx.project) return false;
  main.append(el('p', { class: 'muted' }, 'Pick a project at the top right: this page works on one project.'));
  return true;
}

function recordCard(item, extra = []) {
  return el('div', { class: 'card', dataset: { id: item.id } },
    el('div', { class: 'head' },
      badge(item.kind), item.memory_kind ? badge(item.memory_kind) : null, item.forgotten ? badge('forgotten', 'forgotten') : null,
      el('span', { class: 'title' }, item.title || ''),
      el('span', { class: 'id' }, item.id), el('span', { class: 'muted' }, when(item.date)),
      item.project ? el('span', { class: 'muted' }, item.project) : null),
    item.snippet ? el('div', { class: 'body' }, richText(item.snippet)) : null,
    extra);
}

/**
 * Live feed: observations, prompts, summaries and memories as serve stores them (Server-Sent Events), above the
 * latest sessions, so the first page shows the history the store holds before anything new arrives.
 */
export function feed(main, ctx) {
  const state = el('p', { class: 'muted', id: 'feed-state' }, 'Connecting…');
  main.append(el('h2', {}, 'Live feed'), state);
  const list = el('div', { id: 'feed' });
  const recent = el('div', { id: 'recent' });
  main.append(list, el('h2', {}, 'Recent sessions'), recent, el('p', {}, el('a', { href: '#sessions' }, 'All sessions and their replays')));
  recentSessions(recent, ctx, 10);
  const source = new EventSource('/events' + (ctx.project ? '?project=' + encodeURIComponent(ctx.project) : ''));
  source.onopen = () => { state.textContent = 'Live: new records appear here as the hooks store them.'; };
  source.onerror = () => { state.textContent = 'Disconnected; retrying…'; };
  for (const type of ['observation', 'prompt', 'summary', 'memory']) {
    source.addEventListener(type, event => {
      const item = JSON.parse(event.data);
      list.prepend(recordCard(item));
      while (list.childElementCount > 200) list.lastElementChild.remove();
    });
  }
  return () => source.close();
}

/** Search → a hit's timeline → a record in full: each step asks only for what it shows. */
export function search(main, ctx) {
  const input = el('input', { type: 'search', name: 'q', placeholder: 'words, an identifier, a file name…', required: true });
  const results = el('div', { id: 'results' });
  const detail = el('div', { id: 'detail' });
  const form = el('form', { class: 'inline', onsubmit: async event => {
    event.preventDefault();
    clear(results); clear(detail);
    const r = await ctx.run(() => api('/search', { params: { q: input.value, ...projectParam(ctx) } }));
    if (!r) return;
    results.append(el('p', { class: 'muted' }, `${r.hits.length} hit(s) for ${r.terms.join(' ')} (${r.match_mode}, ${r.mode})`));
    for (const hit of r.hits) {
      results.append(recordCard({ ...hit, kind: hit.kind },
        el('div', { class: 'actions' }, el('button', { type: 'button', class: 'timeline', onclick: () => timeline(hit.id, detail, ctx) }, 'Timeline'),
          el('button', { type: 'button', class: 'open', onclick: () => showRecord(hit.id, detail, ctx) }, 'Open'))));
    }
  } }, input, el('button', { type: 'submit' }, 'Search'));
  main.append(el('h2', {}, 'Search'), form, el('div', { class: 'cols' }, results, detail));
  input.focus();
}

async function timeline(id, target, ctx) {
  const t = await ctx.run(() => api('/timeline', { params: { id } }));
  if (!t) return;
  clear(target).append(el('h3', {}, 'Around ' + id));
  const rows = el('div', { id: 'timeline' });
  t.items.forEach((item, i) => {
    const card = recordCard(item, el('div', { class: 'actions' },
      el('button', { type: 'button', class: 'open', onclick: () => showRecord(item.id, target, ctx) }, 'Open')));
    if (i === t.anchor_index) card.classList.add('anchor');
    rows.append(card);
  });
  target.append(rows);
}

async function showRecord(id, target, ctx) {
  const batch = await ctx.run(() => api('/records', { params: { ids: id } }));
  if (!batch) return;
  clear(target).append(el('h3', {}, id));
  for (const r of batch.records) target.append(fields(r, 'record'));
  for (const m of batch.missing) target.append(el('p', { class: 'muted' }, m + ' is gone.'));
}

/** A link to one record's page (#record/mem-12): how other pages (the recall inspector) point at what they list. */
function recordLink(id) {
  return el('a', { href: '#record/' + encodeURIComponent(id), class: 'ref' }, id);
}

/** One record in full, opened from a link (#record/mem-12), with its timeline on demand. */
export async function record(main, ctx, id) {
  main.append(el('h2', {}, 'Record'));
  if (!id) {
    main.append(el('p', { class: 'muted' }, 'No record named: the address should end in #record/ and an id such as mem-12.'));
    return;
  }
  const detail = el('div', { id: 'detail' });
  const around = el('div', { id: 'around' });
  main.append(detail, el('div', { class: 'actions' },
    el('button', { type: 'button', class: 'timeline', onclick: () => timeline(id, around, ctx) }, 'Timeline')), around);
  await showRecord(id, detail, ctx);
}

/** A stored record's fields as a table of text; nested objects become dotted rows, lists one line each. */
function fields(object, id) {
  const table = el('table', { id });
  const rows = (value, prefix) => {
    for (const [key, v] of Object.entries(value)) {
      const name = prefix ? prefix + '.' + key : key;
      if (v === null || v === undefined || (Array.isArray(v) && v.length === 0)) continue;
      if (typeof v === 'object' && !Array.isArray(v)) {
        rows(v, name);
        continue;
      }
      const text = Array.isArray(v) ? v.map(i => (typeof i === 'object' ? JSON.stringify(i) : String(i))).join('\n') : String(v);
      table.append(el('tr', {}, el('th', {}, name), el('td', { class: 'body' }, richText(text))));
    }
  };
  rows(object, '');
  return table;
}

/** Sessions, newest first; one replayed: prompts, recall, tool calls and summary in order. */
export async function sessions(main, ctx) {
  main.append(el('h2', {}, 'Sessions'));
  const list = el('div', { id: 'sessions' });
  const replayBox = el('div', { id: 'replay' });
  main.append(el('div', { class: 'cols' }, list, replayBox));
  await recentSessions(list, ctx, 50, replayBox);
}

/** The latest sessions as cards, newest activity first; with a target, each card can replay its session there. */
async function recentSessions(list, ctx, limit, replayBox = null) {
  const r = await ctx.run(() => api('/sessions', { params: { limit, ...projectParam(ctx) } }));
  if (!r) return;
  if (r.sessions.length === 0) list.append(el('p', { class: 'muted' }, 'No sessions yet.'));
  for (const o of r.sessions) {
    const s = o.session;
    list.append(el('div', { class: 'card' },
      el('div', { class: 'head' }, badge(s.agent), badge(s.status), el('span', { class: 'id' }, s.id),
        el('span', { class: 'muted' }, when(s.last_activity_at))),
      el('div', { class: 'body' }, o.request || o.completed || '(no summary)'),
      el('div', { class: 'muted' }, `${o.prompts} prompt(s), ${o.observations} tool call(s) · ${s.project}`),
      replayBox ? el('div', { class: 'actions' }, el('button', { type: 'button', onclick: () => replay(s.id, replayBox, ctx) }, 'Replay'))
        : null));
  }
}

async function replay(id, target, ctx) {
  const r = await ctx.run(() => api('/replay/' + encodeURIComponent(id)));
  if (!r) return;
  clear(target).append(el('h3', {}, 'Replay of ' + id),
    el('p', { class: 'muted' }, `${r.prompts.length} prompt(s), ${r.recall_events.length} recall event(s), ${r.observations.length} tool call(s)`
      + (r.truncated ? `, ${r.truncated} more not shown` : '')));
  const table = el('table', { id: 'steps' }, el('tr', {}, el('th', {}, 'when'), el('th', {}, 'what'), el('th', {}, '')));
  for (const step of r.steps) {
    table.append(el('tr', {}, el('td', { class: 'muted' }, when(step.at)), el('td', {}, badge(step.kind)),
      el('td', { class: 'body' }, richText(step.text))));
  }
  target.append(table);
}

/** Memories: edit, forget (with a reason), restore. */
export async function memories(main, ctx) {
  const showForgotten = el('input', { type: 'checkbox', id: 'forgotten' });
  const list = el('div', { id: 'memories' });
  // the staleness line goes above the list: it says the stale ones are "marked below"
  const staleness = el('p', { id: 'staleness', class: 'muted' });
  main.append(el('h2', {}, 'Memories'), el('label', {}, showForgotten, ' include forgotten'), staleness, list);
  const load = async () => {
    const r = await ctx.run(() => api('/memories', { params: { limit: 200, forgotten: showForgotten.checked || '', ...projectParam(ctx) } }));
    if (!r) return;
    // how the project's memory stands against its code: changed, moved, gone or contradicted records, by id
    const states = {};
    let summary = '';
    if (ctx.project) {
      const stale = await ctx.run(() => api('/memories/stale', { params: projectParam(ctx) }));
      if (stale) {
        for (const item of stale.records) states[item.id] = item.freshness;
        summary = stale.anchored === 0 ? 'No memory of this project is anchored to its code yet.'
          : stale.records.length === 0 ? 'All ' + stale.anchored + ' anchored records are fresh against the code.'
          : stale.records.length + ' of ' + stale.anchored + ' anchored records are not fresh against the code'
            + ' (marked below; confirm one that still holds, edit or forget one that does not).';
      }
    }
    // set once the reads are done, so two loads at once (a confirm's reload, the checkbox) cannot show it twice
    staleness.textContent = summary;
    clear(list);
    if (r.memories.length === 0) list.append(el('p', { class: 'muted' }, 'No memories.'));
    for (const m of r.memories) list.append(memoryCard(m, ctx, load, states['mem-' + m.id]));
  };
  showForgotten.addEventListener('change', load);
  await load();
}

function memoryCard(m, ctx, reload, freshness) {
  const id = 'mem-' + m.id;
  const actions = el('div', { class: 'actions' });
  const card = el('div', { class: 'card', dataset: { id } },
    el('div', { class: 'head' }, badge(m.kind), m.deleted_at ? badge('forgotten', 'forgotten') : null,
      freshness ? badge(freshness.state, 'stale') : null,
      el('span', { class: 'title' }, m.title || ''), el('span', { class: 'id' }, id),
      el('span', { class: 'muted' }, m.project || 'personal'), el('span', { class: 'muted' }, when(m.updated_at))),
    el('div', { class: 'body' }, richText(m.content)),
    freshness ? el('div', { class: 'muted freshness' }, freshness.label) : null,
    m.delete_reason ? el('div', { class: 'muted' }, 'forgotten: ' + m.delete_reason) : null,
    actions);
  if (freshness && !m.deleted_at) {
    actions.append(el('button', { type: 'button', class: 'confirm-fresh', onclick: async () => {
      if (await ctx.run(() => api('/memories/' + m.id + '/confirm', { method: 'POST' }), id + ' confirmed: still holds')) reload();
    } }, 'Still holds'));
  }
  if (m.deleted_at) {
    actions.append(el('button', { type: 'button', class: 'restore', onclick: async () => {
      if (await ctx.run(() => api('/memories/' + m.id + '/restore', { method: 'POST' }), id + ' restored')) reload();
    } }, 'Restore'));
    return card;
  }
  actions.append(el('button', { type: 'button', class: 'edit', onclick: () => {
    const title = el('input', { type: 'text', class: 'wide', name: 'title', value: m.title || '' });
    const content = el('textarea', { name: 'content' });
    content.value = m.content || '';
    clear(actions).append(el('form', { class: 'inline', onsubmit: async event => {
      event.preventDefault();
      if (await ctx.run(() => api('/memories/' + m.id, { method: 'PATCH', body: { title: title.value, content: content.value } }), id + ' saved')) reload();
    } }, title, content, el('button', { type: 'submit' }, 'Save'), el('button', { type: 'button', onclick: reload }, 'Cancel')));
  } }, 'Edit'));
  actions.append(el('button', { type: 'button', class: 'forget danger', onclick: () => {
    const reason = el('input', { type: 'text', class: 'wide', name: 'reason', placeholder: 'why it is wrong or outdated (optional)' });
    clear(actions).append(el('form', { class: 'inline', onsubmit: async event => {
      event.preventDefault();
      if (await ctx.run(() => api('/memories/' + m.id, { method: 'DELETE', params: { reason: reason.value } }), id + ' forgotten')) reload();
    } }, reason, el('button', { type: 'submit', class: 'danger confirm' }, 'Forget'), el('button', { type: 'button', onclick: reload }, 'Cancel')));
    reason.focus();
  } }, 'Forget'));
  return card;
}

/** Features and the checks that would block a release: run the smoke tests, verify with notes, waive with a reason. */
export async function features(main, ctx) {
  main.append(el('h2', {}, 'Features'));
  if (needProject(ctx, main)) return;
  const r = await ctx.run(() => api('/features', { params: projectParam(ctx) }));
  if (!r) return;
  const output = el('pre', { id: 'run-output', hidden: true });
  main.append(el('p', { class: 'muted' }, r.root ? 'Project directory: ' + r.root : 'The project directory is unknown here: checks are read as stored.'));
  const list = el('div', { id: 'features' });
  if (r.features.length === 0) list.append(el('p', { class: 'muted' }, 'No features registered (eagle-mem feature add).'));
  for (const f of r.features) {
    const notes = el('input', { type: 'text', class: 'wide', name: 'notes', placeholder: 'what you checked', required: true });
    list.append(el('div', { class: 'card', dataset: { feature: f.name } },
      el('div', { class: 'head' }, el('span', { class: 'title' }, f.name), badge(f.status, f.status),
        f.pending ? badge(f.pending + ' pending', 'failed') : null,
        el('span', { class: 'muted' }, f.last_verified_at ? 'verified ' + when(f.last_verified_at) : 'never verified')),
      f.description ? el('div', { class: 'body' }, richText(f.description)) : null,
      el('div', { class: 'muted' }, 'files: ' + f.files.join(', ')),
      el('form', { class: 'inline verify', onsubmit: async event => {
        event.preventDefault();
        const v = await ctx.run(() => api('/features/' + encodeURIComponent(f.name) + '/verify',
          { method: 'POST', params: projectParam(ctx), body: { notes: notes.value } }), f.name + ' verified');
        if (v) ctx.reload();
      } }, notes, el('button', { type: 'submit' }, 'Verify'),
      f.smoke_tests.length ? el('button', { type: 'button', class: 'run', onclick: async () => {
        output.hidden = false;
        output.textContent = 'Running ' + f.smoke_tests.join(' && ') + ' …';
        const run = await ctx.run(() => api('/features/' + encodeURIComponent(f.name) + '/run', { method: 'POST', params: projectParam(ctx) }));
        if (run) output.textContent = (run.result.passed ? 'PASSED' : 'FAILED') + '\n' + run.output;
      } }, 'Run smoke tests') : null)));
  }
  main.append(list, output, el('h3', {}, 'Pending checks'));
  const checks = el('div', { id: 'pending' });
  if (r.pending.length === 0) checks.append(el('p', { class: 'muted' }, 'Nothing pending: a release is not blocked.'));
  for (const c of r.pending) {
    const reason = el('input', { type: 'text', class: 'wide', name: 'reason', placeholder: 'why this change is safe', required: true });
    checks.append(el('div', { class: 'card', dataset: { check: c.id } },
      el('div', { class: 'head' }, el('span', { class: 'id' }, '#' + c.id), el('span', { class: 'title' }, c.feature),
        el('span', {}, c.file), el('span', { class: 'muted' }, when(c.created_at))),
      el('div', { class: 'muted' }, c.reason),
      el('form', { class: 'inline waive', onsubmit: async event => {
        event.preventDefault();
        if (await ctx.run(() => api('/checks/' + c.id + '/waive', { method: 'POST', params: projectParam(ctx), body: { reason: reason.value } }),
          'check #' + c.id + ' waived')) ctx.reload();
      } }, reason, el('button', { type: 'submit' }, 'Waive'))));
  }
  main.append(checks);
}

/** The background-job queue: retry, cancel, purge dead. */
export async function jobs(main, ctx) {
  main.append(el('h2', {}, 'Jobs'));
  const r = await ctx.run(() => api('/jobs', { params: { status: 'all', limit: 100 } }));
  if (!r) return;
  main.append(el('p', { class: 'muted' }, Object.entries(r.counts).map(([k, v]) => k + ' ' + v).join(' · ')),
    el('div', { class: 'actions' }, el('button', { type: 'button', class: 'purge danger', onclick: async () => {
      if (await ctx.run(() => api('/jobs/dead', { method: 'DELETE' }), 'dead jobs purged')) ctx.reload();
    } }, 'Purge dead jobs')));
  const table = el('table', { id: 'jobs' }, el('tr', {}, ...['id', 'kind', 'status', 'attempts', 'project', 'last error', ''].map(h => el('th', {}, h))));
  for (const j of r.jobs) {
    const buttons = el('td', {});
    // the statuses the service acts on: a dead or cancelled job is retried, a pending one cancelled
    if (j.status === 'dead' || j.status === 'cancelled') {
      buttons.append(el('button', { type: 'button', class: 'retry', onclick: async () => {
        if (await ctx.run(() => api('/jobs/' + j.id + '/retry', { method: 'POST' }), 'job ' + j.id + ' queued again')) ctx.reload();
      } }, 'Retry'));
    }
    if (j.status === 'pending') {
      buttons.append(el('button', { type: 'button', class: 'cancel danger', onclick: async () => {
        if (await ctx.run(() => api('/jobs/' + j.id + '/cancel', { method: 'POST' }), 'job ' + j.id + ' cancelled')) ctx.reload();
      } }, 'Cancel'));
    }
    table.append(el('tr', { dataset: { job: j.id } }, el('td', { class: 'id' }, 'job-' + j.id), el('td', {}, j.kind),
      el('td', {}, badge(j.status, j.status)), el('td', {}, String(j.attempts)), el('td', {}, j.project || ''),
      el('td', { class: 'body' }, j.last_error || ''), buttons));
  }
  main.append(table);
}

/**
 * For each SessionStart and prompt: what was searched, injected (and how big), and what the budget left out; each
 * injected record links to its page.
 */
export async function recall(main, ctx) {
  main.append(el('h2', {}, 'Recall inspector'));
  const r = await ctx.run(() => api('/inspect/recall', { params: { limit: 50, ...projectParam(ctx) } }));
  if (!r) return;
  const table = el('table', { id: 'recall' }, el('tr', {}, ...['when', 'hook', 'searched', 'status', 'injected', 'records', 'trimmed', 'session']
    .map(h => el('th', {}, h))));
  for (const e of r.events) {
    const refs = [...e.memory_ids.map(i => 'mem-' + i), ...e.summary_ids.map(i => 'sum-' + i), ...e.code_ids.map(i => 'code-' + i)];
    table.append(el('tr', {}, el('td', { class: 'muted' }, when(e.created_at)),
      el('td', {}, e.hook_event + (e.source ? ' (' + e.source + ')' : '')), el('td', {}, e.query || ''),
      el('td', {}, badge(e.status, e.status)),
      el('td', {}, e.injected_chars ? `${e.injected_chars} chars (~${Math.floor((e.injected_chars + 3) / 4)} tokens)` : ''),
      el('td', { class: 'id' }, refs.flatMap((ref, i) => (i ? [' ', recordLink(ref)] : [recordLink(ref)]))),
      el('td', {}, e.trimmed.length ? e.trimmed.join(', ') : (e.sections_trimmed ? e.sections_trimmed + ' section(s)' : '')),
      el('td', { class: 'id' }, e.session_id)));
  }
  if (r.events.length === 0) main.append(el('p', { class: 'muted' }, 'No recall events yet.'));
  main.append(table);
}

/** A file's neighbourhood in the code graph: what it declares, imports, who imports it, sessions, memories, features. */
export function graph(main, ctx) {
  main.append(el('h2', {}, 'Code graph'));
  if (needProject(ctx, main)) return;
  const input = el('input', { type: 'text', class: 'wide', name: 'file', placeholder: 'src/cart/checkout.ts or a declaration', required: true });
  const out = el('div', { id: 'graph' });
  main.append(el('form', { class: 'inline', onsubmit: async event => {
    event.preventDefault();
    const n = await ctx.run(() => api('/graph', { params: { file: input.value, ...projectParam(ctx) } }));
    if (!n) return;
    clear(out).append(el('h3', {}, n.path + (n.node === 'file' ? '' : ' · ' + n.node + ' ' + n.name)));
    const section = (title, items, text) => items.length
      ? [el('h3', {}, title), el('ul', {}, items.map(i => el('li', {}, text(i))))] : [];
    const edge = l => (l.path || l.target || '') + (l.declaration ? ' · ' + l.declaration : '')
      + (l.target && l.path ? ' (' + l.target + ')' : '') + (l.line ? ' line ' + l.line : '');
    out.append(...section('Declares', n.declares, s => `${s.kind} ${s.qualified} (lines ${s.start_line}-${s.end_line})`),
      ...section('Imports', n.imports, edge),
      ...section('Imported by', n.imported_by, edge),
      ...section('Calls', n.calls, edge),
      ...section('Called by', n.called_by, edge),
      ...section('Sessions that touched it', n.sessions, t => `${t.session_id} (${t.agent}, ${when(t.started_at)}): ${t.reads} read(s), ${t.edits} edit(s)`),
      ...section('Memories that mention it', n.memories, m => `mem-${m.id} ${m.kind}: ${m.title}`),
      ...section('Features', n.features, f => f));
  } }, input, el('button', { type: 'submit' }, 'Show')), out);
  input.focus();
}
