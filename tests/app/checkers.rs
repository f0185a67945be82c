//! Issue 11: the third game through the same seam. Chinese checkers is challenged, played from
//! its menus, resigned and rated by the shell; a table of three seats takes a seat out and the
//! others play on.

use super::*;
use oaq_bot::app::games::chinese_checkers::CheckersChoice;
use oaq_bot::app::games::{RuleChoice, Table};
use oaq_bot::app::{LobbyRequest, PickerAt, Sent};
use oaq_bot::store::{GameKind, GameRecord, Level, Player, Retired, Retirement};

/// The choices a picker message offers, menus then buttons: (action, label).
fn choices(msg: &Msg) -> Vec<(Action, String)> {
    let menus = msg.selects.iter().flat_map(|s| {
        s.options
            .iter()
            .filter_map(|o| Some((s.action.with_choice(&o.value)?, o.label.clone())))
    });
    let buttons = buttons(msg).map(|b| (b.action, b.label.clone()));
    menus
        .chain(buttons)
        .filter(|(a, _)| {
            matches!(
                a,
                Action::Picker {
                    at: PickerAt::Path(_),
                    ..
                }
            )
        })
        .collect()
}

/// The message a picker click answers with.
fn answer(response: &Response) -> Msg {
    match &response.reply {
        Reply::Private(msg) | Reply::Update(msg) => msg.clone(),
        other => panic!("{other:?}"),
    }
}

/// Plays `from` → `to` as `user` through the board's picker.
fn pick(app: &App, board: &Msg, user: &UserRef, from: &str, to: &str) -> Response {
    let open = find(board, |a| {
        matches!(
            a,
            Action::Picker {
                at: PickerAt::Board,
                ..
            }
        )
    });
    let pegs = answer(&app.click(&Caller::new(EN, HERE, user.clone()), open));
    check_limits(&pegs);
    let (peg, _) = choices(&pegs)
        .into_iter()
        .find(|(_, label)| label == &format!("Peg {from}"))
        .unwrap_or_else(|| panic!("{from} in {pegs:?}"));
    let targets = answer(&app.click(&Caller::new(EN, HERE, user.clone()), peg));
    check_limits(&targets);
    let (target, _) = choices(&targets)
        .into_iter()
        .find(|(_, label)| label.contains(&format!(" to {to}")))
        .unwrap_or_else(|| panic!("{to} in {targets:?}"));
    app.click(&Caller::new(EN, HERE, user.clone()), target)
}

#[test]
fn chinese_checkers_is_played_through_the_shell_and_rated_on_its_own_board() {
    let (app, _clock) = app();
    let request = ChallengeRequest {
        opponent: Some(binh()),
        rules: RuleChoice::ChineseCheckers(CheckersChoice::default()),
        first: Some(FirstPlayer::Challenger),
    };
    let posted = app.challenge(&Caller::new(EN, HERE, an()), request);
    assert!(public(&posted).text.contains("**Chinese checkers**"));
    let id = challenge_id(&posted);
    let board = public(&app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Accept { challenge: id },
    ))
    .clone();
    assert!(board.picture().is_some_and(|p| p.starts_with(b"\x89PNG")));
    // The picker offers the pegs that can move, then their destinations, in menus of at
    // most 25 (checked by `pick`).
    let played = app.click(
        &Caller::new(EN, HERE, an()),
        find(&board, |a| {
            matches!(
                a,
                Action::Picker {
                    at: PickerAt::Board,
                    ..
                }
            )
        }),
    );
    let pegs = choices(&answer(&played));
    assert!(!pegs.is_empty() && pegs.iter().all(|(_, l)| l.starts_with("Peg ")));
    let played = pick(&app, &board, &an(), "D2", "E6");
    let after = played
        .effects
        .edits
        .first()
        .expect("the board is edited")
        .msg
        .clone();
    assert!(after.text.contains("<@11> moved D2-E6"), "{}", after.text);
    assert!(after.text.contains("<@22>"), "Bình to move: {}", after.text);
    app.click(
        &Caller::new(EN, HERE, binh()),
        Action::ConfirmResign { game: id.cast() },
    );
    let finished = app
        .store()
        .finished(id.cast())
        .expect("read")
        .expect("kept");
    assert_eq!(finished.record.places, vec![0, 1], "Bình left: An first");
    let board = app
        .store()
        .leaderboard(GameKind::ChineseCheckers, GuildId::new(1), 0, 10)
        .expect("board");
    assert_eq!(board.total, 2);
    assert_eq!(board.rows[0].1.user, an().id);
    // Chinese checkers is rated by Weng-Lin on the Glicko scale (1500 ± 500 at the start).
    let (first, second) = (
        finished.record.rating_of(0).expect("rated"),
        finished.record.rating_of(1).expect("rated"),
    );
    assert_eq!(first.before.deviation.round(), 500.0);
    assert!(first.after.rating > 1500.0 && second.after.rating < 1500.0);
}

