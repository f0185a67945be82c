// Shogi: the 9×9 board from the SFEN, both hands, drag to a highlighted square, drops from the hand,
// promotion asked when optional. Gote's player sees the board turned round.

import { h, flag } from '../dom.js';
import { t } from '../i18n.js';

const KANJI = { P: '歩', L: '香', N: '桂', S: '銀', G: '金', B: '角', R: '飛', '+P': 'と', '+L': '杏', '+N': '圭', '+S': '全', '+B': '馬', '+R': '龍' };
const HAND_ORDER = ['R', 'B', 'G', 'S', 'N', 'L', 'P'];
const FILES = '987654321';
const RANKS = 'abcdefghi';
const RANK_KANJI = '一二三四五六七八九';

/** {board: Map(usi square → {type:'P'|'+P'…, side:'b'|'w'}), hands: {b: {P: n}, w: {…}}, turn} */
export function parseSfen(sfen) {
  const [placement, turn, hands] = sfen.split(' ');
  const board = new Map();
  placement.split('/').forEach((row, r) => {
    let f = 0;
    let promoted = false;
    for (const ch of row) {
      if (ch === '+') promoted = true;
      else if (/\d/.test(ch)) f += Number(ch);
      else {
        const up = ch.toUpperCase();
        board.set(FILES[f] + RANKS[r], { type: (promoted ? '+' : '') + up, side: ch === up ? 'b' : 'w' });
        promoted = false;
        f++;
      }
    }
  });
  const hand = { b: {}, w: {} };
  let n = '';
  for (const ch of hands && hands !== '-' ? hands : '') {
    if (/\d/.test(ch)) n += ch;
    else {
      const up = ch.toUpperCase();
      hand[ch === up ? 'b' : 'w'][up] = Number(n || 1);
      n = '';
    }
  }
  return { board, hands: hand, turn };
}

/** {from: 'hand-P' | '7g', to: '7f', promote: bool} from a USI move. */
function parseUsi(m) {
  if (m[1] === '*') return { from: 'hand-' + m[0], to: m.slice(2, 4), promote: false };
  return { from: m.slice(0, 2), to: m.slice(2, 4), promote: m.endsWith('+') };
}

function pieceEl(type, side, upright, check) {
  const king = type === 'K';
  const kanji = king ? (side === 'b' ? '玉' : '王') : KANJI[type];
  return h(
    'span',
    { class: 'piece', 'data-piece': '', 'data-up': upright ? 'yes' : 'no', 'data-promoted': type[0] === '+' || null, 'data-check': check || null },
    h('span', { class: 'kanji' }, kanji),
    h('span', { class: 'latin' }, type),
  );
}

