//! How a game is stored: a small head in `games` (the envelope with the revision, and what
//! changes during play) and, in `game_parts`, its setup under the game id and one key per move
//! (game id, ply). These are the transaction steps that check a game's head and write a game
//! over what was stored of it (see the module documentation of the store).

use super::backend::TxResult;
use super::codec::encode;
use super::error::StoreError;
use super::records::{GameHead, GameRecord, GameSetup};
use super::space::TxSpace;
use super::tx::{abort, tx_read, GAME};
use crate::ids::GameId;

/// The `game_parts` key of move `ply` (0-based) of game `game` (the setup's key is the game id
/// alone, which sorts before every move).
pub(super) fn ply_key(game: GameId, ply: u32) -> [u8; 12] {
    let mut key = [0u8; 12];
    key[..8].copy_from_slice(&game.get().to_be_bytes());
    key[8..].copy_from_slice(&ply.to_be_bytes());
    key
}

/// How a game was stored before a write: nothing yet ([`Had::default`]), or so many moves,
/// one key each in `game_parts` or archived in its history entry.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Had {
    /// The moves stored.
    pub(super) plies: u32,
    /// Whether the setup and moves are in its history entry.
    pub(super) archived: bool,
}

/// Checks that game `id` is stored at revision `expected`; returns the next revision and how
/// the game is stored.
pub(super) fn tx_check_game(games: &TxSpace<'_>, id: u64, expected: u64) -> TxResult<(u64, Had)> {
    match tx_read::<GameHead>(games, GAME, id)? {
        Some(stored) if stored.revision == expected => Ok((
            expected + 1,
            Had {
                plies: stored.record.plies,
                archived: stored.record.archived,
            },
        )),
        _ => abort(StoreError::Conflict {
            kind: GAME,
            key: id,
            expected,
        }),
    }
}

/// Writes `game` at `revision` over what was stored of it (`had`). A game in play: its head,
/// its setup if it is new or changed, the moves beyond those stored, and the removal of any
/// stored move beyond the new count. A game to `archive` (its history entry, which holds the
/// whole record, is written in the same transaction) or archived already: its head, marked
/// archived, and no setup or moves in `game_parts` (an archived game's setup and moves are
/// fixed: only its head changes).
pub(super) fn tx_write_game(
    games: &TxSpace<'_>,
    parts: &TxSpace<'_>,
    game: &GameRecord,
    revision: u64,
    had: Had,
    archive: bool,
) -> TxResult<()> {
    let mut head = GameHead::of(game);
    head.archived = archive || had.archived;
    let key = game.id.get().to_be_bytes();
    let (stored, wanted) = match (had.archived, head.archived) {
        (true, _) => (0, 0),
        (false, true) => {
            parts.remove(key)?;
            (had.plies, 0)
        }
        (false, false) => {
            let setup = encode(1, &GameSetup::of(game));
            if parts.get(key)?.as_deref() != Some(setup.as_slice()) {
                parts.insert(key, setup)?;
            }
            for (ply, mv) in game.moves.iter().enumerate().skip(had.plies as usize) {
                let Ok(ply) = u32::try_from(ply) else { break };
                parts.insert(ply_key(game.id, ply), mv.as_bytes())?;
            }
            (had.plies, head.plies)
        }
    };
    for ply in wanted..stored {
        parts.remove(ply_key(game.id, ply))?;
    }
    games.insert(key, encode(revision, &head))?;
    Ok(())
}
