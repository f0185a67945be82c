//! Challenges: posting one, accepting, declining, cancelling, rock-paper-scissors for the
//! first move, expiry, and the game that an accepted challenge starts.

use crate::app::computer::owed_turn;
use crate::app::fail::Fail;
use crate::app::games::{GameRules, RuleChoice, Table};
use crate::app::state::App;
use crate::app::table::Loaded;
use crate::app::text::Text;
use crate::app::vocab::{
    message_link, Action, Button, Caller, Edit, Msg, Place, Response, Style, Track, UserRef,
};
use crate::ids::{ChallengeId, UserId};
use crate::locale::Locale;
use crate::store::{
    Acceptance, ChallengeRecord, ChannelEntry, FirstPlayer, GameRecord, Hand, Note, Owed,
    OwedWrite, Player, StoreError, Stored,
};

/// The options of `/oaq challenge`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeRequest {
    /// Who is challenged; `None` for an open challenge.
    pub opponent: Option<UserRef>,
    /// The game and what the challenger chose of its rules (the server's defaults fill the
    /// rest).
    pub rules: RuleChoice,
    /// How the first player is chosen; `None`: the server's default.
    pub first: Option<FirstPlayer>,
}

impl App {
    /// `/oaq challenge`.
    pub fn challenge(&self, caller: &Caller, request: ChallengeRequest) -> Response {
        let (locale, place, user) = (caller.locale, caller.place, &caller.user);
        let result = self.do_challenge(locale, place, user, request);
        self.finish(locale, "challenge", result)
    }

    /// Removes every challenge whose time is up and returns the edits that say so on their
    /// messages.
    pub fn expire_challenges(&self) -> Vec<Edit> {
        let now = self.now();
        let mut edits = Vec::new();
        for item in self.store.challenges() {
            match item {
                Ok(stored) if stored.record.expires_ms <= now && self.owns(stored.record.guild) => {
                    match self.expire(&stored) {
                        Ok(edit) => edits.push(edit),
                        Err(StoreError::Conflict { .. }) => {}
                        Err(error) => tracing::error!(%error, "could not expire a challenge"),
                    }
                }
                Ok(_) => {}
                Err(error) => tracing::error!(%error, "damaged challenge record"),
            }
        }
        edits
    }

    /// Removes an expired challenge; the note saying so on its message is owed in the same
    /// transaction, and returned drawn.
    pub(super) fn expire(&self, stored: &Stored<ChallengeRecord>) -> Result<Edit, StoreError> {
        let c = &stored.record;
        let host = c.challenger.id;
        let text = match c.lobby {
            Some(_) => Text::LobbyExpired { host },
            None => Text::ChallengeExpired { challenger: host },
        };
        let note = Note {
            guild: c.guild,
            channel: c.channel,
            message: c.message,
            text: text.render(c.locale),
        };
        self.store.expire_challenge(c.id, stored.revision, &note)?;
        let key = note.key(c.id.get());
        Ok(Edit {
            channel: c.channel,
            message: c.message,
            msg: Msg::text(note.text.clone()),
            key,
            seen: Owed::new(OwedWrite::Note(note)),
            shows: None,
        })
    }

    pub(super) fn do_challenge(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
        request: ChallengeRequest,
    ) -> Result<Response, Fail> {
        if let Some(opponent) = &request.opponent {
            if opponent.id == user.id {
                return Err(Fail::User(Text::CannotChallengeSelf));
            }
            if opponent.bot {
                return Err(Fail::User(Text::CannotChallengeBot {
                    game: request.rules.kind(),
                }));
            }
        }
        let (settings, edits, rules) = self.open_place(place, &request.rules)?;
        let first = Table::first_player(request.rules.kind(), request.first, settings.first);
        let now = self.now();
        let expires_ms = now + self.challenge_ttl_in(&settings);
        let record = ChallengeRecord {
            id: ChallengeId::new(self.store.new_id()?),
            guild: place.guild,
            channel: place.channel,
            message: None,
            challenger: user.player(),
            opponent: request.opponent.as_ref().map(UserRef::player),
            kind: rules.kind(),
            rules: rules.to_json()?,
            first,
            created_ms: now,
            expires_ms,
            accepted: None,
            locale,
            lobby: None,
        };
        self.post_challenge(&record, edits)
    }

