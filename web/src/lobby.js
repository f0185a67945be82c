// The lobby: the channel's running games, its open challenges, and starting a new game against a
// participant of the Activity or the computer.

import { h } from './dom.js';
import { t } from './i18n.js';
import { kindIcon } from './icons.js';

const KINDS = ['oaq', 'shogi', 'chinese-checkers'];
const LEVELS = ['easy', 'medium', 'hard'];

/** `app`: {me: {id, name}, open(id), start(kind, opponentId|null, level), accept(id)}. */
export function lobbyScreen(app) {
  let kind = 'oaq';
  let level = 'medium';
  let participants = [];
  let list = { games: [], challenges: [] };

  const gamesEl = h('ul', { class: 'list', 'aria-label': t('games') });
  const challengesEl = h('ul', { class: 'list', 'aria-label': t('challenges') });
  const startEl = h('div', { class: 'start' });
  const root = h(
    'section',
    { class: 'lobby', 'data-lobby': '' },
    h('h1', {}, t('title')),
    h('h2', {}, t('games')),
    gamesEl,
    h('h2', {}, t('challenges')),
    challengesEl,
    h('h2', {}, t('startGame')),
    startEl,
  );

  function drawLists() {
    gamesEl.replaceChildren(
      ...(list.games.length
        ? list.games.map((g) =>
            h('li', {},
              h('button', { class: 'game-item', 'data-open-game': g.id, 'data-your-turn': (!g.finished && g.to_move === app.me.name) || null, onclick: () => app.open(g.id) },
                kindIcon(g.kind),
                h('span', { class: 'what' }, h('b', {}, t('kind_' + g.kind)), ' ', g.players.join(' – ')),
                h('span', { class: 'when' },
                  g.finished ? t('finished') : g.to_move === app.me.name ? t('yourTurn') : g.to_move ? t('toMove', { name: g.to_move }) : '',
                  ' · ', t('ply', { n: g.ply })),
              ),
            ),
          )
        : [h('li', { class: 'empty' }, t('noGames'))]),
    );
    challengesEl.replaceChildren(
      ...(list.challenges.length
        ? list.challenges.map((c) => {
            // `from` is {id, name} by the contract; a bare name is accepted too.
            const from = typeof c.from === 'string' ? { name: c.from } : c.from || {};
            const mine = from.id ? from.id === app.me.id : from.name === app.me.name;
            const forMe = !mine && (!c.to || c.to.id === app.me.id);
            return h('li', { class: 'challenge' },
              kindIcon(c.kind),
              h('span', { class: 'what' }, h('b', {}, t('kind_' + c.kind)), ' ', t('challengeFrom', { from: from.name, to: c.to ? c.to.name : t('anyone') })),
              forMe
                ? h('button', { class: 'primary', 'data-accept': c.id, onclick: () => app.accept(c.id) }, t('accept'))
                : h('span', { class: 'when' }, t('waiting')),
            );
          })
        : [h('li', { class: 'empty' }, t('noChallenges'))]),
    );
  }

  function drawStart() {
    const others = participants.filter((p) => p.id !== app.me.id);
    startEl.replaceChildren(
      h('div', { class: 'kinds', role: 'radiogroup', 'aria-label': t('startGame') },
        KINDS.map((k) =>
          h('button', { role: 'radio', 'aria-checked': String(k === kind), 'data-kind': k, onclick: () => ((kind = k), drawStart()) },
            kindIcon(k), t('kind_' + k)),
        ),
      ),
      h('div', { class: 'opponents' },
        others.map((p) =>
          h('button', { class: 'primary', 'data-challenge': p.id, onclick: () => app.start(kind, p.id, level) },
            t('challenge', { name: p.global_name || p.nickname || p.username })),
        ),
        others.length ? null : h('p', { class: 'hint' }, t('noParticipants')),
        h('div', { class: 'computer' },
          h('button', { class: 'primary', 'data-vs-computer': '', onclick: () => app.start(kind, null, level) }, t('playComputer')),
          h('label', {}, t('level'), ' ',
            h('select', { 'data-level': '', onchange: (e) => (level = e.target.value) },
              LEVELS.map((l) => h('option', { value: l, selected: l === level }, t(l))),
            ),
          ),
        ),
      ),
    );
  }

  drawLists();
  drawStart();
  return {
    root,
    update(l) {
      list = { games: l.games || [], challenges: l.challenges || [] };
      drawLists();
    },
    setParticipants(p) {
      participants = p;
      drawStart();
    },
  };
}