/// A game of three seats replayed from a record whose second seat resigned after the first
/// move: that seat is skipped, and the places, once the others leave, put it last.
#[test]
fn a_three_seat_table_skips_a_seat_that_left_and_ranks_it_last() {
    let rules = RuleChoice::ChineseCheckers(CheckersChoice::default())
        .rules(&Default::default())
        .expect("rules");
    let mut table = Table::start(&rules, 3).expect("three seats");
    assert_eq!(Table::seat_counts(GameKind::ChineseCheckers), &[2, 3, 4, 6]);
    assert!(Table::start(&rules, 5).is_err());
    let first = table.legal_moves()[0].value.clone();
    let player = |id| Player {
        id,
        name: format!("P{id}"),
        computer: None,
    };
    let mut record = GameRecord {
        id: GameId::new(1),
        guild: Some(GuildId::new(1)),
        channel: ChannelId::new(1),
        message: None,
        kind: GameKind::ChineseCheckers,
        seats: vec![
            player(UserId::new(1)),
            player(UserId::new(2)),
            player(UserId::new(3)),
        ],
        rules: rules.to_json().expect("json"),
        start: table.start_text(),
        moves: vec![first.clone()],
        retired: vec![Retired {
            seat: 1,
            why: Retirement::Resigned,
            ply: 1,
        }],
        created_ms: 0,
        locale: Locale::English,
        turn_ms: None,
        deadline_ms: None,
        tournament_round: None,
    };
    table.play(&first).expect("legal");
    assert_eq!(table.to_move(), Some(1));
    let replayed = Table::replay(&record).expect("replays");
    assert_eq!(replayed.to_move(), Some(2), "seat 1 left: seat 2 moves");
    assert_eq!(replayed.places(), None, "two still play");
    record.retired.push(Retired {
        seat: 2,
        why: Retirement::TimedOut,
        ply: 1,
    });
    let over = Table::replay(&record).expect("replays");
    assert_eq!(
        over.places(),
        Some(vec![0, 1, 1]),
        "the two who left share the last place"
    );
}

fn bot() -> UserRef {
    UserRef {
        id: UserId::new(99),
        name: String::from("oaq-bot"),
        bot: true,
    }
}

fn lobby_request(seats: Option<usize>) -> LobbyRequest {
    LobbyRequest {
        rules: RuleChoice::ChineseCheckers(CheckersChoice {
            play_on: Some(true),
            ..CheckersChoice::default()
        }),
        seats,
        computer: bot(),
    }
}

