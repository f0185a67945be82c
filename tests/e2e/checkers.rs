//! End to end, issue 13: Chinese checkers tables of several players through the real binary.
//! A lobby filled by three people and a computer, played to the end with the picker, one
//! person timing out (and the bot killed and restarted while their clock runs), the rest
//! finishing in order, then the ratings of the three people; a table of six computers to the
//! end; a game of two with three sets each.

use std::path::Path;

use super::*;
use oaq_bot::games::chinese_checkers::{Hole, Triangle};
use oaq_bot::store::{GameKind, Store};
use support::{start_bot_with, Bot, Callback};

const TABLE_CHANNEL: u64 = 500_000_000_000_000_051;
const COMPUTERS_CHANNEL: u64 = 500_000_000_000_000_052;
const SETS_CHANNEL: u64 = 500_000_000_000_000_053;

/// Seconds a person has for a move in these tests.
const TURN_S: &str = "6";

fn cuong() -> FakeUser {
    FakeUser::new(44, "Cường")
}

fn start(root: &Path, fake: &FakeDiscord) -> Bot {
    start_bot_with(
        root,
        &fake.base,
        600,
        &[("OAQ_GAME__TURN_TIMEOUT_SECONDS", TURN_S)],
    )
}

/// `/chinese-checkers new` with `options` as `user`; returns the lobby's message id.
async fn new_table(fake: &FakeDiscord, user: &FakeUser, channel: u64, options: Vec<Value>) -> u64 {
    let token = fake.slash_to(user, channel, "chinese-checkers", "new", options, vec![]);
    let posted = fake.callback(&token).await;
    assert!(
        posted
            .content()
            .contains("opened a table of **Chinese checkers**"),
        "{}",
        posted.content()
    );
    posted.message.expect("the lobby message")
}

/// Chooses `level` in the lobby's computer menu as `user`.
async fn add_computer(fake: &FakeDiscord, user: &FakeUser, lobby: u64, level: &str) -> Callback {
    let menu = fake.message(lobby).selects().remove(0);
    let token = fake.select(user, lobby, &menu.custom_id, &[level]);
    fake.callback(&token).await
}

/// Clicks the button labelled `label` of message `id` as `user`.
async fn click_label(fake: &FakeDiscord, user: &FakeUser, id: u64, label: &str) -> Callback {
    let token = fake.click(user, id, &button(&fake.message(id), label));
    fake.callback(&token).await
}

/// How to choose an offer: a menu's id and the option's value, or a button's id.
type Offer = Result<(String, String), String>;

/// What a picker message offers: (label, how to choose it).
fn offers(message: &support::Message) -> Vec<(String, Offer)> {
    let mut offers: Vec<_> = message
        .selects()
        .into_iter()
        .flat_map(|s| {
            s.options
                .into_iter()
                .map(move |(label, value)| (label, Ok((s.custom_id.clone(), value))))
        })
        .collect();
    offers.extend(
        message
            .buttons()
            .into_iter()
            .flatten()
            .filter(|(_, label, _)| label != "Back")
            .map(|(id, label, _)| (label, Err(id))),
    );
    offers
}

/// Chooses an offer of picker message `id`; returns the answer.
async fn take(fake: &FakeDiscord, user: &FakeUser, id: u64, how: &Offer) -> Callback {
    let token = match how {
        Ok((menu, value)) => fake.select(user, id, menu, &[value]),
        Err(button) => fake.click(user, id, button),
    };
    fake.callback(&token).await
}

/// The hole a picker label names last (`Peg D2`, `Step to E6`, `Hop to H6 (D2>F4>H6)`).
fn hole_of(label: &str) -> Option<Hole> {
    let before_path = label.split(" (").next()?;
    before_path.rsplit(' ').next()?.parse().ok()
}

