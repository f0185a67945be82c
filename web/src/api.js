// The bot's HTTP API (see shared/activity-api.md). Relative URLs only: behind Discord's proxy the
// page lives under a prefix, and `api/…` resolves next to it.
import { t } from './i18n.js';

let session = null;

export function setSession(token) {
  session = token;
}

export function getSession() {
  return session;
}

/** A refusal from the bot: `status` (0 when the bot could not be reached), `code`, `message`,
 *  and for 409 the fresh `view`. */
export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || t('network'));
    this.status = status;
    this.code = (body && body.error) || (status ? 'http_' + status : 'network');
    this.view = body && body.view;
  }
}

export async function api(method, path, body) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (session) headers.Authorization = 'Bearer ' + session;
  let res;
  try {
    res = await fetch('api/' + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, null);
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    // An empty or non-JSON body: the status alone tells what happened.
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}
