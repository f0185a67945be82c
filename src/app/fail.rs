//! How an action fails ([`Fail`]), the one place that decides what the user is told of it
//! ([`App::finish`]), and how an action that lost a race is run again ([`retry`]).

use crate::app::games::GameError;
use crate::app::state::App;
use crate::app::text::Text;
use crate::app::vocab::{PathError, Response};
use crate::locale::Locale;
use crate::render::RenderError;
use crate::store::StoreError;

/// Why an action was not carried out.
pub(super) enum Fail {
    /// The user did something that cannot be done: explain privately.
    User(Text),
    /// A stored record cannot be read.
    Damaged(String),
    /// Something broke on our side.
    Internal(String),
    /// The database cannot be reached (its server down or restarting): nothing was changed,
    /// and the same action may work in a moment.
    Unavailable(String),
    /// A record changed between reading and writing it (another click, or a message id being
    /// recorded): the action is tried again from a fresh read (see [`retry`]).
    Conflict,
    /// The action is already answered, and goes no further: a click on a challenge that has
    /// just expired is answered with its expired message.
    Answered(Box<Response>),
}

/// How many times an action is retried after a revision conflict.
pub(super) const ATTEMPTS: usize = 5;

/// Runs `attempt` until it ends otherwise than in a revision conflict, [`ATTEMPTS`] times at
/// most, and returns how the last run ended: `Err(Fail::Conflict)` when every run lost the
/// race, which the caller turns into its own answer (a "try again" to the user, or quietly
/// nothing for work that is retried later anyway).
///
/// Invariant: a write that conflicts changes nothing (compare-and-swap on the revision read),
/// and each attempt reads afresh every record it writes, so running it again whole is safe.
pub(super) fn retry<T>(mut attempt: impl FnMut() -> Result<T, Fail>) -> Result<T, Fail> {
    let mut result = attempt();
    for _ in 1..ATTEMPTS {
        if !matches!(result, Err(Fail::Conflict)) {
            break;
        }
        result = attempt();
    }
    result
}

impl From<StoreError> for Fail {
    fn from(error: StoreError) -> Fail {
        match error {
            StoreError::Corrupt { .. } | StoreError::NewerSchema { .. } => {
                Fail::Damaged(error.to_string())
            }
            StoreError::Conflict { .. } => Fail::Conflict,
            unreachable if unreachable.unreachable() => Fail::Unavailable(unreachable.to_string()),
            other => Fail::Internal(other.to_string()),
        }
    }
}

impl From<RenderError> for Fail {
    fn from(error: RenderError) -> Fail {
        Fail::Internal(error.to_string())
    }
}

/// The one place that decides what a game's failure is: data read from the store that is
/// wrong is `Damaged` (the user is told the record is damaged; it is never overwritten),
/// anything else is our own inconsistency, `Internal`.
///
/// So stored rules that do not read are damage wherever they are read — a challenge's while
/// its message is drawn, or when the game it starts is set up (which was `Internal` before
/// the rules were typed); rules that do not fit the seats, a refused first seat or a choice
/// of rules that cannot be made are ours, as they always were. A stored game that does not
/// replay is reported as the store reports a corrupt record, naming the game.
impl From<GameError> for Fail {
    fn from(error: GameError) -> Fail {
        match error {
            GameError::Replay { game, fault } => Fail::from(StoreError::Corrupt {
                kind: "game",
                key: game.get(),
                reason: fault.to_string(),
            }),
            GameError::Rules(_)
            | GameError::Start(_)
            | GameError::MissingMove(_)
            | GameError::Unreadable(_)
            | GameError::Unplayable { .. } => Fail::Damaged(error.to_string()),
            GameError::Encode(_)
            | GameError::Choice(_)
            | GameError::Setup(_)
            | GameError::FirstSeat(_)
            | GameError::Notation(_) => Fail::Internal(error.to_string()),
        }
    }
}

/// A picker path the app builds from a game's keys that does not make a path is our own
/// inconsistency (paths read from component ids are checked when the id is decoded).
impl From<PathError> for Fail {
    fn from(error: PathError) -> Fail {
        Fail::Internal(error.to_string())
    }
}

impl App {
    /// The answer to an action that ended as `result`: a failure becomes a private
    /// explanation, and a damaged record or an internal error is logged, naming `what`.
    pub(super) fn finish(
        &self,
        locale: Locale,
        what: &str,
        result: Result<Response, Fail>,
    ) -> Response {
        match result {
            Ok(response) => response,
            Err(Fail::Answered(response)) => *response,
            Err(Fail::User(text)) => Response::private(text.render(locale)),
            Err(Fail::Conflict) => Response::private(Text::LostRace.render(locale)),
            Err(Fail::Damaged(reason)) => {
                tracing::error!(action = what, %reason, "damaged record");
                Response::private(Text::Damaged.render(locale))
            }
            Err(Fail::Internal(reason)) => {
                tracing::error!(action = what, %reason, "internal error");
                Response::private(Text::Apology.render(locale))
            }
            Err(Fail::Unavailable(reason)) => {
                tracing::warn!(action = what, %reason, "the database is unreachable: nothing was changed, the user was asked to try again");
                Response::private(Text::DatabaseDown.render(locale))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{retry, Fail, ATTEMPTS};
    use crate::store::{BackendError, StoreError};

    #[test]
    fn a_database_out_of_reach_is_unavailable_not_broken() {
        let down = StoreError::Backend(BackendError::Unreachable(Box::new(std::io::Error::other(
            "connection refused",
        ))));
        assert!(matches!(Fail::from(down), Fail::Unavailable(_)));
        let failed = StoreError::Backend(BackendError::Failed(Box::new(std::io::Error::other(
            "disk full",
        ))));
        assert!(matches!(Fail::from(failed), Fail::Internal(_)));
    }

    #[test]
    fn retry_runs_again_only_after_a_conflict_and_at_most_attempts_times() {
        let mut runs = 0;
        let result = retry(|| {
            runs += 1;
            if runs < 3 {
                Err(Fail::Conflict)
            } else {
                Ok(runs)
            }
        });
        assert!(matches!(result, Ok(3)));

        let mut runs = 0;
        let result: Result<(), Fail> = retry(|| {
            runs += 1;
            Err(Fail::Conflict)
        });
        assert!(matches!(result, Err(Fail::Conflict)));
        assert_eq!(runs, ATTEMPTS);

        let mut runs = 0;
        let result: Result<(), Fail> = retry(|| {
            runs += 1;
            Err(Fail::Internal(String::from("broken")))
        });
        assert!(matches!(result, Err(Fail::Internal(_))));
        assert_eq!(runs, 1, "only a conflict is retried");
    }
}
