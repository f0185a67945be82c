// Small pictures of the three boards for the lobby (inline SVG: no extra file to load).

import { svg } from './dom.js';

const STAR = Array.from({ length: 12 }, (_, k) => {
  const r = k % 2 ? 5.2 : 10.4;
  const a = (k * Math.PI) / 6 - Math.PI / 2;
  return `${(12 + r * Math.cos(a)).toFixed(2)},${(12 + r * Math.sin(a)).toFixed(2)}`;
}).join(' ');

const DRAW = {
  oaq: () => [
    svg('rect', { x: 1, y: 6, width: 22, height: 12, rx: 4, fill: '#c68a45' }),
    svg('path', { d: 'M6 8a4 4 0 0 0 0 8zM18 8a4 4 0 0 1 0 8z', fill: '#80501f' }),
    ...[8.5, 12, 15.5].flatMap((x) => [svg('circle', { cx: x, cy: 10, r: 1.3, fill: '#dfe4ea' }), svg('circle', { cx: x, cy: 14, r: 1.3, fill: '#dfe4ea' })]),
    svg('circle', { cx: 4.6, cy: 12, r: 1.8, fill: '#2f6b4a' }),
    svg('circle', { cx: 19.4, cy: 12, r: 1.8, fill: '#2f6b4a' }),
  ],
  shogi: () => [
    svg('path', { d: 'M12 2l6 3 3 17H3L6 5z', fill: '#f1d49a', stroke: '#8a5a20', 'stroke-width': 1 }),
    svg('text', { x: 12, y: 17, 'text-anchor': 'middle', 'font-size': 10, 'font-family': 'Shogi Pieces, serif', fill: '#1c140c' }, '王'),
  ],
  'chinese-checkers': () => [
    svg('polygon', { points: STAR, fill: '#f4efe5' }),
    svg('circle', { cx: 12, cy: 4.5, r: 1.6, fill: '#d9412b' }),
    svg('circle', { cx: 12, cy: 19.5, r: 1.6, fill: '#2f6fd6' }),
    svg('circle', { cx: 5.5, cy: 8.3, r: 1.6, fill: '#2e9e4f' }),
    svg('circle', { cx: 18.5, cy: 15.7, r: 1.6, fill: '#e2b419' }),
  ],
};

/** A 24×24 picture of the board of `kind`. */
export function kindIcon(kind) {
  return svg('svg', { class: 'icon', viewBox: '0 0 24 24', 'aria-hidden': 'true' }, (DRAW[kind] || DRAW.oaq)());
}
