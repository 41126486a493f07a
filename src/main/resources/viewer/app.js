// The viewer's shell: the project picker, the status line and the hash router (#feed, #search, #record/mem-12, …).
import { api } from './api.js';
import { clear, el, showTimesIn } from './dom.js';
import * as pages from './pages.js';
import { lanes } from './lanes.js';
import { tasks } from './tasks.js';

const PAGES = { feed: pages.feed, search: pages.search, sessions: pages.sessions, memories: pages.memories,
  tasks, lanes, features: pages.features, jobs: pages.jobs, recall: pages.recall, graph: pages.graph, record: pages.record };
const main = document.getElementById('main');
const status = document.getElementById('status');
const picker = document.getElementById('project');
let cleanup = null;

function say(text, error = false) {
  status.hidden = !text;
  status.className = error ? 'error' : '';
  status.textContent = text || '';
}

// null until the person picks one (then '' is "all projects"): the first visit opens on the latest project's work
const chosen = localStorage.getItem('eagle-mem.project');
const ctx = {
  project: chosen || '',
  /** Runs a call; a failure is shown (message and fix) instead of thrown. Resolves to the result, or null. */
  async run(call, done) {
    try {
      const result = await call();
      // a plain read keeps the last message: the page re-reads itself right after an action reports it
      if (done) say(done);
      return result === null ? {} : result;
    } catch (e) {
      if (e.status === 401) say('Logged out (the login expired or serve restarted). Run: eagle-mem open', true);
      else say((e.message || String(e)) + (e.fix ? ' — fix: ' + e.fix : ''), true);
      return null;
    }
  },
  reload: () => show(true),
};

async function show(keepStatus = false) {
  if (!keepStatus) say('');
  if (cleanup) cleanup();
  cleanup = null;
  // #name, or #name/argument for a page about one thing (#record/mem-12)
  const [name, ...rest] = (location.hash || '#feed').slice(1).split('/');
  let arg = '';
  try {
    arg = decodeURIComponent(rest.join('/'));
  } catch {
    arg = '';
  }
  const page = PAGES[name] || pages.feed;
  for (const link of document.querySelectorAll('#nav a')) link.classList.toggle('active', link.getAttribute('href') === '#' + name);
  clear(main);
  const result = page(main, ctx, arg);
  cleanup = result instanceof Promise ? null : result || null;
  if (result instanceof Promise) await result;
}

async function start() {
  const r = await ctx.run(() => api('/projects'));
  const projects = (r && r.projects) || [];
  if (r) showTimesIn(r.timezone);
  for (const key of projects) picker.append(el('option', { value: key }, key));
  if (chosen === null && projects.length > 0) ctx.project = projects[0]; // the most recently active
  if (ctx.project && ![...picker.options].some(o => o.value === ctx.project)) ctx.project = '';
  picker.value = ctx.project;
  picker.addEventListener('change', () => {
    ctx.project = picker.value;
    localStorage.setItem('eagle-mem.project', ctx.project);
    show();
  });
  window.addEventListener('hashchange', () => show());
  show();
}

start();
