//! Answers: a command's [`Response`] sent through poise, and [`settle`], the one place that
//! carries out what an answer owes once its reply has gone (or failed): a board shown, a posted
//! message's id, owed edits, the computer's turn, a thread. The builders the replies are made
//! of are in [`super::builders`].

use poise::serenity_prelude as serenity;
use serenity::{ChannelType, CreateInteractionResponse, CreateThread};

use super::blocking::blocking;
use super::builders::create_reply;
use super::data::{Context, Data};
use super::error::Error;
use super::metrics;
use super::snowflakes;
use super::workers::spawn_computer;
use crate::app::{ComputerTurn, Edit, Effects, Reply, Response, Shown, ThreadRequest, Track};
use crate::ids::{GameId, MessageId, TournamentId};
use crate::store::OwedKey;

/// Sends a command's response through poise, then settles its effects ([`settle`]).
pub(super) async fn answer_command(ctx: Context<'_>, response: Response) -> Result<(), Error> {
    let data = ctx.data();
    let Response { reply, effects } = response;
    let track = match &reply {
        Reply::Post { track, .. } => *track,
        _ => None,
    };
    let sent = match reply {
        Reply::Post { msg, .. } => send(ctx, &msg, false, track.is_some()).await,
        Reply::Private(msg) => send(ctx, &msg, true, false).await,
        // A command has no clicked message to replace: its update is a new message.
        Reply::Update(msg) => send(ctx, &msg, false, false).await,
        Reply::Launch => launch(ctx)
            .await
            .map(|()| None)
            .map_err(|error| (error, Delivery::Failed)),
    };
    let (delivery, error) = match sent {
        Ok(message) => (Delivery::Sent { message }, None),
        Err((error, delivery)) => {
            metrics::discord_error(&error);
            (delivery, Some(error))
        }
    };
    settle(
        &Live {
            http: ctx.http(),
            data,
        },
        track,
        effects,
        delivery,
    )
    .await;
    match error {
        Some(error) => Err(error.into()),
        None => Ok(()),
    }
}

/// Sends a command's message (`ephemeral`: only to its user); with `read_back`, learns the
/// id of the message it posted.
async fn send(
    ctx: Context<'_>,
    msg: &crate::app::Msg,
    ephemeral: bool,
    read_back: bool,
) -> Result<Option<MessageId>, (serenity::Error, Delivery)> {
    match ctx.send(create_reply(msg, ephemeral)).await {
        Ok(handle) if read_back => match handle.message().await {
            Ok(message) => Ok(Some(snowflakes::message(message.id))),
            // Posted, but its id is unknown: the error is answered with an apology.
            Err(error) => Err((error, Delivery::Sent { message: None })),
        },
        Ok(_) => Ok(None),
        Err(error) => Err((error, Delivery::Failed)),
    }
}

/// Answers a command by launching the app's Activity for its user.
async fn launch(ctx: Context<'_>) -> Result<(), serenity::Error> {
    match ctx {
        poise::Context::Application(command) => {
            command
                .interaction
                .create_response(ctx.http(), CreateInteractionResponse::LaunchActivity)
                .await
        }
        poise::Context::Prefix(_) => Err(serenity::Error::Other(
            "only an interaction can launch the Activity",
        )),
    }
}

/// How an interaction's reply went, as far as its effects are concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Delivery {
    /// Discord has the reply. `message` is the public message that now shows it, if known:
    /// the clicked message an update replaced, or the message a post created.
    Sent {
        /// The message.
        message: Option<MessageId>,
    },
    /// Discord does not have the reply.
    Failed,
}

