// The viewer's calls to serve: same origin, the session cookie (HttpOnly, so no script sees it), JSON both ways.
// The browser adds this page's Origin to every POST/PATCH/DELETE, which serve requires with the cookie.

export class ApiError extends Error {
  constructor(status, code, message, fix) {
    super(message);
    this.status = status;
    this.code = code;
    this.fix = fix;
  }
}

export async function api(path, { method = 'GET', body, params } = {}) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params || {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, value);
  }
  const url = path + (query.toString() ? (path.includes('?') ? '&' : '?') + query : '');
  const init = { method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const error = (json && json.error) || {};
    throw new ApiError(response.status, error.code || 'http_' + response.status, error.message || text || response.statusText,
      error.fix);
  }
  return json;
}