    /// Stores a new challenge and posts it (with `edits` for what was cleared on the way).
    pub(super) fn post_challenge(
        &self,
        record: &ChallengeRecord,
        edits: Vec<Edit>,
    ) -> Result<Response, Fail> {
        match self.store.create_challenge(record) {
            Ok(_) => {}
            Err(StoreError::ChannelBusy { .. }) => {
                return Err(Fail::User(Text::ChannelHasChallenge { link: None }))
            }
            Err(other) => return Err(other.into()),
        }
        let msg = self.challenge_msg(record)?;
        Ok(Response::post(msg, Some(Track::Challenge(record.id))).with_edits(edits))
    }

    /// Checks that a new challenge or game may start in `place`: nothing else is going on
    /// there. An expired challenge is removed on the way; the returned edits say so.
    pub(super) fn claim_channel(&self, place: Place) -> Result<Vec<Edit>, Fail> {
        let mut edits = Vec::new();
        match self.store.channel(place.channel)? {
            Some(ChannelEntry::Game(id)) => {
                let link = self
                    .store
                    .game(id)?
                    .and_then(|g| message_link(g.record.guild, g.record.channel, g.record.message));
                return Err(Fail::User(Text::ChannelHasGame { link }));
            }
            Some(ChannelEntry::Challenge(id)) => match self.store.challenge(id)? {
                Some(stored) if stored.record.expires_ms <= self.now() => {
                    edits.push(self.expire(&stored)?);
                }
                Some(stored) => {
                    let c = &stored.record;
                    let link = message_link(c.guild, c.channel, c.message);
                    return Err(Fail::User(Text::ChannelHasChallenge { link }));
                }
                None => {}
            },
            None => {}
        }
        Ok(edits)
    }

    pub(super) fn challenge_msg(&self, c: &ChallengeRecord) -> Result<Msg, Fail> {
        if let Some(lobby) = &c.lobby {
            return self.lobby_msg(c, lobby);
        }
        let locale = c.locale;
        let expires_s = c.expires_ms / 1000;
        let rules = GameRules::of(c)?.name().render(locale);
        let text = match &c.opponent {
            Some(o) => Text::ChallengeDirect {
                challenger: c.challenger.id,
                opponent: o.id,
                game: c.kind,
                rules,
                first: c.first,
                expires_s,
            },
            None => Text::ChallengeOpen {
                challenger: c.challenger.id,
                game: c.kind,
                rules,
                first: c.first,
                expires_s,
            },
        };
        let button = |action, text: Text, style| Button {
            action,
            label: text.render(locale),
            style,
            disabled: false,
        };
        let mut row = vec![button(
            Action::Accept { challenge: c.id },
            Text::Accept,
            Style::Success,
        )];
        if c.opponent.is_some() {
            row.push(button(
                Action::Decline { challenge: c.id },
                Text::Decline,
                Style::Danger,
            ));
        }
        row.push(button(
            Action::Cancel { challenge: c.id },
            Text::Cancel,
            Style::Secondary,
        ));
        Ok(Msg {
            text: text.render(locale),
            files: Vec::new(),
            selects: Vec::new(),
            rows: vec![row],
        })
    }

    pub(super) fn rps_msg(&self, c: &ChallengeRecord, opponent: UserId, tie: Option<Hand>) -> Msg {
        let locale = c.locale;
        let mut row: Vec<Button> = Hand::ALL
            .into_iter()
            .map(|hand| Button {
                action: Action::Pick {
                    challenge: c.id,
                    hand,
                },
                label: Text::Hand(hand).render(locale),
                style: Style::Primary,
                disabled: false,
            })
            .collect();
        row.push(Button {
            action: Action::Cancel { challenge: c.id },
            label: Text::Cancel.render(locale),
            style: Style::Secondary,
            disabled: false,
        });
        Msg {
            text: Text::RpsPrompt {
                challenger: c.challenger.id,
                opponent,
                tie,
            }
            .render(locale),
            files: Vec::new(),
            selects: Vec::new(),
            rows: vec![row],
        }
    }