/// Issue 13: people join and leave a lobby, a seated player adds a computer, only the host
/// starts or closes it, and a full table starts by itself with a toss for the first move.
#[test]
fn a_lobby_seats_people_and_computers_and_starts_when_full() {
    let (app, _clock) = app();
    let cuong = user(33, "Cường");
    let posted = app.open_lobby(&Caller::new(EN, HERE, an()), lobby_request(Some(4)));
    let lobby = public(&posted).clone();
    check_limits(&lobby);
    assert!(
        lobby.text.contains("<@11> opened a table"),
        "{}",
        lobby.text
    );
    assert!(
        lobby.text.contains("1. blue (north): <@11>"),
        "{}",
        lobby.text
    );
    // One seated: the colours are those of a full table of four (N, NE, S, SW).
    assert!(
        lobby.text.contains("2. orange (north-east): *free*"),
        "{}",
        lobby.text
    );
    let id = challenge_id(&posted);
    let click = |who: &UserRef, action| app.click(&Caller::new(EN, HERE, who.clone()), action);
    let said = |r: &Response| private(r).to_owned();
    assert!(said(&click(&an(), Action::Join { lobby: id.cast() })).contains("already have a seat"));
    assert!(said(&click(&binh(), Action::Start { lobby: id.cast() })).contains("Only <@11>"));
    assert!(said(&click(&an(), Action::Start { lobby: id.cast() })).contains("cannot start with 1"));
    let add_easy = Action::Computer {
        lobby: id.cast(),
        add: Some(Level::Easy),
    };
    assert!(said(&click(&binh(), add_easy)).contains("join it first"));
    let joined = public(&click(&binh(), Action::Join { lobby: id.cast() })).clone();
    // Two players seated: the colours are those of a game of two (north and south).
    assert!(
        joined.text.contains("2. red (south): <@22>"),
        "{}",
        joined.text
    );
    let left = public(&click(&binh(), Action::Leave { lobby: id.cast() })).clone();
    assert!(
        left.text.contains("2. orange (north-east): *free*"),
        "{}",
        left.text
    );
    click(&binh(), Action::Join { lobby: id.cast() });
    let remove = Action::Computer {
        lobby: id.cast(),
        add: None,
    };
    assert!(said(&click(&binh(), remove)).contains("No computer"));
    let with_computer = public(&click(&binh(), add_easy)).clone();
    assert!(
        with_computer
            .text
            .contains("3. light blue (south-west): oaq-bot (easy)"),
        "{}",
        with_computer.text
    );
    assert!(public(&click(&an(), remove)).text.contains("3. *free*"));
    click(&binh(), add_easy);
    assert!(said(&click(&binh(), Action::Cancel { challenge: id })).contains("Only <@11>"));
    // The fourth seat fills the table: the game starts at once.
    let started = click(&cuong, Action::Join { lobby: id.cast() });
    let board = public(&started).clone();
    assert!(board.text.contains("Coin toss:"), "{}", board.text);
    assert!(board.picture().is_some());
    let record = app
        .store()
        .game(id.cast())
        .expect("read")
        .expect("started")
        .record;
    let ids: Vec<u64> = record.seats.iter().map(|p| p.id.get()).collect();
    assert_eq!(
        ids,
        vec![11, 22, 99, 33],
        "seated in the order they sat down"
    );
    assert_eq!(record.seats[2].computer, Some(Level::Easy));
    let table = Table::replay(&record).expect("replays");
    let first = table.to_move().expect("someone moves");
    assert_eq!(
        started.effects.computer.is_some(),
        first == 2,
        "the computer's first move is owed only when the toss chose it"
    );
    assert!(said(&click(&binh(), Action::Join { lobby: id.cast() })).contains("no longer open"));
}

/// A lobby's seat count must suit its rules, and a game of three with two sets each
/// seats each player on two opposite triangles.
#[test]
fn a_lobby_refuses_seat_counts_its_rules_do_not_allow() {
    let (app, _clock) = app();
    let refused = app.open_lobby(
        &Caller::new(EN, HERE, an()),
        lobby_request(Some(4)).with_sets(2),
    );
    assert!(private(&refused).contains("cannot start with 4 players: it needs 3"));
    let posted = app.open_lobby(
        &Caller::new(EN, HERE, an()),
        lobby_request(None).with_sets(2),
    );
    let lobby = public(&posted);
    assert!(lobby.text.contains("3 players"), "{}", lobby.text);
    assert!(
        lobby.text.contains("1. blue (north) + red (south): <@11>"),
        "{}",
        lobby.text
    );
}

trait WithSets {
    fn with_sets(self, sets: u8) -> Self;
}

impl WithSets for LobbyRequest {
    fn with_sets(mut self, sets: u8) -> LobbyRequest {
        if let RuleChoice::ChineseCheckers(choice) = &mut self.rules {
            choice.sets = Some(sets);
        }
        self
    }
}

/// The position of `record` after its moves, and the first legal move of the seat to move.
fn first_legal(record: &GameRecord) -> String {
    let table = Table::replay(record).expect("replays");
    table.legal_moves()[0].value.clone()
}

