// Chinese checkers: the 121-hole star, 2–6 seats in their colours, every destination of a peg
// highlighted and its hop chain drawn. Each player sees their own start triangle at the bottom.

import { h, svg, flag } from '../dom.js';
import { t } from '../i18n.js';

const ROWS = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];
const ROW_H = Math.sqrt(3) / 2;
const HALF_W = 7; // the star spans x ∈ [-6, 6] and y ∈ [-8·ROW_H, 8·ROW_H]; one hole of margin
const HALF_H = 8 * ROW_H + 1;

/** The 121 holes in index order: {label, x, y} with the centre I5 at (0, 0), spacing 1. */
const HOLES = ROWS.flatMap((n, r) =>
  Array.from({ length: n }, (_, p) => ({
    label: String.fromCharCode(65 + r) + (p + 1),
    x: p - (n - 1) / 2,
    y: (r - 8) * ROW_H,
  })),
);
const INDEX = new Map(HOLES.map((hole, i) => [hole.label, i]));

/** Triangle 0..5 (N, NE, SE, S, SW, NW) of a hole, or null in the central hexagon. */
function triangleOf({ x, y }) {
  const r = Math.round(y / ROW_H) + 8;
  if (r < 4) return 0;
  if (r > 12) return 3;
  const n = ROWS[r];
  const p = x + (n - 1) / 2; // 0-based position in the row
  const inner = r <= 8 ? 5 + (r - 4) : 13 - (r - 4); // the central hexagon's width in this row
  const side = (n - inner) / 2; // holes of a side point at each end of the row
  if (side <= 0) return null;
  if (p < side) return r < 8 ? 5 : 4;
  if (p >= n - side) return r < 8 ? 1 : 2;
  return null;
}

const PALETTE = [
  ['red', [220, 50, 47]], ['orange', [240, 140, 30]], ['yellow', [235, 205, 40]], ['green', [60, 170, 70]],
  ['teal', [30, 160, 160]], ['blue', [50, 100, 220]], ['purple', [140, 70, 190]], ['pink', [235, 110, 170]],
  ['black', [30, 30, 30]], ['white', [240, 240, 240]], ['brown', [130, 80, 40]], ['grey', [130, 130, 130]],
];

/** The nearest plain colour name of `#rrggbb`, for screen readers. */
function colourName(hex) {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  let best = PALETTE[0];
  let bestD = Infinity;
  for (const p of PALETTE) {
    const d = p[1].reduce((s, v, i) => s + (v - c[i]) ** 2, 0);
    if (d < bestD) [best, bestD] = [p, d];
  }
  return t('colour_' + best[0]);
}