    /// Loads a challenge; an expired one is removed, and the action answered with its expired
    /// message ([`Fail::Answered`]).
    pub(super) fn load_challenge(&self, id: ChallengeId) -> Result<Stored<ChallengeRecord>, Fail> {
        let stored = self
            .store
            .challenge(id)?
            .ok_or(Fail::User(Text::ChallengeGone))?;
        if stored.record.expires_ms <= self.now() {
            let edit = self.expire(&stored)?;
            return Err(Fail::Answered(Box::new(Response::update(edit.msg))));
        }
        Ok(stored)
    }

    pub(super) fn accept(&self, user: &UserRef, id: ChallengeId) -> Result<Response, Fail> {
        let mut stored = self.load_challenge(id)?;
        let c = &mut stored.record;
        if c.accepted.is_some() || c.lobby.is_some() {
            return Err(Fail::User(Text::ChallengeGone));
        }
        if user.id == c.challenger.id {
            return Err(Fail::User(Text::CannotAcceptOwnChallenge));
        }
        if let Some(o) = &c.opponent {
            if o.id != user.id {
                return Err(Fail::User(Text::ChallengeIsForSomeoneElse {
                    opponent: o.id,
                }));
            }
        }
        if user.bot {
            return Err(Fail::User(Text::CannotChallengeBot { game: c.kind }));
        }
        let opponent = user.player();
        let challenger = c.challenger.clone();
        match c.first {
            FirstPlayer::Rps => {
                c.accepted = Some(Acceptance {
                    opponent,
                    picks: [None, None],
                    ties: 0,
                });
                c.expires_ms = self.now() + self.challenge_ttl_ms(c.guild)?;
                self.store
                    .update_challenge(stored.revision, &stored.record)?;
                Ok(Response::update(self.rps_msg(
                    &stored.record,
                    user.id,
                    None,
                )))
            }
            FirstPlayer::Coin => {
                let (challenger_first, intro) = {
                    let mut rng = self
                        .rng
                        .lock()
                        .map_err(|_| Fail::Internal(String::from("coin lock poisoned")))?;
                    Table::toss(c.kind, &mut *rng, challenger.id, opponent.id)
                };
                let (south, north) = if challenger_first {
                    (challenger, opponent)
                } else {
                    (opponent, challenger)
                };
                self.start_game(&stored, vec![south, north], 0, intro)
            }
            FirstPlayer::Challenger => {
                let intro = Text::FirstFixed {
                    first: challenger.id,
                };
                self.start_game(&stored, vec![challenger, opponent], 0, intro)
            }
            FirstPlayer::Opponent => {
                let intro = Text::FirstFixed { first: opponent.id };
                self.start_game(&stored, vec![opponent, challenger], 0, intro)
            }
        }
    }

    /// Turns an accepted challenge (or a started lobby) into its game: `seats` in turn order,
    /// `first` moving first, `intro` saying how that was chosen. The game's board replaces the
    /// challenge's message; when a computer moves first, its move is owed.
    pub(super) fn start_game(
        &self,
        challenge: &Stored<ChallengeRecord>,
        seats: Vec<Player>,
        first: usize,
        intro: Text,
    ) -> Result<Response, Fail> {
        let c = &challenge.record;
        let turn_ms = self.turn_ms(c.guild)?;
        let mut table = Table::start(&GameRules::of(c)?, seats.len())?;
        table.first_seat(first)?;
        let mut record = GameRecord {
            id: c.id.cast(),
            guild: c.guild,
            channel: c.channel,
            message: c.message,
            kind: c.kind,
            seats,
            rules: c.rules.clone(),
            start: table.start_text(),
            moves: Vec::new(),
            retired: Vec::new(),
            created_ms: self.now(),
            locale: c.locale,
            turn_ms: Some(turn_ms),
            deadline_ms: None,
            tournament_round: None,
        };
        let before = Loaded {
            stored: Stored {
                revision: challenge.revision,
                record: record.clone(),
            },
            table: table.clone(),
            movers: Vec::new(),
        };
        record.deadline_ms = self.deadline(&before);
        let stored = self.store.start_game(c.id, challenge.revision, &record)?;
        let loaded = Loaded {
            stored,
            table,
            movers: Vec::new(),
        };
        let response = match self.thread_start(&loaded, &intro)? {
            Some(response) => response,
            None => Response::board(self.board_msg(&loaded, Some(intro))?, loaded.shown()),
        };
        Ok(response.with_computer(owed_turn(&loaded)))
    }