/// What settling an answer's effects acts on: the app, the outbox, the computer's tasks and
/// Discord. [`Live`] is the bot's; the tests use a fake that records what it is asked.
pub(super) trait Target {
    /// Settles the board an answer showed on `on` (`App::board_shown`).
    async fn board_shown(&self, shown: Shown, on: Option<MessageId>);
    /// Records the id of the message a reply posted for `track` (`App::record_message`).
    async fn record_message(&self, track: Track, message: MessageId);
    /// Has the outbox write game `game`'s board, which the reply failed to show.
    fn write_board(&self, game: GameId);
    /// Hands owed writes to the outbox.
    fn send(&self, edits: Vec<Edit>);
    /// Lets the computer make the move it owes.
    fn computer(&self, turn: ComputerTurn);
    /// Opens the thread and moves the game there (`App::move_to_thread`).
    async fn open_thread(&self, request: ThreadRequest);
    /// Runs the tournaments' work now (`App::tournament_work`): a round was paired.
    fn tournaments(&self);
    /// Has the outbox post tournament `id`'s message, which the reply failed to post
    /// (`App::tournament_unposted`).
    async fn post_tournament(&self, id: TournamentId);
}

/// Settles everything an answer owes once its reply has been sent (or has failed), whatever
/// kind of interaction it answered: a slash command, a click or a slow click all end here.
///
/// - a board the reply showed is reported shown, or, if the reply failed, written by the
///   outbox (the change is stored: the public board is brought up to date by REST);
/// - a posted message's id is recorded for the record it shows (`track`); a new board that
///   could not be posted is posted by the outbox;
/// - the owed edits go to the outbox, the computer's move is started, and a requested thread
///   is opened (the game then moves into it);
/// - a paired round has its games started.
pub(super) async fn settle(
    target: &impl Target,
    track: Option<Track>,
    effects: Effects,
    delivery: Delivery,
) {
    let Effects {
        shows,
        edits,
        computer,
        thread,
        tournaments,
    } = effects;
    match delivery {
        Delivery::Sent { message } => {
            if let Some(shown) = shows {
                target.board_shown(shown, message).await;
            }
            match (track, message) {
                (Some(track), Some(message)) => target.record_message(track, message).await,
                (Some(track), None) => {
                    tracing::warn!(?track, "the posted message's id is unknown: not recorded")
                }
                (None, _) => {}
            }
        }
        Delivery::Failed => {
            if let Some(Track::Tournament(id)) = track {
                target.post_tournament(id).await;
            }
            let posted = match track {
                Some(Track::Game(shown)) => Some(shown.game),
                _ => None,
            };
            for game in shows.map(|s| s.game).into_iter().chain(posted) {
                target.write_board(game);
            }
        }
    }
    target.send(edits);
    if let Some(turn) = computer {
        target.computer(turn);
    }
    if let Some(request) = thread {
        target.open_thread(request).await;
    }
    if tournaments {
        target.tournaments();
    }
}

/// The bot's own [`Target`]: the app off the async threads, the outbox, Discord over `http`.
pub(super) struct Live<'a> {
    /// Discord.
    pub(super) http: &'a serenity::Http,
    /// The handler state.
    pub(super) data: &'a Data,
}

