// The Activity page: sign in through Discord, then the lobby and the games, kept live by the
// bot's event stream.

import { h } from './dom.js';
import { t, setLang, langOf } from './i18n.js';
import { api, ApiError, getSession } from './api.js';
import { signIn, openSession, watchParticipants } from './discord.js';
import { openLive } from './live.js';
import { lobbyScreen } from './lobby.js';
import { gameScreen } from './game.js';

const conn = h('span', { class: 'conn', 'data-conn': 'connecting', 'aria-live': 'polite' });
const errorEl = h('p', { class: 'error', 'data-error': '', role: 'alert', hidden: true, onclick: () => (errorEl.hidden = true) });
const liveRegion = h('div', { class: 'sr-only', 'aria-live': 'polite', 'data-announce': '' });
const who = h('span', { class: 'who' });
const screenEl = h('main', { class: 'screen' });
let lobby = null;
let game = null;
let me = null; // {id, name} once signed in
let discord = null; // {sdk, clientId} once signed in
let stopLive = null;
let lastRenewal = 0;
let errorTimer = 0;
let errorSeq = 0; // counts the refusals shown, so tests can tell a new one from the last one

function showError(message) {
  clearTimeout(errorTimer);
  errorEl.textContent = message || '';
  if (message) errorEl.dataset.seq = String(++errorSeq);
  errorEl.hidden = !message;
  // A refusal stays readable for a while, then makes room; the latest one is always in data-error.
  if (message) errorTimer = setTimeout(() => (errorEl.hidden = true), 10000);
}

function announce(text) {
  liveRegion.textContent = '';
  requestAnimationFrame(() => (liveRegion.textContent = text));
}

function setConn(state) {
  conn.dataset.conn = state;
  conn.textContent = state === 'live' ? '● ' + t('live') : state === 'reconnecting' ? '○ ' + t('reconnecting') : '';
}

/** The whole screen says one thing: a step of the sign-in (with a spinner) or why it failed. */
function splash(text, failed) {
  screenEl.replaceChildren(h('div', { class: failed ? 'splash failed' : 'splash' }, failed ? null : h('div', { class: 'spinner' }), h('p', {}, text)));
}

/** Runs `fn`; a refusal is shown and nothing else changes. */
async function attempt(fn) {
  try {
    showError(null);
    return await fn();
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) signedOut();
    else showError(e.message || String(e));
    return undefined;
  }
}

/** The bot refused the session (it expired): sign in again without a word, at most twice a
 *  minute; if that fails too, say so. */
async function signedOut() {
  if (Date.now() - lastRenewal < 30000) {
    setConn('reconnecting');
    return showError(t('sessionExpired'));
  }
  lastRenewal = Date.now();
  try {
    await openSession(discord.sdk, discord.clientId);
  } catch {
    setConn('reconnecting');
    return showError(t('sessionExpired'));
  }
  startLive();
  refetch();
}

let known = new Set(); // ids of the games listed so far
let challenged = false; // the viewer's challenge waits for an answer

/** A new list of the channel's games. When the viewer's challenge is accepted, the game that
 *  starts opens by itself (if the lobby is on screen). */
function listed(l) {
  lobby.update(l);
  const games = l.games || [];
  const fresh = games.find((g) => !known.has(g.id) && !g.finished && g.players.includes(me.name));
  known = new Set(games.map((g) => g.id));
  if (challenged && fresh && !game) {
    challenged = false;
    openGame(fresh.id);
  }
}

function openGame(id) {
  performance.mark('game-requested');
  return attempt(async () => showGame(await api('GET', `games/${id}`)));
}

function startLive() {
  stopLive?.();
  stopLive = openLive(getSession(), {
    onConn: setConn,
    onGames: listed,
    onGame: (v) => game && v.id === game.id && game.setView(v),
    onReconnect: refetch,
    shouldRetry: async () => {
      try {
        lobby.update(await api('GET', 'games'));
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) {
          signedOut();
          return false; // a renewed session opens its own stream
        }
      }
      return true;
    },
  });
}

function showLobby() {
  game = null;
  screenEl.replaceChildren(lobby.root);
  return attempt(async () => lobby.update(await api('GET', 'games')));
}

function showGame(view) {
  game = gameScreen({ announce, showError, signedOut, onBack: showLobby }, view);
  screenEl.replaceChildren(game.root);
}

async function refetch() {
  await attempt(async () => {
    lobby.update(await api('GET', 'games'));
    if (game) game.setView(await api('GET', `games/${game.id}`));
  });
}

async function boot() {
  document.body.prepend(h('div', { class: 'topbar' }, who, conn), errorEl);
  document.body.append(screenEl, liveRegion);
  setLang(langOf(navigator.language));
  splash(t('connecting'));
  const slow = setTimeout(() => splash(t('discordSilent'), true), 15000);
  let s;
  try {
    s = await signIn((step) => splash(t(step)));
  } catch (e) {
    clearTimeout(slow);
    if (e instanceof Error && /query param/.test(e.message)) return splash(t('notInDiscord'), true);
    return splash(t('signInFailed', { msg: e.message || e.code || String(e) }), true);
  } finally {
    clearTimeout(slow);
  }
  me = s.user;
  discord = { sdk: s.sdk, clientId: s.clientId };
  setLang(langOf(s.locale));
  who.textContent = s.user.name;
  lobby = lobbyScreen({
    me,
    open: openGame,
    start: (kind, opponent, level) =>
      attempt(async () => {
        const r = await api('POST', 'games', { kind, opponent, level });
        if (r.challenge) {
          challenged = true;
          announce(t('challengePosted'));
        } else showGame(r);
      }),
    accept: (id) => attempt(async () => showGame(await api('POST', `challenges/${id}/accept`))),
  });
  watchParticipants(s.sdk, (p) => lobby.setParticipants(p));
  startLive();
  await showLobby();
  performance.mark('lobby-ready');
  // Launched for one game (Discord's `custom_id`, e.g. from an invite to it): open it at once.
  if (s.sdk.customId) await attempt(async () => showGame(await api('GET', `games/${encodeURIComponent(s.sdk.customId)}`)));
  setInterval(() => game?.tick(), 250);
}

boot();
