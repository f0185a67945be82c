// Ô ăn quan: the ring of 12 squares, its sowing animated stone by stone.
//
// Ring index: South owns 1..5 (bottom, left → right), North 7..11 (top, drawn 11..7), mandarin
// squares 0 (west, left) and 6 (east, right). North sees the picture turned 180°: their row at the
// bottom, 7..11 left → right. Either way a player's own `+` (increasing index) points to the right.

import { h, svg, flag } from '../dom.js';
import { t } from '../i18n.js';

const MAX_PEBBLES = 18; // more stones than this are drawn as 18; the count tells the rest
const SPOTS = Array.from({ length: MAX_PEBBLES + 1 }, (_, n) => pebbleSpots(n));
const SEAT_COLOURS = ['#e07a3a', '#3a8ee0']; // South, North
const STEP_MS = { lift: 260, sow: 120, relay: 260, take_one: 200, capture: 420, refill: 420, borrow: 300, end: 200 };

/** Where square `i` sits on the 7×2 grid: {col 1..7, row 1..2}, mandarins spanning both rows. */
function place(i, flipped) {
  if (i === 0 || i === 6) return { col: (i === 0) !== flipped ? 1 : 7, row: 0 };
  const south = i < 6;
  const bottom = south !== flipped;
  const k = south ? i : i - 6; // 1..5 along its owner's row, owner's left first
  return { col: bottom ? 1 + k : 7 - k, row: bottom ? 2 : 1 };
}