export function shogiBoard(ctx) {
  let view = null;
  let pos = null;
  let bottomSide = 'b';
  let targetMoves = new Map(); // while a piece is picked: destination → USI moves

  const cells = new Map();
  const grid = h('div', { class: 'shogi-grid', role: 'grid' });
  const files = h('div', { class: 'coords files', 'aria-hidden': 'true' });
  const ranks = h('div', { class: 'coords ranks', 'aria-hidden': 'true' });
  const board = h('div', { class: 'shogi-board' }, files, grid, ranks);
  const top = h('div', { class: 'seats top' });
  const bottom = h('div', { class: 'seats bottom' });
  const root = h('div', { class: 'table shogi' }, top, board, bottom);

  function layout() {
    const fileOrder = bottomSide === 'b' ? FILES : [...FILES].reverse().join('');
    const rankOrder = bottomSide === 'b' ? RANKS : [...RANKS].reverse().join('');
    files.replaceChildren(...[...fileOrder].map((f) => h('span', {}, f)));
    ranks.replaceChildren(...[...rankOrder].map((r) => h('span', {}, RANK_KANJI[RANKS.indexOf(r)])));
    grid.replaceChildren();
    cells.clear();
    for (const r of rankOrder) {
      const row = h('div', { role: 'row', class: 'shogi-row' });
      for (const f of fileOrder) {
        const sq = f + r;
        const cell = h('div', { role: 'gridcell', class: 'sq', tabindex: -1, 'data-sq': sq });
        cells.set(sq, cell);
        row.append(cell);
      }
      grid.append(row);
    }
  }

  const sideName = (side) => t(side === 'b' ? 'sente' : 'gote');

  function hand(side, mine) {
    const items = HAND_ORDER.filter((p) => pos.hands[side][p]).map((p) => {
      const n = pos.hands[side][p];
      return h(
        'div',
        {
          class: 'hand-piece',
          role: 'button',
          tabindex: -1,
          'data-sq': mine ? 'hand-' + p : null,
          'data-their-hand': mine ? null : p,
          'aria-label': t('handPiece', { side: sideName(side), name: t(p), n }),
        },
        pieceEl(p, side, mine),
        n > 1 ? h('span', { class: 'hand-count', 'aria-hidden': 'true' }, n) : null,
      );
    });
    return h('div', { class: 'hand', 'data-side': side }, items.length ? items : h('span', { class: 'hand-empty' }, '—'));
  }

  function draw() {
    const last = view.last ? parseUsi(view.last.move) : null;
    for (const [sq, cell] of cells) {
      const p = pos.board.get(sq);
      const check = p && p.type === 'K' && view.position.check && p.side === pos.turn;
      cell.replaceChildren(p ? pieceEl(p.type, p.side, p.side === bottomSide, check) : '');
      cell.setAttribute('aria-label', t('shogiSquare', { sq, piece: p ? t('shogiPiece', { side: sideName(p.side), name: t(p.type) }) : t('empty') }));
      flag(cell, 'last', !!last && (sq === last.to || sq === last.from));
    }
    const topSide = bottomSide === 'b' ? 'w' : 'b';
    const seatOf = (side) => (side === 'b' ? view.position.sente : 1 - view.position.sente);
    const dot = (side) => (side === 'b' ? '#1b1b1b' : '#f4f1ea'); // ☗ Sente black, ☖ Gote white
    top.replaceChildren(ctx.seatPanel(view, seatOf(topSide), hand(topSide, false), dot(topSide)));
    bottom.replaceChildren(ctx.seatPanel(view, seatOf(bottomSide), hand(bottomSide, true), dot(bottomSide)));
  }

  const myTurn = () => view && !view.finished && view.you != null && view.to_move === view.you && !ctx.busy();

  return {
    root,
    update(v) {
      const side = v.you != null && v.you !== v.position.sente ? 'w' : 'b';
      const relayout = !view || side !== bottomSide;
      view = v;
      pos = parseSfen(v.position.sfen);
      bottomSide = side;
      if (relayout) layout();
      draw();
    },
    adapter: {
      pickable: (sq) => myTurn() && view.moves.some((m) => parseUsi(m.move).from === sq),
      targets(sq) {
        targetMoves = new Map();
        for (const m of view.moves) {
          const u = parseUsi(m.move);
          if (u.from !== sq) continue;
          if (!targetMoves.has(u.to)) targetMoves.set(u.to, []);
          targetMoves.get(u.to).push(m.move);
        }
        return targetMoves;
      },
      async choose(sq, to) {
        const options = targetMoves.get(to) || [];
        let move = options[0];
        if (options.length > 1) {
          const yes = await ctx.askPromotion();
          if (yes == null) return;
          move = options.find((m) => m.endsWith('+') === yes);
        }
        if (move) ctx.play(move);
      },
      describePick(sq, n) {
        const p = sq.startsWith('hand-') ? { type: sq.slice(5), side: bottomSide } : pos.board.get(sq);
        const what = p ? t('shogiPiece', { side: sideName(p.side), name: t(p.type) }) : sq;
        return t('picked', { what: sq.startsWith('hand-') ? `${what} (${t('hand')})` : `${what}, ${sq}`, n });
      },
    },
    describeLast: (v) => v.last && (v.last.label || v.last.move) + (v.position.check ? ' — ' + t('check') : ''),
  };
}
