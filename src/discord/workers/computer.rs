//! The computer opponent's tasks: each makes the moves the computer owes in one game.

use std::sync::Arc;

use super::outbox::Outbox;
use crate::app::{App, ComputerTurn};
use crate::discord::blocking::blocking;
use crate::discord::gate::Gate;

/// Lets the computer opponent make the move it owes (and any that follow), off the async
/// threads; the outbox shows each on the board.
///
/// The task holds a pass of the gate: shutdown waits for the move. Once the gate is closed no
/// move starts; the next start makes it ([`resume_computer`]).
pub(in crate::discord) fn spawn_computer(
    app: Arc<App>,
    outbox: Outbox,
    gate: &Arc<Gate>,
    turn: ComputerTurn,
) {
    let Some(pass) = gate.enter() else {
        return;
    };
    tokio::spawn(async move {
        let _pass = pass;
        let mut turn = Some(turn);
        while let Some(owed) = turn.take() {
            let worker = app.clone();
            match blocking(move || worker.computer_move(owed)).await {
                Ok(Some(moved)) => {
                    outbox.send(vec![moved.edit]);
                    turn = moved.next;
                }
                Ok(None) => {}
                Err(error) => {
                    tracing::error!(%error, game = owed.game.get(), "computer move failed")
                }
            }
        }
    });
}

/// At start-up: the computer makes the moves it owed when the bot stopped.
pub(super) async fn resume_computer(outbox: Outbox, app: Arc<App>, gate: &Arc<Gate>) {
    let worker = app.clone();
    match blocking(move || worker.computer_turns()).await {
        Ok(turns) => {
            for turn in turns {
                spawn_computer(app.clone(), outbox.clone(), gate, turn);
            }
        }
        Err(error) => tracing::error!(%error, "could not list the computer's owed moves"),
    }
}