/// A seat that leaves a table of more seats is announced until every seat still playing has
/// had its turn since: a computer moving at once after a timeout does not wipe the news
/// before the people at the table have seen it.
#[test]
fn a_seat_that_left_is_announced_for_a_whole_round() {
    let (app, clock) = app();
    let rules = RuleChoice::ChineseCheckers(CheckersChoice {
        play_on: Some(true),
        ..CheckersChoice::default()
    })
    .rules(&Default::default())
    .expect("rules");
    let table = Table::start(&rules, 4).expect("four seats");
    assert_eq!(table.to_move(), Some(0));
    let person = |id, name: &str| Player {
        id,
        name: name.to_owned(),
        computer: None,
    };
    let computer = Player {
        id: UserId::new(99),
        name: String::from("oaq-bot"),
        computer: Some(Level::Easy),
    };
    let now = 1_700_000_000_000;
    let mut record = GameRecord {
        id: GameId::new(500),
        guild: HERE.guild,
        channel: HERE.channel,
        message: Some(MessageId::new(7)),
        kind: GameKind::ChineseCheckers,
        seats: vec![
            person(UserId::new(11), "An"),
            person(UserId::new(22), "Bình"),
            computer,
            person(UserId::new(33), "Cường"),
        ],
        rules: rules.to_json().expect("json"),
        start: table.start_text(),
        moves: Vec::new(),
        retired: Vec::new(),
        created_ms: now,
        locale: Locale::English,
        turn_ms: Some(TURN),
        deadline_ms: Some(now),
        tournament_round: None,
    };
    // An has moved; Bình, next, runs out of time, and the computer is owed its move.
    record.moves.push(first_legal(&record));
    app.store().create_game(&record).expect("stored");
    clock.advance_ms(1);
    let (edits, turns) = app.settle_turns();
    let left = "<@22> ran out of time and left the game; the others play on.";
    assert!(edits[0].msg.text.contains(left), "{}", edits[0].msg.text);
    let turn = turns
        .into_iter()
        .next()
        .expect("the computer's move is owed");
    // The computer moves at once: the board still says that Bình left, Cường to move.
    let moved = app.computer_move(turn).expect("the computer moves");
    let text = &moved.edit.msg.text;
    assert!(text.contains(left), "{text}");
    assert!(text.contains("<@33> to move."), "{text}");
    // Cường moves: An, who has not moved since, still reads it; once An has moved, the round
    // is over and the news is gone.
    for (mover, shown) in [(33, true), (11, false)] {
        let stored = app
            .store()
            .game(GameId::new(500))
            .expect("read")
            .expect("game");
        let mut record = stored.record;
        assert_eq!(
            Table::replay(&record).expect("replays").to_move(),
            record.seats.iter().position(|p| p.id == UserId::new(mover))
        );
        record.moves.push(first_legal(&record));
        record.deadline_ms = Some(now + TURN);
        app.store()
            .update_game(stored.revision, &record, false)
            .expect("moved");
        let board =
            public(&app.board(&Caller::new(EN, HERE, an()), GameKind::ChineseCheckers)).clone();
        assert_eq!(board.text.contains(left), shown, "{}", board.text);
    }
}

/// A table of `seats` (`None`: a person, `Some(level)`: a computer) with An, Bình … in the
/// people's seats, stored with its board posted as message 7: the game id is 600.
fn stored_table(app: &App, seats: &[Option<Level>]) -> GameRecord {
    let rules = RuleChoice::ChineseCheckers(CheckersChoice::default())
        .rules(&Default::default())
        .expect("rules");
    let table = Table::start(&rules, seats.len()).expect("seats");
    let now = 1_700_000_000_000;
    let record = GameRecord {
        id: GameId::new(600),
        guild: HERE.guild,
        channel: HERE.channel,
        message: Some(MessageId::new(7)),
        kind: GameKind::ChineseCheckers,
        seats: seats
            .iter()
            .enumerate()
            .map(|(seat, level)| Player {
                id: if level.is_some() {
                    UserId::new(99)
                } else {
                    UserId::new(11 * (seat as u64 + 1))
                },
                name: format!("oaq-bot, seat {seat} (easy)"),
                computer: *level,
            })
            .collect(),
        rules: rules.to_json().expect("json"),
        start: table.start_text(),
        moves: Vec::new(),
        retired: Vec::new(),
        created_ms: now,
        locale: Locale::English,
        turn_ms: Some(TURN),
        deadline_ms: Some(now + TURN),
        tournament_round: None,
    };
    app.store().create_game(&record).expect("stored");
    record
}

