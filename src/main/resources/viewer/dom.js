// Building the page without ever parsing stored text as HTML: every value becomes a text node, and the only
// links made are http(s) URLs (a javascript: or data: URL stays plain text).

/** An element with attributes (properties for on* handlers) and children (strings become text nodes). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else if (key === 'class') node.className = value;
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key === 'href') { const safe = safeUrl(value); if (safe) node.setAttribute('href', safe); }
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** The URL when it is http(s) or a page of this viewer (#…); null otherwise. */
export function safeUrl(value) {
  const text = String(value);
  if (text.startsWith('#')) return text;
  try {
    const url = new URL(text, window.location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const URLS = /\bhttps?:\/\/[^\s<>"'`)\]]+/g;

/** Stored text with its http(s) URLs as links (opened without referrer or opener); the rest stays text. */
export function richText(text) {
  const out = [];
  const value = text === null || text === undefined ? '' : String(text);
  let last = 0;
  for (const match of value.matchAll(URLS)) {
    out.push(value.slice(last, match.index));
    const href = safeUrl(match[0]);
    out.push(href ? el('a', { href, target: '_blank', rel: 'noopener noreferrer' }, match[0]) : match[0]);
    last = match.index + match[0].length;
  }
  out.push(value.slice(last));
  return out;
}

export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
  return node;
}

export function badge(text, extra = '') {
  return el('span', { class: ('badge ' + extra).trim() }, text);
}

let zone;

/** The zone times are shown in: serve's display.timezone, so the pages and the CLI print the same times. */
export function showTimesIn(timezone) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    zone = timezone;
  } catch {
    zone = undefined; // a zone this browser does not know: its own
  }
}

/** A stored time as the CLI prints it: 2026-11-24 18:05 UTC+01:00 (UTC itself: 2026-11-24 17:05 UTC). */
export function when(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  const parts = {};
  for (const p of new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset' }).formatToParts(d)) parts[p.type] = p.value;
  const always = ['UTC', 'Etc/UTC', 'Z', 'GMT', 'Etc/GMT', 'Universal', 'Zulu'].includes(zone);
  const offset = parts.timeZoneName === 'GMT' ? (always ? 'UTC' : 'UTC+00:00') : parts.timeZoneName.replace('GMT', 'UTC');
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${offset}`;
}