impl Target for Live<'_> {
    async fn board_shown(&self, shown: Shown, on: Option<MessageId>) {
        let app = self.data.app.clone();
        match blocking(move || app.board_shown(shown, on)).await {
            Ok(owed) => self.data.outbox.poke(owed),
            Err(error) => tracing::error!(%error, "settling a shown board failed"),
        }
    }

    async fn record_message(&self, track: Track, message: MessageId) {
        let app = self.data.app.clone();
        match blocking(move || app.record_message(track, message)).await {
            Ok(owed) => self.data.outbox.poke(owed),
            Err(error) => tracing::error!(%error, "recording a message id failed"),
        }
    }

    fn write_board(&self, game: GameId) {
        self.data.outbox.poke(vec![OwedKey::Board(game)]);
    }

    fn send(&self, edits: Vec<Edit>) {
        self.data.outbox.send(edits);
    }

    fn tournaments(&self) {
        self.data.tournaments.wake();
    }

    async fn post_tournament(&self, id: TournamentId) {
        let app = self.data.app.clone();
        match blocking(move || app.tournament_unposted(id)).await {
            Ok(owed) => self.data.outbox.poke(owed),
            Err(error) => tracing::error!(%error, "owing a tournament message failed"),
        }
    }

    fn computer(&self, turn: ComputerTurn) {
        let data = self.data;
        spawn_computer(data.app.clone(), data.outbox.clone(), &data.gate, turn);
    }

    /// Opens a public thread from the accepted challenge's message and moves the game there;
    /// the outbox posts its board in it. If Discord refuses the thread, the board is posted
    /// in the channel.
    async fn open_thread(&self, request: ThreadRequest) {
        let (Some(channel), Some(message)) = (
            snowflakes::to_channel(request.channel),
            snowflakes::to_message(request.message),
        ) else {
            return;
        };
        let builder = CreateThread::new(request.name.clone()).kind(ChannelType::PublicThread);
        let thread = match channel
            .create_thread_from_message(self.http, message, builder)
            .await
        {
            Ok(thread) => Some(snowflakes::channel(thread.id)),
            Err(error) => {
                tracing::warn!(%error, game = request.game.get(), "could not open a thread: playing in the channel");
                None
            }
        };
        let game = request.game;
        let app = self.data.app.clone();
        match blocking(move || app.move_to_thread(game, thread)).await {
            Ok(Some(edit)) => self.data.outbox.send(vec![edit]),
            Ok(None) => {}
            Err(error) => {
                tracing::error!(%error, game = game.get(), "moving a game to its thread failed")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::{ChallengeId, ChannelId, GameId, MessageId, TournamentId};
    use std::sync::Mutex;

    use super::{settle, Delivery, Target};
    use crate::app::{ComputerTurn, Edit, Effects, Msg, Response, Shown, ThreadRequest, Track};
    use crate::store::{Owed, OwedKey, OwedWrite};

    /// What settling asked of the world, in order.
    #[derive(Debug, PartialEq)]
    enum Call {
        BoardShown(Shown, Option<MessageId>),
        Record(Track, MessageId),
        WriteBoard(GameId),
        Send(usize),
        Computer(ComputerTurn),
        Thread(ThreadRequest),
        Tournaments,
        PostTournament(TournamentId),
    }

    #[derive(Default)]
    struct Fake(Mutex<Vec<Call>>);

    impl Fake {
        fn push(&self, call: Call) {
            self.0.lock().expect("not poisoned").push(call);
        }

        fn calls(self) -> Vec<Call> {
            self.0.into_inner().expect("not poisoned")
        }
    }

    impl Target for Fake {
        async fn board_shown(&self, shown: Shown, on: Option<MessageId>) {
            self.push(Call::BoardShown(shown, on));
        }
        async fn record_message(&self, track: Track, message: MessageId) {
            self.push(Call::Record(track, message));
        }
        fn write_board(&self, game: GameId) {
            self.push(Call::WriteBoard(game));
        }
        fn send(&self, edits: Vec<Edit>) {
            self.push(Call::Send(edits.len()));
        }
        fn computer(&self, turn: ComputerTurn) {
            self.push(Call::Computer(turn));
        }
        fn tournaments(&self) {
            self.push(Call::Tournaments);
        }
        async fn post_tournament(&self, id: TournamentId) {
            self.push(Call::PostTournament(id));
        }
        async fn open_thread(&self, request: ThreadRequest) {
            self.push(Call::Thread(request));
        }
    }

    const SHOWN: Shown = Shown {
        game: GameId::new(7),
        revision: 3,
        plies: 2,
    };

    fn thread() -> ThreadRequest {
        ThreadRequest {
            game: GameId::new(7),
            channel: ChannelId::new(10),
            message: MessageId::new(11),
            name: String::from("a game"),
        }
    }

    fn note() -> Edit {
        let write = OwedWrite::Board {
            game: GameId::new(8),
            revision: 1,
        };
        Edit {
            channel: ChannelId::new(12),
            message: Some(MessageId::new(13)),
            msg: Msg::text(String::from("note")),
            key: OwedKey::Board(GameId::new(8)),
            seen: Owed::new(write),
            shows: None,
        }
    }

    async fn settled(track: Option<Track>, effects: Effects, delivery: Delivery) -> Vec<Call> {
        let fake = Fake::default();
        settle(&fake, track, effects, delivery).await;
        fake.calls()
    }

    /// A paired round's games are started whether or not the reply that paired it reached
    /// Discord (the tournament's sweep would start them later anyway).
    #[tokio::test]
    async fn a_paired_round_wakes_the_tournament_work_however_the_reply_went() {
        let mut response = Response::update(Msg::text(String::from("round 1")));
        response.effects.tournaments = true;
        for delivery in [
            Delivery::Sent {
                message: Some(MessageId::new(5)),
            },
            Delivery::Failed,
        ] {
            let calls = settled(None, response.effects.clone(), delivery).await;
            assert_eq!(calls, [Call::Send(0), Call::Tournaments]);
        }
        response.effects.tournaments = false;
        let calls = settled(None, response.effects, Delivery::Failed).await;
        assert_eq!(calls, [Call::Send(0)]);
    }

    /// A tournament message whose post failed is posted by the outbox; one that was posted has
    /// its id recorded.
    #[tokio::test]
    async fn a_tournament_message_is_recorded_or_posted_by_the_outbox() {
        let track = Some(Track::Tournament(TournamentId::new(9)));
        let effects = Effects::default();
        assert_eq!(
            settled(
                track,
                effects.clone(),
                Delivery::Sent {
                    message: Some(MessageId::new(99))
                }
            )
            .await,
            [
                Call::Record(Track::Tournament(TournamentId::new(9)), MessageId::new(99)),
                Call::Send(0)
            ]
        );
        assert_eq!(
            settled(track, effects, Delivery::Failed).await,
            [Call::PostTournament(TournamentId::new(9)), Call::Send(0)]
        );
    }

    /// The command path (`answer_command`) settles through [`settle`]: a command's answer
    /// that asks for a thread gets it, as a click's does, whether or not its reply reached
    /// Discord.
    #[tokio::test]
    async fn a_thread_request_is_honoured_however_the_reply_went() {
        let response =
            Response::update(Msg::text(String::from("played in a thread"))).with_thread(thread());
        for delivery in [Delivery::Sent { message: None }, Delivery::Failed] {
            let calls = settled(None, response.effects.clone(), delivery).await;
            assert_eq!(
                calls,
                [Call::Send(0), Call::Thread(thread())],
                "{delivery:?}"
            );
        }
    }

    #[tokio::test]
    async fn a_shown_board_is_settled_on_its_message_or_written_by_the_outbox() {
        let turn = ComputerTurn {
            game: GameId::new(7),
            ply: 2,
        };
        let response = Response::board(Msg::default(), SHOWN)
            .with_edits(vec![note()])
            .with_computer(Some(turn));
        let sent = Delivery::Sent {
            message: Some(MessageId::new(99)),
        };
        assert_eq!(
            settled(None, response.effects.clone(), sent).await,
            [
                Call::BoardShown(SHOWN, Some(MessageId::new(99))),
                Call::Send(1),
                Call::Computer(turn)
            ]
        );
        assert_eq!(
            settled(None, response.effects, Delivery::Failed).await,
            [
                Call::WriteBoard(GameId::new(7)),
                Call::Send(1),
                Call::Computer(turn)
            ]
        );
    }

    #[tokio::test]
    async fn a_posted_message_is_recorded_or_a_new_board_is_posted_by_the_outbox() {
        let board = Some(Track::Game(SHOWN));
        let sent = Delivery::Sent {
            message: Some(MessageId::new(99)),
        };
        assert_eq!(
            settled(board, Effects::default(), sent).await,
            [
                Call::Record(Track::Game(SHOWN), MessageId::new(99)),
                Call::Send(0)
            ]
        );
        assert_eq!(
            settled(board, Effects::default(), Delivery::Failed).await,
            [Call::WriteBoard(GameId::new(7)), Call::Send(0)]
        );
        let challenge = Some(Track::Challenge(ChallengeId::new(5)));
        assert_eq!(
            settled(challenge, Effects::default(), Delivery::Failed).await,
            [Call::Send(0)]
        );
    }
}