/// Plays a move as `user`, whose goal triangle's tip is `tip`, through the board's picker:
/// of their three rearmost pegs, the step or hop chain that gains the most towards the goal
/// (a pass when it is the only move). Returns the picker's last answer, or `None` when the
/// board shown was not yet the latest (the picker answers with the current position).
async fn play_forward(
    fake: &FakeDiscord,
    user: &FakeUser,
    board_id: u64,
    tip: Hole,
) -> Option<Callback> {
    let opened = click_label(fake, user, board_id, "Pick a move").await;
    assert!(opened.ephemeral(), "{}", opened.content());
    if !opened.content().starts_with("Your move") {
        return None;
    }
    let picker = opened.message.expect("the picker");
    let pegs = offers(&fake.message(picker));
    if let Some((_, how)) = pegs.iter().find(|(l, _)| l.starts_with("Pass")) {
        return Some(take(fake, user, picker, how).await);
    }
    let distance = |h: Hole| i64::from(h.distance(tip));
    let mut rearmost: Vec<_> = pegs
        .iter()
        .filter_map(|(label, how)| Some((hole_of(label)?, how.clone())))
        .collect();
    rearmost.sort_by_key(|(h, _)| std::cmp::Reverse(distance(*h)));
    let mut best: Option<(i64, usize, String)> = None;
    for (index, (from, how)) in rearmost.iter().take(3).enumerate() {
        let answer = take(fake, user, picker, how).await;
        let targets = offers(&fake.message(picker));
        assert!(!targets.is_empty(), "{answer:?} {:?}", fake.message(picker));
        for (label, _) in &targets {
            if let Some(to) = hole_of(label) {
                let gain = distance(*from) - distance(to);
                if best.as_ref().is_none_or(|(g, _, _)| gain > *g) {
                    best = Some((gain, index, label.clone()));
                }
            }
        }
        click_label(fake, user, picker, "Back").await;
    }
    let (_, index, label) = best.expect("a peg with somewhere to go");
    take(fake, user, picker, &rearmost[index].1).await;
    let targets = offers(&fake.message(picker));
    let (_, how) = targets
        .iter()
        .find(|(l, _)| *l == label)
        .expect("the chosen target");
    let answer = take(fake, user, picker, how).await;
    assert!(
        answer.content().starts_with("You played"),
        "{}",
        answer.content()
    );
    Some(answer)
}

/// Runs the engine command a replay's record names (`oaq-bot engine chinese-checkers replay
/// --start "…" --rule …`) on its moves; returns what it printed.
fn replay_with_engine(record: &str) -> String {
    let command = record
        .lines()
        .find_map(|l| l.split("oaq-bot ").nth(1))
        .expect("the engine command");
    let start = command.split('"').nth(1).expect("the start position");
    let mut args = vec!["engine", "chinese-checkers", "replay", "--start", start];
    for rule in command.split("--rule ").skip(1) {
        args.extend(["--rule", rule.split_whitespace().next().unwrap_or_default()]);
    }
    let moves: String = record
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("```") && !l.contains("Replay of game"))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_oaq-bot"))
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the engine");
    use std::io::Write as _;
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(moves.as_bytes())
        .expect("the record");
    let output = child.wait_with_output().expect("the engine ran");
    assert!(output.status.success(), "{args:?}");
    String::from_utf8(output.stdout).expect("text")
}

/// The goal tip of the player seated at `triangle`.
fn goal_tip(triangle: usize) -> Hole {
    Triangle::ALL[triangle].opposite().tip()
}