export function checkersBoard(ctx) {
  let view = null;
  let rotation = -1; // the star is turned by this many 60° steps, clockwise
  let screen = HOLES; // hole positions after the rotation
  let targetMoves = new Map();

  const star = svg('g', { class: 'star' });
  const lastPath = svg('polyline', { class: 'path last-path' });
  const hopPath = svg('polyline', { class: 'path hop-path' });
  const hopStops = svg('g', { class: 'hop-stops' });
  const layer = (...children) =>
    svg('svg', { class: 'cc-svg', viewBox: `${-HALF_W} ${-HALF_H} ${2 * HALF_W} ${2 * HALF_H}`, 'aria-hidden': 'true' }, ...children);
  const holes = HOLES.map((hole) =>
    h('div', { class: 'hole', role: 'button', tabindex: -1, 'data-sq': hole.label }),
  );
  // Under the holes: the star and the last move; over them: the hop chain being considered.
  const board = h('div', { class: 'cc-board' }, layer(star, lastPath), ...holes, layer(hopPath, hopStops));
  const seatsTop = h('div', { class: 'seats top cc-seats' });
  const seatsBottom = h('div', { class: 'seats bottom' });
  const root = h('div', { class: 'table checkers' }, seatsTop, board, seatsBottom);

  function layout(steps) {
    rotation = steps;
    const a = (steps * Math.PI) / 3;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    screen = HOLES.map(({ x, y }) => ({ x: x * c - y * s, y: x * s + y * c }));
    holes.forEach((el, i) => {
      el.style.left = ((screen[i].x + HALF_W) / (2 * HALF_W)) * 100 + '%';
      el.style.top = ((screen[i].y + HALF_H) / (2 * HALF_H)) * 100 + '%';
    });
    // The star: two big triangles through the tips A1, M1, M13 and Q1, E1, E13, pushed out by a margin.
    const tri = (labels) =>
      labels.map((l) => screen[INDEX.get(l)]).map(({ x, y }) => `${x * 1.1},${y * 1.1}`).join(' ');
    const up = tri(['A1', 'M1', 'M13']);
    const down = tri(['Q1', 'E1', 'E13']);
    // Outlines first, fills over them: the star shows its rim and no lines across its middle.
    star.replaceChildren(
      svg('polygon', { class: 'rim', points: up }),
      svg('polygon', { class: 'rim', points: down }),
      svg('polygon', { points: up }),
      svg('polygon', { points: down }),
    );
  }

  const seatOfTriangle = (tri) => view.position.sets.findIndex((set) => set.includes(tri));

  function points(labels) {
    return labels.map((l) => {
      const p = screen[INDEX.get(l)];
      return `${p.x},${p.y}`;
    }).join(' ');
  }

  /** Draws the hop chain of the destination `key` of the picked peg (none for null). */
  function showHops(key) {
    const m = key && targetMoves.get(key);
    const path = m ? m.path || [m.from, m.to] : [];
    hopPath.setAttribute('points', points(path));
    hopStops.replaceChildren(
      ...path.slice(1).map((l) => {
        const p = screen[INDEX.get(l)];
        return svg('circle', { cx: p.x, cy: p.y, r: 0.16 });
      }),
    );
  }

  function draw() {
    const cells = view.position.holes;
    for (let i = 0; i < 121; i++) {
      const el = holes[i];
      const d = cells[i];
      const label = HOLES[i].label;
      const tri = triangleOf(HOLES[i]);
      const startSeat = tri == null ? -1 : seatOfTriangle(tri);
      el.style.setProperty('--home', startSeat >= 0 ? view.seats[startSeat].colour : 'transparent');
      if (d === '.') {
        el.replaceChildren();
        el.setAttribute('aria-label', t('hole', { label, what: t('emptyHole') }));
      } else {
        const seat = seatOfTriangle(Number(d));
        const s = view.seats[seat] || { colour: '#888888', name: '?' };
        const second = seat >= 0 && view.position.sets[seat].indexOf(Number(d)) > 0;
        el.replaceChildren(h('span', { class: 'peg', 'data-piece': '', 'data-second': second || null, style: { '--peg': s.colour } }));
        el.setAttribute('aria-label', t('hole', { label, what: t('peg', { colour: colourName(s.colour), name: s.name }) }));
      }
      flag(el, 'last', !!view.last && (label === view.last.path?.[0] || label === view.last.path?.at(-1)));
    }
    lastPath.setAttribute('points', view.last && view.last.path ? points(view.last.path) : '');
    if (view.last) lastPath.style.stroke = view.seats[view.last.seat]?.colour || '';
    seatsTop.replaceChildren();
    seatsBottom.replaceChildren();
    // The others in turn order from the viewer on, the viewer below the star.
    const n = view.seats.length;
    const first = view.you ?? 0;
    for (let k = 0; k < n; k++) {
      const i = (first + k) % n;
      const s = view.seats[i];
      const extra = h('span', { class: 'pegs-home' }, t('pegsHome', { n: s.home ?? 0, left: s.left ?? 0 }));
      (i === view.you ? seatsBottom : seatsTop).append(ctx.seatPanel(view, i, extra));
    }
  }

  const myTurn = () => view && !view.finished && view.you != null && view.to_move === view.you && !ctx.busy();

  return {
    root,
    update(v) {
      view = v;
      const home = v.you != null && v.position.sets[v.you] ? v.position.sets[v.you][0] : 3;
      const steps = (3 - home + 6) % 6;
      if (steps !== rotation) layout(steps);
      draw();
    },
    adapter: {
      pickable: (sq) => myTurn() && view.moves.some((m) => m.from === sq),
      targets(sq) {
        targetMoves = new Map(view.moves.filter((m) => m.from === sq).map((m) => [m.to, m]));
        return targetMoves;
      },
      hover: (sq, key) => showHops(key),
      choose(sq, key) {
        showHops(null);
        const m = targetMoves.get(key);
        if (m) ctx.play(m.move);
      },
      describePick: (sq, n) => t('picked', { what: sq, n }),
    },
    describeLast: (v) => v.last && (v.last.path ? v.last.path.join('›') : v.last.move),
  };
}
