// The lanes page (issue 30): the project's orchestration, each lane with its worker, status, age, branch and the tail
// of its worker's log, and the buttons that spawn, sync, complete or cancel one.
import { api } from './api.js';
import { badge, clear, el, when } from './dom.js';

const ACTIVE = ['pending', 'running', 'blocked'];
const TAIL = 20;

/** How long ago an ISO time was, as 42s, 5m, 3h or 2d. */
function age(iso) {
  const seconds = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 1000));
  if (Number.isNaN(seconds)) return '';
  if (seconds < 60) return seconds + 's';
  if (seconds < 3600) return Math.floor(seconds / 60) + 'm';
  if (seconds < 86400) return Math.floor(seconds / 3600) + 'h';
  return Math.floor(seconds / 86400) + 'd';
}

/** The active (else last) orchestration of the chosen project and its lanes. */
export async function lanes(main, ctx) {
  main.append(el('h2', {}, 'Lanes'));
  if (!ctx.project) {
    main.append(el('p', { class: 'muted' }, 'Pick a project at the top right: this page works on one project.'));
    return;
  }
  const box = el('div', { id: 'lanes' });
  main.append(box);
  const params = { project: ctx.project };
  const load = async () => {
    const r = await ctx.run(() => api('/orchestration', { params }));
    if (!r) return;
    clear(box);
    const o = r.orchestration;
    if (!o) {
      box.append(el('p', { class: 'muted' }, 'No orchestration in ' + r.project + '. Start one in the repository: ',
        el('code', {}, 'eagle-mem orchestrate init "GOAL"')));
      return;
    }
    const syncAll = el('button', { type: 'button', class: 'sync-all', onclick: async () => {
      const done = await ctx.run(() => api('/orchestration/sync', { method: 'POST', params }), 'synced');
      if (done) load();
    } }, 'Sync all');
    box.append(el('div', { class: 'card orchestration' },
      el('div', { class: 'head' }, badge(o.status, o.status), el('span', { class: 'title' }, o.goal),
        el('span', { class: 'id' }, 'o' + o.id), o.coordinator_branch ? el('span', { class: 'muted' }, 'on ' + o.coordinator_branch) : null,
        el('span', { class: 'muted' }, when(o.created_at))),
      o.status === 'active' ? el('div', { class: 'actions' }, syncAll) : null));
    if (o.lanes.length === 0) box.append(el('p', { class: 'muted' }, 'No lanes yet: eagle-mem orchestrate lane add KEY --scope "…"'));
    // the log tails: one read per lane that has run, at most the lanes listed
    const tails = await Promise.all(o.lanes.map(l => l.attempt
      ? ctx.run(() => api('/lanes/' + encodeURIComponent(l.key) + '/log', { params: { ...params, lines: TAIL } }))
      : null));
    o.lanes.forEach((l, i) => box.append(laneCard(l, tails[i], o.status === 'active', ctx, load)));
  };
  await load();
}

const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));

/** Re-reads the page once lane {@code key} has left pending (serve started its worker), for at most a minute. */
async function whileQueued(key, params, reload) {
  for (let i = 0; i < 60; i++) {
    await sleep(1000);
    const r = await api('/orchestration', { params }).catch(() => null);
    const lane = r?.orchestration?.lanes.find(x => x.key === key);
    if (!lane || lane.status !== 'pending') {
      reload();
      return;
    }
  }
}

function laneCard(l, tail, live, ctx, reload) {
  const params = { project: ctx.project };
  const path = '/lanes/' + encodeURIComponent(l.key);
  const act = (cls, label, call, done) => el('button', { type: 'button', class: cls, onclick: async () => {
    const ok = await ctx.run(call, l.key + ' ' + done);
    if (ok) reload();
    // a queued spawn is started by serve's job within orchestrate.max_workers: look again until it has
    if (ok && ok.mode === 'queued') await whileQueued(l.key, params, reload);
  } }, label);
  const move = status => () => api(path, { method: 'PATCH', params, body: { status } });
  const active = live && ACTIVE.includes(l.status);
  const a = l.attempt;
  const since = a ? a.started_at : l.created_at;
  return el('div', { class: 'card lane', dataset: { key: l.key, status: l.status } },
    el('div', { class: 'head' }, badge(l.status, l.status), el('span', { class: 'title' }, l.key),
      l.title !== l.key ? el('span', {}, l.title) : null, el('span', { class: 'agent muted' }, l.agent),
      el('span', { class: 'age muted', title: when(since) }, age(since)),
      l.branch ? el('code', { class: 'branch' }, l.branch) : null),
    l.scope ? el('div', { class: 'body' }, l.scope) : null,
    a ? el('div', { class: 'muted' }, 'exit ' + (a.exit_code ?? (a.ended_at ? 'none' : 'not yet'))
      + (a.validation_exit === null ? '' : ', validation exit ' + a.validation_exit) + ' · log ', el('code', {}, a.log)) : null,
    tail && tail.lines.length > 0 ? el('pre', { class: 'log' }, tail.lines.join('\n')) : null,
    el('div', { class: 'muted next' }, 'next: ', el('code', {}, l.next)),
    active ? el('div', { class: 'actions' },
      l.status !== 'running' ? act('spawn', 'Spawn', () => api(path + '/spawn', { method: 'POST', params }), 'spawned') : null,
      a ? act('sync', 'Sync', () => api(path + '/sync', { method: 'POST', params }), 'synced') : null,
      act('complete', 'Complete', move('completed'), 'completed'),
      act('cancel danger', 'Cancel', move('cancelled'), 'cancelled')) : null);
}
