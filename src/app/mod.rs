//! The product, without Discord: challenges, lobbies, moves, resignations, timeouts, the
//! computer opponent, rematches, analyses, replays, leaderboards, settings and tournaments.
//!
//! Callers hand in typed actions with user ids, a [`Place`] and a [`Locale`]; the [`App`]
//! reads and writes the store, draws boards, and answers with a [`Response`]. Every outcome
//! is a response: user mistakes become private explanations, internal failures are logged
//! and answered with an apology, and nothing is half-applied.
//!
//! How it is laid out, from the ground up:
//! - `vocab`: the words every feature shares — [`Action`], [`Response`], [`Msg`], buttons, a
//!   request's [`Place`] and [`UserRef`]. It imports no feature.
//! - [`text`] (the catalogue), [`games`] (the seam to the games), [`results`] (ratings).
//! - `state` ([`App`] and what its handlers share), `fail` (how an action fails and is
//!   answered), `memory` (what is kept between requests, in memory only).
//! - the features, side by side, each owning its handlers and its part of the answer:
//!   `challenge`, `lobby`, `play`, `picker`, `review`, `leaderboard`, `history`, `replay`,
//!   `settings`, `tournament`, `computer`, `timeouts`, `outbox`, `threads`, `rematch`,
//!   `help`, `messages`; `table` loads a game and draws its board for all of them, `ending`
//!   ends one.
//! - `router`: [`App::click_on`] hands each click to the feature that owns it.
//!
//! No file below imports this one: it only names the parts and hands the public ones on.

mod authority;
mod challenge;
mod clock;
mod computer;
mod ending;
mod fail;
pub mod games;
mod help;
mod history;
mod leaderboard;
mod lobby;
mod memory;
mod messages;
mod outbox;
mod page;
mod pages;
mod picker;
mod play;
mod rematch;
mod replay;
pub mod results;
mod review;
mod router;
mod running;
mod runs;
mod settings;
mod state;
mod table;
pub mod text;
mod threads;
mod timeouts;
mod tournament;
mod vocab;

pub use challenge::ChallengeRequest;
pub use clock::{Clock, FakeClock, SystemClock};
pub use computer::{ComputerMoved, PlayRequest};
pub use lobby::LobbyRequest;
pub use outbox::{backoff_ms, Scan, Sent, GRACE_MS, RETRY_FIRST_MS, RETRY_MAX_MS};
pub use page::{
    kind_name, PageChallenge, PageChallenged, PageDone, PageLobby, PageOwes, PagePerson,
    PageRefusal, PageStart, PageStarted, PageSummary, PageView, Refused,
};
pub use replay::{ReplayRequest, DEFAULT_UPLOAD_LIMIT};
pub use running::PER_PAGE as GAMES_PER_PAGE;
pub use settings::{SettingsChange, MAX_CHALLENGE_S, MAX_TURN_S, MIN_CHALLENGE_S, MIN_TURN_S};
pub use state::{App, AppError, Settings};
pub use text::{Locale, Text};
pub use tournament::{PairingStart, TournamentClick, TournamentRequest, MAX_SWISS_ROUNDS};
pub use vocab::{
    limits, Action, Attachment, Button, Caller, Choice, ComputerTurn, Edit, Effects, FileKind, Msg,
    Notation, PathError, PickerAt, PickerPath, Place, Reply, Response, Select, Shown, Style,
    Subject, ThreadRequest, TournamentOp, Track, UserRef,
};