/// Whether a caption line says that `mv` (`from-to` or `pass`, as stored) was played.
fn describes(line: &str, mv: &str) -> bool {
    match mv.split_once('-') {
        Some((from, to)) => {
            let path = line.split(" moved ").nth(1).unwrap_or_default();
            (path.starts_with(&format!("{from}>")) || path.starts_with(&format!("{from}-")))
                && (path.ends_with(&format!(">{to}.")) || path.ends_with(&format!("-{to}.")))
        }
        None => line.ends_with("could not move and passed."),
    }
}

/// The caption's move lines.
fn move_lines(caption: &str) -> Vec<&str> {
    caption
        .lines()
        .filter(|l| l.contains(" moved ") || l.ends_with(" passed."))
        .collect()
}

/// Asserts that `caption` describes exactly the stored `moves`, a line each, in order.
fn assert_describes(caption: &str, moves: &[String]) {
    let lines = move_lines(caption);
    assert_eq!(lines.len(), moves.len(), "{moves:?} in {caption}");
    for (line, mv) in lines.iter().zip(moves) {
        assert!(describes(line, mv), "{mv} in {caption}");
    }
}

/// Issue 27: a person at a table of computers sees their own move and every computer turn
/// after it, a caption line each (and each path in the picture), on every board of the run
/// and on the board of their next turn.
#[test]
fn a_run_of_computer_turns_is_captioned_whole_after_the_persons_move() {
    let (app, _clock) = app();
    let easy = Some(Level::Easy);
    let mut record = stored_table(&app, &[None, easy, easy, easy]);
    // An moves (on the board of the first turn), then the computers, one after another.
    let stored = app
        .store()
        .game(GameId::new(600))
        .expect("read")
        .expect("game");
    record.moves.push(first_legal(&record));
    app.store()
        .update_game(stored.revision, &record, false)
        .expect("moved");
    let mut turn = app.computer_turns().into_iter().next();
    let mut boards = Vec::new();
    while let Some(owed) = turn {
        let moved = app.computer_move(owed).expect("the computer moves");
        check_limits(&moved.edit.msg);
        turn = moved.next;
        boards.push(moved.edit.msg);
    }
    assert_eq!(boards.len(), 3, "three computers in a row");
    let moves = app
        .store()
        .game(GameId::new(600))
        .expect("read")
        .expect("game")
        .record
        .moves;
    assert_eq!(moves.len(), 4);
    for (n, board) in boards.iter().enumerate() {
        assert_describes(&board.text, &moves[..n + 2]);
    }
    assert!(move_lines(&boards[2].text)[0].starts_with("<@11> moved"));
    assert!(
        boards[2].text.contains("<@11> to move."),
        "{}",
        boards[2].text
    );
    // The board An plays on (as `/chinese-checkers board` draws it) shows the same run, and
    // its picture draws the computers' paths too: it differs from a board of the last move.
    let board = public(&app.board(&Caller::new(EN, HERE, an()), GameKind::ChineseCheckers)).clone();
    assert_describes(&board.text, &moves);
    let picture = board.picture().map(<[u8]>::to_vec);
    assert!(picture.is_some());
    assert_ne!(picture, last_move_only(&app), "the run's paths are drawn");
    // Once An has moved again, the run starts over from that move.
    let stored = app
        .store()
        .game(GameId::new(600))
        .expect("read")
        .expect("game");
    let mut record = stored.record;
    record.moves.push(first_legal(&record));
    app.store()
        .update_game(stored.revision, &record, false)
        .expect("moved");
    let board = public(&app.board(&Caller::new(EN, HERE, an()), GameKind::ChineseCheckers)).clone();
    assert_describes(&board.text, &record.moves[4..]);
}

/// Game 600's board picture with the last move's path only, as a replay's frame draws it.
fn last_move_only(app: &App) -> Option<Vec<u8>> {
    let stored = app.store().game(GameId::new(600)).ok()??;
    let replayed = Table::replay(&stored.record).ok()?;
    let names: Vec<String> = stored.record.seats.iter().map(|p| p.name.clone()).collect();
    let ids: Vec<UserId> = stored.record.seats.iter().map(|p| p.id).collect();
    let situation = oaq_bot::app::games::Situation::ToMove {
        seat: replayed.to_move()?,
        person: true,
    };
    let scene = oaq_bot::app::games::Scene {
        locale: EN,
        game: GameId::new(600),
        names: &names,
        ids: &ids,
        situation: &situation,
        since: stored.record.moves.len() - 1,
    };
    let picture = replayed.picture(&oaq_bot::render::Fonts::load().ok()?, &scene, None);
    oaq_bot::render::encode::png(&picture).ok()
}