export function oaqBoard(ctx) {
  let view = null;
  let flipped = false;
  const cells = [];
  const capturedEls = [];
  // Moves are animated one after the other (the computer may answer before our sowing ends).
  let anim = 0; // bumping it stops the running animation and drops the queued ones
  let queue = Promise.resolve();
  let queued = 0; // animations running or waiting

  const grid = h('div', { class: 'oaq-ring', role: 'group' });
  for (let i = 0; i < 12; i++) {
    const mandarin = i === 0 || i === 6;
    cells[i] = h('div', {
      class: mandarin ? 'pit mandarin' : 'pit',
      role: 'button',
      tabindex: -1,
      'data-sq': String(i),
    });
    grid.append(cells[i]);
  }
  const arrow = () => svg('svg', { viewBox: '0 0 20 20', 'aria-hidden': 'true' }, svg('path', { d: 'M3 10h11M10 4l6 6-6 6' }));
  const arrows = {
    '+': h('button', { class: 'sow-arrow', 'data-dir': '+', 'aria-label': t('sowRight'), tabindex: -1 }, arrow()),
    '-': h('button', { class: 'sow-arrow left', 'data-dir': '-', 'aria-label': t('sowLeft'), tabindex: -1 }, arrow()),
  };
  const board = h('div', { class: 'oaq-board' }, grid, arrows['+'], arrows['-']);
  const top = h('div', { class: 'seats top' });
  const bottom = h('div', { class: 'seats bottom' });
  const root = h('div', { class: 'table oaq' }, top, board, bottom);

  function layout() {
    for (let i = 0; i < 12; i++) {
      const p = place(i, flipped);
      cells[i].style.gridColumn = String(p.col);
      cells[i].style.gridRow = p.row ? String(p.row) : '1 / span 2';
      cells[i].classList.toggle('west', p.col === 1);
      cells[i].classList.toggle('east', p.col === 7);
    }
  }

  function rowName(i) {
    const seat = i < 6 ? 0 : 1;
    if (view.you === seat) return t('yourRow');
    if (view.you != null) return t('theirRow');
    return seat === 0 ? t('southRow') : t('northRow');
  }

  function stonesText(n) {
    return n === 0 ? t('noStones') : n === 1 ? t('stone') : t('stones', { n });
  }

  /** Draws a position (the final one or a step of the animation). `at` marks the sowing hand. */
  function draw(pos, at = null, hand = 0) {
    for (let i = 0; i < 12; i++) {
      const n = pos.citizens[i];
      const cell = cells[i];
      const quan = i === 0 ? pos.quans[0] : i === 6 ? pos.quans[1] : false;
      const pebbles = h('div', { class: 'pebbles', 'data-piece': '' });
      if (quan) pebbles.append(h('i', { class: 'quan' }));
      // Beside a mandarin stone the citizens go round it, not under it.
      const spots = quan ? ringSpots(Math.min(n, MAX_PEBBLES)) : SPOTS[Math.min(n, MAX_PEBBLES)];
      for (const [x, y, hue] of spots) {
        pebbles.append(h('i', { style: { left: x + '%', top: y + '%', '--tint': hue } }));
      }
      const label =
        i === 0 || i === 6
          ? t('oaqMandarin', { side: t(i === 0 ? 'west' : 'east'), quan: quan ? t('withQuan') : t('quanTaken'), count: stonesText(n) })
          : t('oaqSquare', { n: i, row: rowName(i), count: stonesText(n) });
      cell.setAttribute('aria-label', label);
      cell.replaceChildren(pebbles, h('span', { class: 'count', 'aria-hidden': 'true' }, n));
      flag(cell, 'hand', at === i);
      if (at === i) cell.dataset.hand = String(hand);
      else delete cell.dataset.hand;
    }
    for (let s = 0; s < 2; s++) {
      capturedEls[s].textContent = t('captured', { n: pos.captured[s] });
    }
  }

  function markLast() {
    for (const c of cells) flag(c, 'last', false);
    if (view.last) flag(cells[parseInt(view.last.move, 10)], 'last', true);
  }

  function enqueue(last, final) {
    const token = anim;
    queued++;
    root.dataset.animating = '';
    queue = queue.then(async () => {
      if (token === anim) await animate(last, final, token);
      if (token === anim && --queued === 0) delete root.dataset.animating;
    });
  }

  async function animate(last, final, token) {
    const pos = structuredClone(last.before);
    let hand = 0;
    let at = null;
    const fast = matchMedia('(prefers-reduced-motion: reduce)').matches ? 0.4 : 1;
    for (const ev of last.events) {
      switch (ev.kind) {
        case 'lift':
        case 'relay':
          pos.citizens[ev.square] = 0;
          hand = ev.count;
          at = ev.square;
          break;
        case 'sow':
          pos.citizens[ev.square] += 1;
          hand = Math.max(0, hand - 1);
          at = ev.square;
          break;
        case 'take_one':
          pos.citizens[ev.square] = Math.max(0, pos.citizens[ev.square] - 1);
          hand = 1;
          at = ev.square;
          break;
        case 'capture':
          pos.citizens[ev.square] = 0;
          if (ev.quan) pos.quans[ev.square === 0 ? 0 : 1] = false;
          pos.captured[last.seat] += ev.points;
          hand = 0;
          at = ev.square;
          break;
        case 'refill':
          for (let k = 1; k <= 5; k++) pos.citizens[ev.seat * 6 + k] = 1;
          pos.captured[ev.seat] -= 5;
          at = null;
          break;
        default: // borrow, end: the final position says it all
          at = null;
      }
      draw(pos, at, hand);
      if (ev.kind === 'capture') flag(cells[ev.square], 'captured', true);
      await new Promise((r) => setTimeout(r, STEP_MS[ev.kind] * fast || 150));
      if (token !== anim) return;
      for (const c of cells) flag(c, 'captured', false);
    }
    draw(final);
  }

  /** Stops any animation and shows the latest position. */
  function settle() {
    anim++;
    queued = 0;
    delete root.dataset.animating;
    for (const c of cells) flag(c, 'captured', false);
    draw(view.position);
  }

  function myTurn() {
    return view && !view.finished && view.you != null && view.to_move === view.you && !ctx.busy();
  }

  function showArrows(sq) {
    const cell = cells[Number(sq)];
    const r = cell.getBoundingClientRect();
    const b = board.getBoundingClientRect();
    const y = r.top - b.top + r.height / 2;
    arrows['-'].style.left = r.left - b.left + 'px';
    arrows['+'].style.left = r.right - b.left + 'px';
    arrows['-'].style.top = arrows['+'].style.top = y + 'px';
  }

  return {
    root,
    update(v, prev) {
      const first = !view;
      view = v;
      flipped = v.you === 1;
      if (first) layout();
      top.replaceChildren();
      bottom.replaceChildren();
      for (let s = 0; s < 2; s++) {
        capturedEls[s] = h('span', { class: 'captured' });
        (s === (flipped ? 1 : 0) ? bottom : top).append(ctx.seatPanel(v, s, capturedEls[s], SEAT_COLOURS[s]));
      }
      markLast();
      // Animate only a move that starts from the position shown before (not a resignation after it).
      const same = (a, b) => JSON.stringify([a.citizens, a.quans, a.captured]) === JSON.stringify([b.citizens, b.quans, b.captured]);
      if (prev && v.last && v.last.before && v.ply === prev.ply + 1 && same(v.last.before, prev.position)) enqueue(v.last, v.position);
      else settle();
    },
    interrupt() {
      if (queued) settle();
    },
    adapter: {
      pickable: (sq) => myTurn() && view.moves.some((m) => String(m.square) === sq),
      targets(sq) {
        const m = new Map();
        for (const mv of view.moves) if (String(mv.square) === sq) m.set('dir' + mv.dir, mv.move);
        if (m.size) showArrows(sq);
        return m;
      },
      dragTarget(sq, dx, dy, under) {
        if (under && under.startsWith('dir')) return under;
        if (Math.abs(dx) < 12) return null;
        // `+` is the side where the next square of the ring lies on screen.
        const i = Number(sq);
        const here = cells[i].getBoundingClientRect();
        const next = cells[(i + 1) % 12].getBoundingClientRect();
        const plusRight = next.left + next.width / 2 > here.left + here.width / 2;
        return dx > 0 === plusRight ? 'dir+' : 'dir-';
      },
      choose: (sq, key) => {
        const mv = view.moves.find((m) => String(m.square) === sq && 'dir' + m.dir === key);
        if (mv) ctx.play(mv.move);
      },
      describePick: (sq) => t('pickedOaq', { n: sq }),
    },
    describeLast: (v) => v.last && v.last.move,
  };
}

/** `n` pebble spots inside a square ([x%, y%, tint]), packed on a sunflower spiral that widens with n. */
function pebbleSpots(n) {
  const spread = n <= 1 ? 0 : Math.min(34, 11 + 4.5 * Math.sqrt(n));
  return Array.from({ length: n }, (_, k) => {
    const r = spread * Math.sqrt((k + 0.5) / n);
    const a = k * 2.39996 + 0.6;
    return [Math.round(50 + r * Math.cos(a)), Math.round(50 + r * Math.sin(a)), (k * 47) % 60];
  });
}

/** `n` spots on a ring round a mandarin stone (mandarin squares are twice as tall as wide). */
function ringSpots(n) {
  return Array.from({ length: n }, (_, k) => {
    const a = (k / Math.max(n, 8)) * 2 * Math.PI + 2.2;
    return [Math.round(50 + 33 * Math.cos(a)), Math.round(50 + 25 * Math.sin(a)), (k * 47) % 60];
  });
}
