//! Lobbies: tables that several players sit down at before a game of more than two seats
//! (Chinese checkers) starts.
//!
//! A lobby is a challenge with seats ([`Lobby`]): it holds its channel, expires and has its
//! message tracked exactly like a challenge. People *Join* and *Leave* (the host too, who stays
//! the host: a table of computers only is a demonstration); the host and anyone seated may add
//! a computer (at a level) or remove one; the host *Starts* at any seat count the game's rules
//! allow, or *Cancels*. A table whose seats are all taken starts by itself. Players sit in the
//! order they sat down (the game seats them clockwise in that order); a toss then chooses who
//! moves first.

use rand::Rng;

use crate::app::fail::Fail;
use crate::app::games::{GameRules, RuleChoice};
use crate::app::state::App;
use crate::app::text::{mention, Text};
use crate::app::vocab::{Action, Button, Caller, Choice, Msg, Response, Select, Style, UserRef};
use crate::ids::{ChallengeId, LobbyId};
use crate::store::{ChallengeRecord, FirstPlayer, Level, Lobby, Player, Stored};

/// The options of `/chinese-checkers new`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LobbyRequest {
    /// The game and what the host chose of its rules.
    pub rules: RuleChoice,
    /// The number of seats; `None`: the most the rules allow.
    pub seats: Option<usize>,
    /// The bot's own account, which takes the computer seats.
    pub computer: UserRef,
}

/// The seat counts, written for people: `2/3/4/6`.
fn counts_text(counts: &[usize]) -> String {
    counts
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("/")
}

impl App {
    /// `/chinese-checkers new`: opens a lobby in `place` with the user seated as its host.
    pub fn open_lobby(&self, caller: &Caller, request: LobbyRequest) -> Response {
        let (locale, place, user) = (caller.locale, caller.place, &caller.user);
        let result = (|| {
            let (_, edits, rules) = self.open_place(place, &request.rules)?;
            let counts = rules.seat_counts();
            let most = counts.iter().copied().max().unwrap_or(2);
            let size = request.seats.unwrap_or(most);
            if !counts.contains(&size) {
                return Err(Fail::User(Text::CannotStartWith {
                    count: size as u64,
                    counts: counts_text(&counts),
                }));
            }
            let now = self.now();
            let settings = self.guild_settings(place.guild)?;
            let record = ChallengeRecord {
                id: ChallengeId::new(self.store.new_id()?),
                guild: place.guild,
                channel: place.channel,
                message: None,
                challenger: user.player(),
                opponent: None,
                kind: rules.kind(),
                rules: rules.to_json()?,
                first: FirstPlayer::Coin,
                created_ms: now,
                expires_ms: now + self.challenge_ttl_in(&settings),
                accepted: None,
                locale,
                lobby: Some(Lobby {
                    size: size as u8,
                    seated: vec![user.player()],
                    bot: request.computer.player(),
                }),
            };
            self.post_challenge(&record, edits)
        })();
        self.finish(locale, "lobby", result)
    }

    /// The lobby message: who sits where, and the buttons.
    pub(super) fn lobby_msg(&self, c: &ChallengeRecord, lobby: &Lobby) -> Result<Msg, Fail> {
        let locale = c.locale;
        let rules = GameRules::of(c)?;
        let counts = rules.seat_counts();
        let seated = lobby.seated.len();
        let size = usize::from(lobby.size);
        // The colours are those of the game that would start now (or of a full table).
        let shown = if seated > 1 && counts.contains(&seated) {
            seated
        } else {
            size
        };
        let colours = rules.seat_names(shown, locale);
        let mut lines = vec![Text::LobbyTitle {
            host: c.challenger.id,
            game: c.kind,
            rules: rules.name().render(locale),
            counts: counts_text(&counts),
        }
        .render(locale)];
        for seat in 0..size {
            let player = match lobby.seated.get(seat) {
                Some(p) if p.computer.is_some() => p.name.clone(),
                Some(p) => mention(p.id),
                None => String::from("none"),
            };
            lines.push(
                Text::LobbySeat {
                    number: seat as u64 + 1,
                    colour: colours.get(seat).cloned().unwrap_or_default(),
                    player,
                }
                .render(locale),
            );
        }
        lines.push(
            Text::LobbyFooter {
                expires_s: c.expires_ms / 1000,
            }
            .render(locale),
        );
        let button = |action, text: Text, style, disabled| Button {
            action,
            label: text.render(locale),
            style,
            disabled,
        };
        let lobby_id = c.id;
        let full = seated >= size;
        let row = vec![
            button(
                Action::Join {
                    lobby: lobby_id.cast(),
                },
                Text::Join,
                Style::Success,
                full,
            ),
            button(
                Action::Leave {
                    lobby: lobby_id.cast(),
                },
                Text::Leave,
                Style::Secondary,
                false,
            ),
            button(
                Action::Start {
                    lobby: lobby_id.cast(),
                },
                Text::StartGame {
                    players: seated as u64,
                },
                Style::Primary,
                !counts.contains(&seated),
            ),
            button(
                Action::Cancel {
                    challenge: lobby_id,
                },
                Text::Cancel,
                Style::Danger,
                false,
            ),
        ];
        let mut options: Vec<Choice> = Level::ALL
            .into_iter()
            .map(|level| Choice {
                label: Text::AddComputerAt { level }.render(locale),
                value: level.name().to_owned(),
            })
            .collect();
        options.push(Choice {
            label: Text::RemoveComputer.render(locale),
            value: Action::REMOVE.to_owned(),
        });
        Ok(Msg {
            text: lines.join("\n"),
            files: Vec::new(),
            selects: vec![Select {
                action: Action::Computer {
                    lobby: lobby_id.cast(),
                    add: None,
                },
                placeholder: Text::AddComputer.render(locale),
                options,
            }],
            rows: vec![row],
        })
    }

