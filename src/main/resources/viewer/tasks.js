// The tasks page (issue 28): a project's tasks grouped by status, each with its notes, and the buttons that move one.
import { api } from './api.js';
import { badge, clear, el, richText, when } from './dom.js';

const GROUPS = [['in_progress', 'In progress'], ['blocked', 'Blocked'], ['pending', 'Pending'], ['completed', 'Completed'],
  ['cancelled', 'Cancelled']];
const OPEN = ['in_progress', 'blocked', 'pending'];

/** Tasks of the chosen project: open ones, closed ones too on request; start, complete or cancel one. */
export async function tasks(main, ctx) {
  main.append(el('h2', {}, 'Tasks'));
  if (!ctx.project) {
    main.append(el('p', { class: 'muted' }, 'Pick a project at the top right: this page works on one project.'));
    return;
  }
  const showClosed = el('input', { type: 'checkbox', id: 'closed' });
  const list = el('div', { id: 'tasks' });
  main.append(el('label', {}, showClosed, ' include completed and cancelled'), list);
  const load = async () => {
    const params = { project: ctx.project, limit: 100 };
    if (showClosed.checked) params.all = 'true';
    const r = await ctx.run(() => api('/tasks', { params }));
    if (!r) return;
    // each task's notes: one read per task, at most the 100 listed
    const details = await Promise.all(r.tasks.map(t => ctx.run(() => api('/tasks/' + t.id, { params: { project: ctx.project } }))));
    clear(list);
    if (r.tasks.length === 0) list.append(el('p', { class: 'muted' }, 'No tasks' + (showClosed.checked ? '.' : ' open.')));
    for (const [status, title] of GROUPS) {
      const group = details.filter(d => d && d.task.status === status);
      if (group.length === 0) continue;
      const section = el('section', { class: 'task-group', dataset: { status } }, el('h3', {}, `${title} (${group.length})`));
      for (const d of group) section.append(taskCard(d, ctx, load));
      list.append(section);
    }
  };
  showClosed.addEventListener('change', load);
  await load();
}

function taskCard(detail, ctx, reload) {
  const t = detail.task;
  const move = (status, label, extra = '') => el('button', { type: 'button', class: status + (extra ? ' ' + extra : ''),
    onclick: async () => {
      const done = await ctx.run(() => api('/tasks/' + t.id, { method: 'PATCH', params: { project: ctx.project }, body: { status } }),
        t.id + ' ' + status.replace('_', ' '));
      if (done) reload();
    } }, label);
  const open = OPEN.includes(t.status);
  const notes = detail.notes.length === 0 ? null : el('ul', { class: 'notes' }, detail.notes.map(n =>
    el('li', {}, n.kind !== 'note' ? badge(n.kind) : null, ' ', el('span', { class: 'muted' }, when(n.created_at)), ' ',
      el('span', { class: 'body' }, richText(n.text)))));
  return el('div', { class: 'card', dataset: { id: t.id } },
    el('div', { class: 'head' }, badge(t.status.replace('_', ' '), t.status), t.stale ? badge('stale', 'stale') : null,
      el('span', { class: 'title' }, t.title), el('span', { class: 'id' }, t.id),
      t.owner_agent ? el('span', { class: 'muted' }, t.owner_agent) : null, el('span', { class: 'muted' }, when(t.updated_at))),
    t.details ? el('div', { class: 'body' }, richText(t.details)) : null,
    notes,
    el('div', { class: 'actions' },
      t.status !== 'in_progress' ? move('in_progress', open ? 'Start' : 'Reopen', 'start') : null,
      open ? move('completed', 'Complete', 'complete') : null,
      open ? move('cancelled', 'Cancel', 'cancel danger') : null));
}