/// Issue 27: at a table of computers alone, a board shows every move since the last board
/// Discord is known to have received, so no move is lost when edits are merged; a run too
/// long for Discord's 2,000 characters keeps its latest moves and counts the others.
#[test]
fn computers_alone_show_every_move_since_the_last_board_discord_received() {
    let (app, _clock) = app();
    let seats = [Some(Level::Easy); 6];
    stored_table(&app, &seats);
    let mut turn = app.computer_turns().into_iter().next();
    let mut play = |n: usize| {
        let mut edits = Vec::new();
        for _ in 0..n {
            let moved = app
                .computer_move(turn.expect("a computer to move"))
                .expect("the computer moves");
            check_limits(&moved.edit.msg);
            turn = moved.next;
            edits.push(moved.edit);
        }
        edits
    };
    // Nothing received yet: the last round, one move a seat.
    let first = play(8);
    let moves = |app: &App| {
        app.store()
            .game(GameId::new(600))
            .expect("read")
            .expect("game")
            .record
            .moves
    };
    assert_describes(&first[7].msg.text, &moves(&app)[2..8]);
    // Discord took the board of move 8; the next boards show every move since, however many.
    app.edit_sent(&first[7], Sent::Done { posted: None });
    let run = play(80);
    let played = moves(&app);
    for (n, edit) in run.iter().enumerate().take(12) {
        assert_describes(&edit.msg.text, &played[8..9 + n]);
    }
    let last = &run[79].msg.text;
    assert!(last.chars().count() <= 2000);
    let lines = move_lines(last);
    assert!(lines.len() > 6 && lines.len() < 80, "{last}");
    let skipped = 80 - lines.len();
    assert!(
        last.contains(&format!("… {skipped} earlier moves are not shown.")),
        "{last}"
    );
    assert_describes(last, &played[88 - lines.len()..]);
    // Once Discord has that board, the next shows the one move after it.
    app.edit_sent(&run[79], Sent::Done { posted: None });
    let next = play(1);
    assert_describes(&next[0].msg.text, &moves(&app)[88..]);
}

/// Issue 27: the final board of a table of people and a computer gives each person their
/// record against the computer's level, counting the game just played (the computer, last
/// seat standing, won it against both).
#[test]
fn every_person_at_a_mixed_table_gets_their_record_against_the_computer() {
    let (app, _clock) = app();
    stored_table(&app, &[None, None, Some(Level::Easy)]);
    let tally = |user| {
        app.store()
            .bot_record(GameKind::ChineseCheckers, user)
            .expect("read")
            .tally(Level::Easy)
    };
    assert_eq!(
        (tally(UserId::new(11)).losses, tally(UserId::new(22)).losses),
        (0, 0)
    );
    app.click(
        &Caller::new(EN, HERE, an()),
        Action::ConfirmResign {
            game: GameId::new(600),
        },
    );
    let ended = app.click(
        &Caller::new(EN, HERE, binh()),
        Action::ConfirmResign {
            game: GameId::new(600),
        },
    );
    let board = ended
        .effects
        .edits
        .iter()
        .map(|edit| edit.msg.text.clone())
        .chain(match &ended.reply {
            Reply::Update(msg) | Reply::Post { msg, .. } => Some(msg.text.clone()),
            Reply::Private(_) | Reply::Launch => None,
        })
        .find(|text| text.contains("1st:"))
        .expect("the final board");
    for who in ["<@11>", "<@22>"] {
        let line = format!("{who}'s record against the easy computer: 0 wins, 0 draws, 1 loss.");
        assert!(board.contains(&line), "{board}");
    }
    assert_eq!(board.matches("record against").count(), 2, "{board}");
    for user in [11, 22] {
        let tally = tally(UserId::new(user));
        assert_eq!((tally.wins, tally.draws, tally.losses), (0, 0, 1));
    }
}