    pub(super) fn pick(
        &self,
        locale: Locale,
        user: &UserRef,
        id: ChallengeId,
        hand: Hand,
    ) -> Result<Response, Fail> {
        let mut stored = self.load_challenge(id)?;
        let challenger = stored.record.challenger.clone();
        let Some(acceptance) = stored.record.accepted.as_mut() else {
            return Err(Fail::User(Text::ChallengeGone));
        };
        let slot = if user.id == challenger.id {
            0
        } else if user.id == acceptance.opponent.id {
            1
        } else {
            return Err(Fail::User(Text::RpsNotYours));
        };
        if let Some(already) = acceptance.picks[slot] {
            return Err(Fail::User(Text::RpsAlreadyPicked { hand: already }));
        }
        acceptance.picks[slot] = Some(hand);
        let opponent = acceptance.opponent.clone();
        match acceptance.picks {
            [Some(a), Some(b)] if a == b => {
                acceptance.picks = [None, None];
                acceptance.ties += 1;
                self.store
                    .update_challenge(stored.revision, &stored.record)?;
                Ok(Response::update(self.rps_msg(
                    &stored.record,
                    opponent.id,
                    Some(a),
                )))
            }
            [Some(a), Some(b)] => {
                let (south, north, winning, losing) = if a.beats(b) {
                    (challenger, opponent, a, b)
                } else {
                    (opponent, challenger, b, a)
                };
                let intro = Text::FirstByRps {
                    winner: south.id,
                    winning,
                    losing,
                };
                self.start_game(&stored, vec![south, north], 0, intro)
            }
            _ => {
                self.store
                    .update_challenge(stored.revision, &stored.record)?;
                let waiting_for = if slot == 0 {
                    opponent.id
                } else {
                    challenger.id
                };
                Ok(Response::private(
                    Text::RpsPicked { hand, waiting_for }.render(locale),
                ))
            }
        }
    }

    /// The challenge message is public: it keeps the challenge's language, whoever clicks.
    pub(super) fn decline(&self, user: &UserRef, id: ChallengeId) -> Result<Response, Fail> {
        let stored = self.load_challenge(id)?;
        let c = &stored.record;
        if c.lobby.is_some() {
            return Err(Fail::User(Text::ChallengeGone));
        }
        let opponent = c
            .opponent
            .as_ref()
            .or(c.accepted.as_ref().map(|a| &a.opponent));
        if opponent.map(|o| o.id) != Some(user.id) {
            return Err(Fail::User(Text::OnlyOpponentDeclines));
        }
        self.store.remove_challenge(c.id, stored.revision)?;
        let text = Text::ChallengeDeclined {
            challenger: c.challenger.id,
            opponent: user.id,
        };
        Ok(Response::update(Msg::text(text.render(c.locale))))
    }

    /// The challenge message is public: it keeps the challenge's language, whoever clicks.
    pub(super) fn cancel(&self, user: &UserRef, id: ChallengeId) -> Result<Response, Fail> {
        let stored = self.load_challenge(id)?;
        let c = &stored.record;
        let host = c.challenger.id;
        if user.id != host {
            return Err(Fail::User(match c.lobby {
                Some(_) => Text::OnlyHostStarts { host },
                None => Text::OnlyChallengerCancels { challenger: host },
            }));
        }
        self.store.remove_challenge(c.id, stored.revision)?;
        let text = match c.lobby {
            Some(_) => Text::LobbyCancelled { host },
            None => Text::ChallengeCancelled { challenger: host },
        };
        Ok(Response::update(Msg::text(text.render(c.locale))))
    }
}