    /// Loads a lobby that is still open; an expired one is removed, and the action answered
    /// with its expired message ([`Fail::Answered`]).
    fn load_lobby(&self, id: LobbyId) -> Result<(Stored<ChallengeRecord>, Lobby), Fail> {
        let stored = self.load_challenge(id.cast())?;
        let lobby = stored
            .record
            .lobby
            .clone()
            .ok_or(Fail::User(Text::ChallengeGone))?;
        Ok((stored, lobby))
    }

    /// Stores a lobby's new seats and shows them; a table whose seats are all taken starts.
    fn seat(&self, mut stored: Stored<ChallengeRecord>, lobby: Lobby) -> Result<Response, Fail> {
        if lobby.seated.len() >= usize::from(lobby.size) {
            stored.record.lobby = Some(lobby.clone());
            return self.begin(&stored, lobby);
        }
        stored.record.lobby = Some(lobby.clone());
        self.store
            .update_challenge(stored.revision, &stored.record)?;
        Ok(Response::update(self.lobby_msg(&stored.record, &lobby)?))
    }

    /// *Join*: the user takes the next seat.
    pub(super) fn join(&self, user: &UserRef, id: LobbyId) -> Result<Response, Fail> {
        let (stored, mut lobby) = self.load_lobby(id)?;
        if user.bot {
            return Err(Fail::User(Text::CannotChallengeBot {
                game: stored.record.kind,
            }));
        }
        if lobby
            .seated
            .iter()
            .any(|p| p.computer.is_none() && p.id == user.id)
        {
            return Err(Fail::User(Text::AlreadySeated));
        }
        if lobby.seated.len() >= usize::from(lobby.size) {
            return Err(Fail::User(Text::LobbyFull));
        }
        lobby.seated.push(user.player());
        self.seat(stored, lobby)
    }

    /// *Leave*: the user gives up their seat (a host who leaves stays the host).
    pub(super) fn leave(&self, user: &UserRef, id: LobbyId) -> Result<Response, Fail> {
        let (stored, mut lobby) = self.load_lobby(id)?;
        let seat = lobby
            .seated
            .iter()
            .position(|p| p.computer.is_none() && p.id == user.id)
            .ok_or(Fail::User(Text::NotSeated))?;
        lobby.seated.remove(seat);
        self.seat(stored, lobby)
    }

    /// The computer menu: the host or a seated player adds a computer at `add`'s level, or
    /// removes the last computer seated.
    pub(super) fn seat_computer(
        &self,
        user: &UserRef,
        id: LobbyId,
        add: Option<Level>,
    ) -> Result<Response, Fail> {
        let (stored, mut lobby) = self.load_lobby(id)?;
        let seated = lobby
            .seated
            .iter()
            .any(|p| p.computer.is_none() && p.id == user.id);
        if !seated && user.id != stored.record.challenger.id {
            return Err(Fail::User(Text::NotSeated));
        }
        match add {
            Some(level) => {
                if lobby.seated.len() >= usize::from(lobby.size) {
                    return Err(Fail::User(Text::LobbyFull));
                }
                let name = Text::ComputerName {
                    name: lobby.bot.name.clone(),
                    level,
                }
                .render(stored.record.locale);
                lobby.seated.push(Player {
                    id: lobby.bot.id,
                    name,
                    computer: Some(level),
                });
            }
            None => {
                let last = lobby
                    .seated
                    .iter()
                    .rposition(|p| p.computer.is_some())
                    .ok_or(Fail::User(Text::NoComputerSeated))?;
                lobby.seated.remove(last);
            }
        }
        self.seat(stored, lobby)
    }

    /// *Start*: the host starts the game with the players seated, if the rules allow their
    /// number.
    pub(super) fn start_lobby(&self, user: &UserRef, id: LobbyId) -> Result<Response, Fail> {
        let (stored, lobby) = self.load_lobby(id)?;
        let host = stored.record.challenger.id;
        if user.id != host {
            return Err(Fail::User(Text::OnlyHostStarts { host }));
        }
        self.begin(&stored, lobby)
    }

    /// Starts a lobby's game: the toss chooses the first player among the seats.
    fn begin(&self, stored: &Stored<ChallengeRecord>, lobby: Lobby) -> Result<Response, Fail> {
        let c = &stored.record;
        let counts = GameRules::of(c)?.seat_counts();
        let count = lobby.seated.len();
        if !counts.contains(&count) {
            return Err(Fail::User(Text::CannotStartWith {
                count: count as u64,
                counts: counts_text(&counts),
            }));
        }
        let first = {
            let mut rng = self
                .rng
                .lock()
                .map_err(|_| Fail::Internal(String::from("coin lock poisoned")))?;
            rng.gen_range(0..count)
        };
        let intro = Text::FirstByCoin {
            winner: lobby.seated[first].id,
        };
        self.start_game(stored, lobby.seated, first, intro)
    }
}
