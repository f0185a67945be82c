// Pointer, touch and keyboard input shared by the three boards.
//
// A board root holds focusable cells, each with `data-sq` (a square, hole or hand piece) or
// `data-dir` (Ô ăn quan's arrows). The game module supplies an adapter:
//   pickable(sq)            → may the viewer pick this up now?
//   targets(sq)             → Map(targetKey → anything) of the legal destinations of `sq`
//   dragTarget?(sq, dx, dy, key) → the destination a drag released here means (default: `key`)
//   hover?(sq, key|null)    → the pointer is over a destination (Chinese checkers draws the hops)
//   choose(sq, key)         → play it (may ask about promotion)
//   announce(text)          → for screen readers
//   describePick(sq, n)     → the sentence said when `sq` is picked up
//   interrupt?()            → the player touched the board: finish any running animation
// Target elements carry `data-target`, the picked cell `data-picked`: CSS draws them.

import { flag } from './dom.js';
import { t } from './i18n.js';

const DRAG_START_PX = 5;

export function attachInput(root, adapter) {
  let picked = null; // data-sq of the picked piece
  let targets = new Map();
  let drag = null; // {id, sq, x0, y0, x, y, started, ghost, key, frame}
  let refocus = null; // after a move played from the keyboard: the cell to give the focus back to

  const keyOf = (el) => el && (el.dataset.sq ?? (el.dataset.dir ? 'dir' + el.dataset.dir : undefined));
  const cellAt = (x, y) => {
    const el = document.elementFromPoint(x, y);
    return el && root.contains(el) ? el.closest('[data-sq],[data-dir]') : null;
  };
  const cellByKey = (key) =>
    key.startsWith('dir')
      ? root.querySelector(`[data-dir="${key.slice(3)}"]`)
      : root.querySelector(`[data-sq="${key}"]`);

  function mark() {
    for (const el of root.querySelectorAll('[data-target],[data-picked]')) {
      flag(el, 'target', false);
      flag(el, 'picked', false);
    }
    if (!picked) return;
    flag(cellByKey(picked), 'picked', true);
    for (const key of targets.keys()) {
      const el = cellByKey(key);
      if (el) flag(el, 'target', true);
    }
  }

  function pick(sq) {
    picked = sq;
    targets = adapter.targets(sq);
    root.dataset.picking = '';
    mark();
    adapter.announce(adapter.describePick(sq, targets.size));
  }

  function cancel(say) {
    if (!picked) return;
    picked = null;
    targets = new Map();
    delete root.dataset.picking;
    adapter.hover?.(null, null);
    mark();
    if (say) adapter.announce(t('dropped'));
  }

  function play(key) {
    const sq = picked;
    cancel(false);
    adapter.choose(sq, key);
  }

  // ---- pointer (mouse, pen and touch alike) ----

  function endDrag() {
    if (!drag) return;
    cancelAnimationFrame(drag.frame);
    drag.ghost?.remove();
    const src = cellByKey(drag.sq);
    if (src) delete src.dataset.lifted;
    drag = null;
  }

  root.addEventListener('pointerdown', (e) => {
    if (e.button > 0 || drag) return;
    const cell = e.target.closest('[data-sq],[data-dir]');
    adapter.interrupt?.(); // may redraw the cell's insides, never the cell
    if (!cell || !root.contains(cell)) return cancel(false);
    const key = keyOf(cell);
    if (picked && targets.has(key)) {
      e.preventDefault();
      return play(key);
    }
    if (!adapter.pickable(key)) return cancel(false);
    e.preventDefault();
    cell.focus({ preventScroll: true });
    if (picked !== key) pick(key);
    root.setPointerCapture(e.pointerId);
    drag = { id: e.pointerId, sq: key, x0: e.clientX, y0: e.clientY, x: e.clientX, y: e.clientY, started: false, key: null, frame: 0 };
  });

  root.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    drag.x = e.clientX;
    drag.y = e.clientY;
    if (!drag.started) {
      if (Math.hypot(drag.x - drag.x0, drag.y - drag.y0) < DRAG_START_PX) return;
      drag.started = true;
      const src = cellByKey(drag.sq);
      const piece = src.querySelector('[data-piece]') || src;
      const r = piece.getBoundingClientRect();
      const ghost = piece.cloneNode(true);
      ghost.removeAttribute('data-sq');
      ghost.setAttribute('aria-hidden', 'true');
      ghost.className = (piece.getAttribute('class') || '') + ' ghost';
      Object.assign(ghost.style, {
        width: r.width + 'px',
        height: r.height + 'px',
        left: r.left + 'px',
        top: r.top + 'px',
        fontSize: getComputedStyle(piece).fontSize, // the glyphs keep their size outside the board
      });
      drag.ghost = ghost;
      document.body.append(ghost);
      src.dataset.lifted = '';
    }
    // Coalesce to one style write and one hit test per frame.
    if (!drag.frame) {
      drag.frame = requestAnimationFrame(() => {
        if (!drag) return;
        drag.frame = 0;
        drag.ghost.style.transform = `translate(${drag.x - drag.x0}px, ${drag.y - drag.y0}px) scale(1.15)`;
        const key = keyOf(cellAt(drag.x, drag.y));
        const over = targets.has(key) ? key : null;
        if (over !== drag.key) {
          drag.key = over;
          adapter.hover?.(drag.sq, over);
        }
      });
    }
  });

  function release(e, dropped) {
    if (!drag || e.pointerId !== drag.id) return;
    const { sq, started, x0, y0 } = drag;
    const [x, y] = dropped ? [e.clientX, e.clientY] : [drag.x, drag.y];
    endDrag();
    if (!started || !dropped) return; // a tap: keep the piece picked, destinations shown
    const under = keyOf(cellAt(x, y));
    const key = adapter.dragTarget ? adapter.dragTarget(sq, x - x0, y - y0, under) : under;
    if (key && targets.has(key)) play(key);
    else if (under !== sq) cancel(true);
  }
  root.addEventListener('pointerup', (e) => release(e, true));
  root.addEventListener('pointercancel', (e) => release(e, false));
  root.addEventListener('lostpointercapture', (e) => release(e, false));

  // ---- keyboard: arrows move the focus across cells, Enter picks up / drops, Escape cancels ----

  root.addEventListener('keydown', (e) => {
    const cell = e.target.closest('[data-sq],[data-dir]');
    if (e.key === 'Escape') {
      if (picked) {
        e.preventDefault();
        cancel(true);
      }
      return;
    }
    if (!cell) return;
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (dirs[e.key]) {
      e.preventDefault();
      const next = nearest(root, cell, ...dirs[e.key]);
      if (next) focusCell(root, next);
      return;
    }
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    adapter.interrupt?.();
    const key = keyOf(cell);
    if (picked && targets.has(key)) {
      refocus = key.startsWith('dir') ? picked : key;
      return play(key);
    }
    if (picked === key) return cancel(true);
    if (adapter.pickable(key)) pick(key);
  });

  return {
    /** After a re-render: draw the marks again (a drag in progress goes on), or drop the pick if
     *  the piece can no longer move. */
    refresh() {
      if (picked && adapter.pickable(picked)) {
        targets = adapter.targets(picked);
        mark();
        if (drag?.started) cellByKey(drag.sq).dataset.lifted = '';
      } else {
        endDrag();
        cancel(false);
      }
      // The promotion dialog took the focus and went away: give it back to the board.
      const back = refocus && cellByKey(refocus);
      refocus = null;
      if (back && (!document.activeElement || document.activeElement === document.body)) focusCell(root, back);
    },
    cancel: () => cancel(false),
    pick,
  };
}

/** Roving tabindex: exactly one cell of the board is in the tab order, the focused one. */
export function focusCell(root, el) {
  for (const c of root.querySelectorAll('[tabindex="0"][data-sq],[tabindex="0"][data-dir]')) c.tabIndex = -1;
  el.tabIndex = 0;
  el.focus();
}

/** The cell whose centre lies nearest from `from` in screen direction (dx, dy). */
function nearest(root, from, dx, dy) {
  const c = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const el of root.querySelectorAll('[data-sq],[data-dir]')) {
    if (el === from || !el.offsetParent) continue;
    const p = centre(el);
    const along = (p.x - c.x) * dx + (p.y - c.y) * dy;
    const across = Math.abs((p.x - c.x) * dy - (p.y - c.y) * dx);
    if (along <= 1 || across > along * 2) continue;
    const score = along + across * 2;
    if (score < bestScore) {
      bestScore = score;
      best = el;
    }
  }
  return best;
}

function centre(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}