/// Whether a board shows a finished game (its standings).
fn finished(message: &support::Message) -> bool {
    message.content.contains("1st:")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_people_and_a_computer_play_a_table_to_the_end_and_are_rated() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let bot = start(root.path(), &fake);
    fake.wait_ready(1).await;
    let players = json!({ "name": "players", "type": 4, "value": 2 });
    let play_on = json!({ "name": "play-on", "type": 5, "value": true });
    let lobby = new_table(&fake, &an(), TABLE_CHANNEL, vec![players, play_on]).await;
    let game_id: u64 = button(&fake.message(lobby), "Join")
        .split(':')
        .nth(2)
        .and_then(|id| id.parse().ok())
        .expect("the lobby's id");
    let text = fake.message(lobby).content;
    assert!(
        text.contains("\n4. ") && !text.contains("\n5. "),
        "four seats: {text}"
    );

    // Bình joins, tries to sit twice; a stranger may not add a computer; Cường joins; An
    // adds a computer and the full table starts.
    assert_eq!(click_label(&fake, &binh(), lobby, "Join").await.kind, 7);
    let twice = click_label(&fake, &binh(), lobby, "Join").await;
    assert!(
        twice.content().contains("already have a seat"),
        "{}",
        twice.content()
    );
    let stranger = add_computer(&fake, &chi(), lobby, "medium").await;
    assert!(
        stranger.content().contains("join it first"),
        "{}",
        stranger.content()
    );
    assert_eq!(click_label(&fake, &cuong(), lobby, "Join").await.kind, 7);
    let started = add_computer(&fake, &an(), lobby, "medium").await;
    assert_eq!(started.kind, 7, "{}", started.content());
    let text = started.content();
    assert!(text.contains("Coin toss: <@"), "{text}");
    let board_id = lobby;
    // Seats in the order they sat: An N, Bình NE, Cường S, the computer SW.
    let people = [(an(), 0), (binh(), 1), (cuong(), 3)];
    let tip_of = |user: &FakeUser| {
        people
            .iter()
            .find(|(p, _)| p.id == user.id)
            .map(|(_, t)| goal_tip(*t))
    };

    // Wait for a person's turn (the computer may move first).
    let board = fake
        .wait_message(board_id, "a person to move", |m| {
            to_move(&m.content).is_some()
        })
        .await;
    let mover = to_move(&board.content).expect("someone to move");
    let mover = people
        .iter()
        .map(|(p, _)| p.clone())
        .find(|p| p.id == mover)
        .expect("a person");

    // A player out of turn, a stale picker, and a double click.
    let other = people
        .iter()
        .map(|(p, _)| p.clone())
        .find(|p| p.id != mover.id)
        .expect("another");
    let wrong = click_label(&fake, &other, board_id, "Pick a move").await;
    assert!(
        wrong.content().contains("turn, not yours"),
        "{}",
        wrong.content()
    );
    let old = click_label(&fake, &mover, board_id, "Pick a move").await;
    let old_picker = old.message.expect("a picker");
    let old_peg = offers(&fake.message(old_picker)).remove(0).1;
    let opened = click_label(&fake, &mover, board_id, "Pick a move").await;
    let picker = opened.message.expect("a picker");
    take(
        &fake,
        &mover,
        picker,
        &offers(&fake.message(picker)).remove(0).1,
    )
    .await;
    let (_, target) = offers(&fake.message(picker)).remove(0);
    let (Err(button_id) | Ok((button_id, _))) = target.clone();
    let first = match &target {
        Ok((menu, value)) => fake.select(&mover, picker, menu, &[value]),
        Err(_) => fake.click(&mover, picker, &button_id),
    };
    let second = match &target {
        Ok((menu, value)) => fake.select(&mover, picker, menu, &[value]),
        Err(_) => fake.click(&mover, picker, &button_id),
    };
    let answers = [fake.callback(&first).await, fake.callback(&second).await];
    let played = answers
        .iter()
        .filter(|a| a.content().starts_with("You played"))
        .count();
    assert_eq!(played, 1, "one of two clicks plays: {answers:?}");
    assert!(
        answers.iter().any(|a| a.content().contains("out of date")),
        "{answers:?}"
    );
    let stale = take(&fake, &mover, old_picker, &old_peg).await;
    assert!(
        stale.content().contains("out of date"),
        "{}",
        stale.content()
    );

    // Play on: people move forward through the picker; Cường never moves again and runs out
    // of time, while the bot is killed and restarted during his turn.
    let mut bot = Some(bot);
    let mut restarted = false;
    let mut cuong_left = false;
    let mut moves = 1;
    loop {
        let board = fake
            .wait_message(board_id, "a person to move or the end", |m| {
                finished(m) || to_move(&m.content).is_some()
            })
            .await;
        if finished(&board) {
            break;
        }
        let mover = to_move(&board.content).expect("a person to move");
        assert!(moves < 600, "the table ends: {}", board.content);
        if mover == cuong().id {
            assert!(!cuong_left, "Cường left and is skipped");
            if !restarted {
                drop(bot.take()); // SIGKILL while his clock runs
                bot = Some(start(root.path(), &fake));
                fake.wait_ready(2).await;
                restarted = true;
            }
            // The computer, next, may replace this board within milliseconds.
            let board = fake
                .wait_content(board_id, "Cường to run out of time", |content| {
                    content.contains("<@44> ran out of time and left the game")
                })
                .await;
            cuong_left = true;
            assert!(board.contains("the others play on"), "{board}");
            continue;
        }
        let user = people
            .iter()
            .map(|(p, _)| p.clone())
            .find(|p| p.id == mover)
            .expect("a person");
        let before = fake.message(board_id).edits;
        let tip = tip_of(&user).expect("a goal");
        if play_forward(&fake, &user, board_id, tip).await.is_none() {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            continue;
        }
        fake.wait_message(board_id, "the move on the board", |m| m.edits > before)
            .await;
        moves += 1;
    }
    assert!(cuong_left && restarted);
    let last = fake.message(board_id);
    let text = &last.content;
    // Standings: those who got home in order, then the one still playing, Cường last.
    assert!(text.contains("4th: <@44>"), "{text}");
    for line in ["1st: <@", "2nd: <@", "3rd: <@"] {
        assert!(text.contains(line), "{text}");
    }
    // The three people are rated (Weng-Lin, on the Glicko scale); the computer is not.
    for name in ["An", "Bình", "Cường"] {
        assert!(text.contains(&format!("{name}: rating 1500 →")), "{text}");
    }
    assert_eq!(text.matches(" → ").count(), 3, "{text}");
    assert!(
        last.buttons().into_iter().flatten().next().is_none(),
        "no rematch at a table"
    );
    // Issue 27: each person's record against the medium computer, this game counted; Cường,
    // who left, lost to it.
    for id in [an().id, binh().id, cuong().id] {
        let start = format!("<@{id}>'s record against the medium computer: ");
        let line = text
            .lines()
            .find(|l| l.starts_with(&start))
            .unwrap_or_else(|| panic!("{text}"));
        let one_game = [
            "1 win, 0 draws, 0 losses.",
            "0 wins, 1 draw, 0 losses.",
            "0 wins, 0 draws, 1 loss.",
        ];
        assert!(one_game.iter().any(|r| line.ends_with(r)), "{line}");
    }
    assert!(
        text.contains("<@44>'s record against the medium computer: 0 wins, 0 draws, 1 loss."),
        "{text}"
    );

    // The replay: a GIF, and the record, which the engine's command line replays to the same
    // places (Cường, the third seat, fourth).
    let game = json!({ "name": "game", "type": 4, "value": game_id });
    let token = fake.slash_to(
        &binh(),
        TABLE_CHANNEL,
        "chinese-checkers",
        "replay",
        vec![game],
        vec![],
    );
    let replay = fake.followup(&token).await;
    assert_eq!(replay.attachments[0].name, "replay.gif");
    assert!(
        replay.content.contains("<@11> vs <@22> vs <@44> vs <@"),
        "{}",
        replay.content
    );
    let record = match replay.attachment(&format!("game-{game_id}.txt")) {
        Some(file) => String::from_utf8(file.bytes.clone()).expect("text"),
        None => replay.content.clone(),
    };
    let replayed = replay_with_engine(&record);
    let places = replayed.lines().last().expect("the places");
    let places: Vec<&str> = places
        .strip_prefix("places: ")
        .unwrap_or_else(|| panic!("{replayed}"))
        .split(' ')
        .collect();
    assert_eq!(places.len(), 4);
    assert_eq!(places[2], "4", "Cường left: {replayed}");
    for (seat, who) in [(0, "<@11>"), (1, "<@22>")] {
        let line = text
            .lines()
            .find(|l| l.contains(who) && l.contains(": <@"))
            .expect("a standing");
        let place = places[seat].parse::<usize>().expect("a place");
        assert!(
            line.contains(["1st", "2nd", "3rd"][place - 1]),
            "{line} vs {replayed}"
        );
    }

    drop(bot);
    let store = Store::open(&root.path().join("data")).expect("the store");
    let board = store
        .leaderboard(GameKind::ChineseCheckers, GuildId::new(GUILD_ID), 0, 10)
        .expect("the leaderboard");
    assert_eq!(board.total, 3, "three people rated");
    let top = board.rows[0].1.user;
    assert!(
        text.contains(&format!("1st: <@{top}>")) || text.contains(&format!("2nd: <@{top}>")),
        "a finisher leads the leaderboard: {text}"
    );
    assert_eq!(
        board.rows[2].1.user,
        UserId::new(cuong().id),
        "who left is last"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn six_computers_play_a_table_to_the_end() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let bot = start(root.path(), &fake);
    fake.wait_ready(1).await;
    let lobby = new_table(&fake, &an(), COMPUTERS_CHANNEL, Vec::new()).await;
    let text = fake.message(lobby).content;
    assert!(
        text.contains("\n6. ") && text.contains("2/3/4/6 players"),
        "{text}"
    );
    // The host gives up their seat (and stays the host) and seats six computers.
    let left = click_label(&fake, &an(), lobby, "Leave").await;
    assert!(
        left.content().contains("1. blue (north): *free*"),
        "{}",
        left.content()
    );
    for (i, level) in ["easy", "medium", "easy", "medium", "easy", "medium"]
        .iter()
        .enumerate()
    {
        let answer = add_computer(&fake, &an(), lobby, level).await;
        assert_eq!(answer.kind, 7, "{}", answer.content());
        if i < 5 {
            assert!(answer.content().contains(&format!("{}. ", i + 1)));
        }
    }
    let last = fake
        .wait_for(240, "the computers to finish", |f| {
            let m = f.message(lobby);
            finished(&m).then_some(m)
        })
        .await;
    // Standings name each computer seat by its level (one account plays them all).
    let standings: Vec<&str> = last
        .content
        .lines()
        .filter(|l| l.contains(": oaq ("))
        .collect();
    assert_eq!(standings.len(), 6, "{}", last.content);
    assert!(
        standings[0].starts_with("🥇 1st: oaq ("),
        "{}",
        last.content
    );
    assert!(!last.content.contains(" → "), "computers are not rated");
    assert_eq!(last.attachments.len(), 1, "the final picture");

    // Issue 27: every move of the record was on the board, a caption line each, however
    // Discord's edits were merged: the message's history holds them all.
    drop(bot);
    let captions: Vec<String> = last
        .earlier
        .iter()
        .chain([&last.content])
        .cloned()
        .collect();
    for caption in &captions {
        assert!(caption.chars().count() <= 2000, "{caption}");
    }
    let store = Store::open(&root.path().join("data")).expect("the store");
    let game = store
        .recent_in_guild(GuildId::new(GUILD_ID), GameKind::ChineseCheckers, 10)
        .expect("the history")
        .into_iter()
        .find(|g| g.game.channel == ChannelId::new(COMPUTERS_CHANNEL))
        .expect("the table's game")
        .game;
    assert!(game.moves.len() > 60, "{} moves", game.moves.len());
    let seen = described_moves(&captions, &game.moves);
    let missing: Vec<String> = (0..seen.len())
        .filter(|&ply| !seen[ply])
        .map(|ply| format!("{} {}", ply + 1, game.moves[ply]))
        .collect();
    assert!(
        missing.is_empty(),
        "{} of {} moves never shown: {missing:?}",
        missing.len(),
        game.moves.len()
    );
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

/// Which moves of `record` (as stored) the `captions` describe, in the order Discord took
/// them: each caption's move lines are a run of the record's moves, found from where the
/// previous caption's run began.
fn described_moves(captions: &[String], record: &[String]) -> Vec<bool> {
    let mut seen = vec![false; record.len()];
    let mut from = 0;
    for caption in captions {
        let lines: Vec<&str> = caption
            .lines()
            .filter(|l| l.contains(" moved ") || l.ends_with(" passed."))
            .collect();
        let matches = |start: usize| {
            lines
                .iter()
                .enumerate()
                .all(|(i, line)| record.get(start + i).is_some_and(|mv| describes(line, mv)))
        };
        if lines.is_empty() {
            continue;
        }
        if let Some(start) = (from..record.len()).chain(0..from).find(|&s| matches(s)) {
            seen[start..start + lines.len()].fill(true);
            from = start;
        }
    }
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_with_three_sets_each() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let _bot = start(root.path(), &fake);
    fake.wait_ready(1).await;
    let sets = json!({ "name": "sets", "type": 4, "value": 2 });
    let lobby = new_table(&fake, &an(), SETS_CHANNEL, vec![sets]).await;
    let text = fake.message(lobby).content;
    assert!(text.contains("2 players"), "{text}");
    assert!(
        text.contains("1. blue (north) + green (south-east) + light blue (south-west): <@11>"),
        "{text}"
    );
    let started = click_label(&fake, &binh(), lobby, "Join").await;
    assert!(
        started.content().contains("Coin toss"),
        "{}",
        started.content()
    );
    // The first player types a move, with the legal moves suggested.
    let mover = to_move(started.content()).expect("a player to move");
    let mover = if mover == an().id { an() } else { binh() };
    let typed = json!({ "name": "move", "type": 3, "value": "", "focused": true });
    let token = fake.autocomplete(
        &mover,
        SETS_CHANNEL,
        "chinese-checkers",
        "move",
        vec![typed],
    );
    let choices = fake.choices(&token).await;
    assert!(!choices.is_empty() && choices.len() <= 25, "{choices:?}");
    let (_, value) = choices[0].clone();
    let option = json!({ "name": "move", "type": 3, "value": value });
    let before = fake.message(lobby).edits;
    let token = fake.slash_to(
        &mover,
        SETS_CHANNEL,
        "chinese-checkers",
        "move",
        vec![option],
        vec![],
    );
    let answer = fake.callback(&token).await;
    assert!(
        answer.content().contains(&format!("`{value}`")),
        "{}",
        answer.content()
    );
    fake.wait_message(lobby, "the typed move", |m| m.edits > before)
        .await;
    // Each moves a peg of each of their three sets in turn: the goals of An's sets and of
    // Bình's, round by round.
    for tips in [[3, 4], [5, 0], [1, 2]] {
        for _ in 0..2 {
            let board = fake
                .wait_message(lobby, "a turn", |m| to_move(&m.content).is_some())
                .await;
            let mover = to_move(&board.content).expect("a player");
            let (user, seat) = if mover == an().id {
                (an(), 0)
            } else {
                (binh(), 1)
            };
            let before = board.edits;
            let tip = goal_tip(tips[seat]);
            play_forward(&fake, &user, lobby, tip)
                .await
                .expect("the board shown is the latest");
            fake.wait_message(lobby, "the move", |m| m.edits > before)
                .await;
        }
    }
    let board = fake.message(lobby);
    assert_eq!(
        board.content.matches("moved").count(),
        1,
        "{}",
        board.content
    );
    let mover = to_move(&board.content).expect("a player");
    let resigner = if mover == an().id { an() } else { binh() };
    let ask = click_label(&fake, &resigner, lobby, "Resign").await;
    let confirm = ask.message.expect("the confirmation");
    click_label(&fake, &resigner, confirm, "Yes").await;
    let last = fake
        .wait_message(lobby, "the end", |m| m.content.contains("resigned"))
        .await;
    assert!(last.content.contains("wins!"), "{}", last.content);
}
