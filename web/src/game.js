// The screen of one game: header, the board of its kind, status, clock, resign, errors, and the
// live region that tells screen readers what was played.

import { h, flag } from './dom.js';
import { t } from './i18n.js';
import { api, ApiError } from './api.js';
import { attachInput } from './board-input.js';
import { oaqBoard } from './games/oaq.js';
import { shogiBoard } from './games/shogi.js';
import { checkersBoard } from './games/checkers.js';

const BOARDS = { oaq: oaqBoard, shogi: shogiBoard, 'chinese-checkers': checkersBoard };

function clockText(deadline) {
  const s = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const hms = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
  return (hms[0] ? hms[0] + ':' + String(hms[1]).padStart(2, '0') : hms[1]) + ':' + String(hms[2]).padStart(2, '0');
}

/** `app`: {announce(text), showError(message|null), signedOut(), onBack()}. */
export function gameScreen(app, first) {
  let view = null;
  let busy = false;
  let dialog = null; // the promotion question: {el, answer(yes|no|null)}

  const status = h('p', { class: 'status' });
  const result = h('p', { class: 'result' });
  const actions = h('div', { class: 'actions' });
  const root = h('section', { class: 'game', 'data-game': first.kind, 'data-id': first.id });

  /** A player's strip: the colour dot (`colour`, or the seat's own), name, label, `extra`, clock. */
  function seatPanel(v, i, extra, colour) {
    const s = v.seats[i];
    if (!s) return h('div');
    const turn = v.to_move === i && !v.finished;
    const dot = s.colour || colour;
    return h(
      'div',
      { class: 'seat', 'data-seat': i, 'data-turn': turn || null, 'data-me': v.you === i || null, style: dot ? { '--seat': dot } : null },
      h('span', { class: 'seat-name' }, s.name, v.you === i ? ` (${t('you')})` : '', s.computer ? ` · ${t('computerPlayer')}` : ''),
      s.label ? h('span', { class: 'seat-label' }, s.label) : null,
      extra,
      turn && v.deadline ? h('span', { class: 'clock', role: 'timer', 'data-clock': v.deadline, title: t('clock') }, clockText(v.deadline)) : null,
    );
  }

  /** Resolves to true (promote), false (do not) or null (cancelled, or the board moved on). */
  function askPromotion() {
    return new Promise((resolve) => {
      const answer = (yes) => {
        el.remove();
        dialog = null;
        resolve(yes);
      };
      const el = h(
        'div',
        { class: 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-label': t('promoteAsk'), onkeydown: (e) => e.key === 'Escape' && answer(null) },
        h('p', {}, t('promoteAsk')),
        h('div', { class: 'dialog-buttons' },
          h('button', { 'data-promote': 'yes', class: 'primary', onclick: () => answer(true) }, h('span', { class: 'kanji', 'aria-hidden': 'true' }, '成'), ' ', t('promote')),
          h('button', { 'data-promote': 'no', onclick: () => answer(false) }, t('noPromote')),
        ),
      );
      dialog = { el, answer };
      root.append(el);
      el.querySelector('button').focus();
    });
  }

  async function send(path, body) {
    if (busy) return;
    busy = true;
    root.dataset.busy = '';
    try {
      const v = await api('POST', `games/${view.id}/${path}`, body);
      app.showError(null);
      setView(v);
    } catch (e) {
      app.showError(e.message);
      if (e instanceof ApiError && e.status === 401) app.signedOut();
      if (e instanceof ApiError && e.view) setView(e.view);
      else setView(view, true);
    } finally {
      busy = false;
      delete root.dataset.busy;
    }
  }

  const board = BOARDS[first.kind]({
    seatPanel,
    askPromotion,
    busy: () => busy,
    play: (move) => send('move', { ply: view.ply, move }),
  });
  const input = attachInput(board.root, {
    ...board.adapter,
    announce: app.announce,
    interrupt: board.interrupt,
  });

  function confirmResign() {
    const bar = h(
      'div',
      { class: 'confirm', role: 'alertdialog', 'aria-label': t('resignConfirm') },
      h('span', {}, t('resignConfirm')),
      h('button', { class: 'danger', 'data-action': 'confirm-resign', onclick: () => send('resign', {}) }, t('confirmResign')),
      h('button', { 'data-action': 'cancel-resign', onclick: () => drawActions() }, t('cancel')),
    );
    actions.replaceChildren(bar);
    bar.querySelector('button').focus();
  }

  function drawActions() {
    const v = view;
    const seated = v.you != null && !v.finished;
    const myTurn = seated && v.to_move === v.you;
    const buttons = [
      ...(myTurn && v.moves.length === 1 && v.moves[0].move === 'pass'
        ? [h('button', { class: 'primary', 'data-action': 'pass', onclick: () => send('move', { ply: v.ply, move: 'pass' }) }, t('pass'))]
        : []),
      ...(seated ? (v.claims || []).map((c) => h('button', { 'data-claim': c.move, onclick: () => send('move', { ply: v.ply, move: c.move }) }, c.label)) : []),
      seated ? h('button', { class: 'danger', 'data-action': 'resign', onclick: confirmResign }, t('resign')) : null,
      v.you == null ? h('span', { class: 'spectating' }, t('spectating')) : null,
    ];
    actions.replaceChildren(...buttons.filter(Boolean));
  }

  /** Shows `v` if it is not older than what is shown (`force` redraws the same view). */
  function setView(next, force) {
    const v = { ...next, moves: next.moves || [], claims: next.claims || [] };
    const prev = view;
    if (prev && !force && (v.ply < prev.ply || (v.ply === prev.ply && JSON.stringify(v) === JSON.stringify(prev)))) return;
    view = v;
    Object.assign(root.dataset, {
      ply: v.ply,
      toMove: v.to_move ?? '',
      you: v.you ?? '',
      finished: v.finished,
    });
    board.update(v, force ? null : prev);
    input.refresh();
    status.textContent = v.status || '';
    result.textContent = v.result || '';
    flag(result, 'shown', !!v.result);
    if (prev && v.ply !== prev.ply) dialog?.answer(null);
    drawActions();
    if (prev && v.ply > prev.ply && JSON.stringify(v.last) !== JSON.stringify(prev.last)) {
      const who = v.last && v.last.seat != null ? v.seats[v.last.seat]?.name : prev.to_move != null ? prev.seats[prev.to_move]?.name : '';
      const move = board.describeLast(v);
      const next = v.result ? ' ' + v.result : v.you != null && v.to_move === v.you ? ' ' + t('yourTurnNow') : '';
      if (move) app.announce(t('moved', { who, move }) + next);
    } else if (v.result && prev && !prev.result) app.announce(v.result);
  }

  root.append(
    h('header', { class: 'game-head' },
      h('button', { class: 'back', 'data-action': 'back', onclick: app.onBack }, '‹ ', t('back')),
      h('h1', {}, t('kind_' + first.kind)),
    ),
    board.root,
    status,
    result,
    actions,
  );
  setView(first);
  // One cell of the board is in the tab order (roving tabindex, see board-input.js).
  board.root.querySelector('[data-sq]')?.setAttribute('tabindex', '0');
  if (!performance.getEntriesByName('board-ready').length) {
    requestAnimationFrame(() => performance.mark('board-ready'));
  }

  return {
    root,
    id: first.id,
    setView,
    tick() {
      for (const el of root.querySelectorAll('[data-clock]')) {
        const txt = clockText(Number(el.dataset.clock));
        if (el.textContent !== txt) el.textContent = txt;
      }
    },
  };
}
