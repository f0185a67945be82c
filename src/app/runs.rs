//! Which moves a board describes. Computer seats move one after another without waiting, and
//! the outbox may merge the edits that show them (a write asked for while another is under way
//! is made once, from a fresh drawing): so a board carries the whole run of moves it must
//! show, each with a caption line and (Chinese checkers) its path in the picture, and no move
//! is lost when edits merge.
//!
//! Decisions:
//! - While a person plays (has moved within the last round: as many moves as the table has
//!   seats), a board describes the moves since the last person's move, that move included: the
//!   person sees their move and every computer turn after it, however many edits were merged.
//! - At a table where no person plays (only computers, or the people have left or finished),
//!   a board describes the moves since the last board Discord is known to have received (an
//!   edit it took, an answer it showed, a board it posted): every move is then on some board
//!   Discord received, even if Discord only took one edit in ten. That knowledge lives in
//!   memory; after a restart the board describes the last round (one move per seat).
//! - Always at least the last move, and the caption within Discord's 2,000 characters: when
//!   a run does not fit, its oldest moves give way to a line that counts them (and the
//!   picture draws only the moves captioned).

use crate::app::state::App;
use crate::app::text::Text;
use crate::app::vocab::Shown;
use crate::ids::GameId;
use crate::locale::Locale;
use crate::store::GameRecord;

/// Discord's limit on a message's content, in characters.
pub const MAX_CONTENT: usize = 2000;

/// The first move (counted from 0) a board of `record` describes, `movers` telling the seat
/// that made each move and `received` how many moves the last board Discord received
/// showed, when known (see the module's decisions).
pub(super) fn run_start(record: &GameRecord, movers: &[usize], received: Option<u32>) -> usize {
    let plies = movers.len();
    let round_start = plies.saturating_sub(record.seats.len());
    let person = |seat: usize| {
        record
            .seats
            .get(seat)
            .is_some_and(|player| player.computer.is_none())
    };
    let from = match (round_start..plies).rev().find(|&ply| person(movers[ply])) {
        Some(ply) => ply,
        None => received.map_or(round_start, |shown| shown as usize),
    };
    from.min(plies.saturating_sub(1))
}

/// A board's caption: `head`, then the lines of the moves described from `since` on
/// (`moves(since)`, in `locale`), then `tail`, one line each, within [`MAX_CONTENT`]. When
/// it is too long, the oldest moves give way (never the last, at `last`) to a line counting
/// them; as a last resort the text is cut. Returns the caption and the first move it
/// describes.
pub(super) fn caption(
    locale: Locale,
    head: &[String],
    tail: &[String],
    (since, last): (usize, usize),
    moves: impl Fn(usize) -> Vec<String>,
) -> (String, usize) {
    let all = moves(since).len();
    // The caption describing the moves from `from` on; a game that does not caption its
    // moves one by one drops none.
    let from = |from: usize| {
        let lines = moves(from);
        let skipped = if lines.len() < all { from - since } else { 0 };
        let note = (skipped > 0).then(|| {
            Text::EarlierMoves {
                count: u32::try_from(skipped).unwrap_or(u32::MAX),
            }
            .render(locale)
        });
        let text = head
            .iter()
            .chain(note.as_ref())
            .chain(&lines)
            .chain(tail)
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join("\n");
        (text, from)
    };
    let whole = from(since);
    if fits(&whole.0) || since >= last {
        return (cut(whole.0), since);
    }
    let shortest = from(last);
    if !fits(&shortest.0) {
        return (cut(shortest.0), last);
    }
    // The fewest moves dropped that fit (dropping more never makes the caption longer).
    let (mut short, mut long) = (since + 1, last);
    while short < long {
        let middle = short + (long - short) / 2;
        if fits(&from(middle).0) {
            long = middle;
        } else {
            short = middle + 1;
        }
    }
    from(long)
}

fn fits(text: &str) -> bool {
    text.chars().count() <= MAX_CONTENT
}

/// `text`, cut to [`MAX_CONTENT`] characters (ending with "…") if it is longer.
fn cut(text: String) -> String {
    if fits(&text) {
        return text;
    }
    let mut cut: String = text.chars().take(MAX_CONTENT - 1).collect();
    cut.push('…');
    cut
}

impl App {
    /// Notes that Discord has a board showing `shown`; a finished game's board is the last
    /// one, and its game is forgotten.
    pub(super) fn board_received(&self, shown: Shown, finished: bool) {
        let mut received = self.received.lock();
        if finished {
            received.remove(&shown.game);
            return;
        }
        let plies = received.entry(shown.game).or_insert(shown.plies);
        *plies = (*plies).max(shown.plies);
    }

    /// How many moves the last board of `game` Discord received showed, if known.
    pub(super) fn received(&self, game: GameId) -> Option<u32> {
        self.received.lock().get(&game).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{ChannelId, GameId, GuildId, MessageId, UserId};
    use crate::store::{GameKind, Level, Player};

    fn table(computers: &[bool]) -> GameRecord {
        let seats = computers
            .iter()
            .enumerate()
            .map(|(seat, &computer)| Player {
                id: if computer {
                    UserId::new(99)
                } else {
                    UserId::new(seat as u64 + 1)
                },
                name: format!("P{seat}"),
                computer: computer.then_some(Level::Medium),
            })
            .collect();
        GameRecord {
            id: GameId::new(1),
            guild: Some(GuildId::new(1)),
            channel: ChannelId::new(1),
            message: Some(MessageId::new(1)),
            kind: GameKind::ChineseCheckers,
            seats,
            rules: serde_json::Value::Null,
            start: String::new(),
            moves: Vec::new(),
            retired: Vec::new(),
            created_ms: 0,
            turn_ms: None,
            deadline_ms: None,
            locale: Locale::English,
            tournament_round: None,
        }
    }

    #[test]
    fn a_person_sees_their_move_and_every_computer_turn_after_it() {
        // A person (seat 0) and three computers, turn after turn.
        let record = table(&[false, true, true, true]);
        let movers = [0, 1, 2, 3, 0, 1, 2];
        assert_eq!(run_start(&record, &movers, None), 4);
        assert_eq!(
            run_start(&record, &movers, Some(7)),
            4,
            "whatever was received"
        );
        assert_eq!(
            run_start(&record, &movers[..5], Some(2)),
            4,
            "their own move"
        );
        assert_eq!(run_start(&record, &movers[..4], None), 0);
        assert_eq!(run_start(&record, &[], None), 0, "no move yet");
    }

    #[test]
    fn people_alone_see_the_last_move() {
        let record = table(&[false, false, false]);
        assert_eq!(run_start(&record, &[0, 1, 2, 0, 1], Some(1)), 4);
    }

    #[test]
    fn computers_alone_are_shown_since_the_last_board_discord_received() {
        let record = table(&[true; 6]);
        let movers: Vec<usize> = (0..20).map(|ply| ply % 6).collect();
        assert_eq!(run_start(&record, &movers, Some(11)), 11);
        assert_eq!(
            run_start(&record, &movers, Some(20)),
            19,
            "at least the last"
        );
        assert_eq!(
            run_start(&record, &movers, None),
            14,
            "unknown: the last round"
        );
        // A person who stopped moving a round ago no longer holds the run back.
        let mut record = table(&[false, true, true]);
        record.seats[0].computer = None;
        let movers = [0, 1, 2, 1, 2, 1, 2, 1, 2];
        assert_eq!(run_start(&record, &movers, Some(5)), 5);
    }

    fn lines(n: usize, width: usize) -> Vec<String> {
        (0..n).map(|i| format!("{i:0width$}")).collect()
    }

    #[test]
    fn a_caption_that_fits_is_whole() {
        let head = vec![String::from("head")];
        let tail = vec![String::from("tail")];
        let (text, since) = caption(Locale::English, &head, &tail, (2, 5), |from| {
            lines(6, 3)[from..].to_vec()
        });
        assert_eq!(text, "head\n002\n003\n004\n005\ntail");
        assert_eq!(since, 2);
    }

    #[test]
    fn the_oldest_moves_give_way_to_a_count_when_a_run_is_too_long() {
        let tail = vec![String::from("the standings")];
        let all = lines(300, 60);
        let (text, since) = caption(Locale::English, &[], &tail, (0, 299), |from| {
            all[from..].to_vec()
        });
        assert!(text.chars().count() <= MAX_CONTENT, "{}", text.len());
        assert!(
            text.ends_with(&format!("{}\nthe standings", all[299])),
            "{text}"
        );
        let shown = 300 - since;
        assert!(shown > 20 && shown < 40, "{shown}");
        assert!(
            text.starts_with(&format!("… {since} earlier moves are not shown.\n")),
            "{text}"
        );
        assert!(text.contains(&all[since]));
        // One more line would not have fitted.
        let longer: usize = all[since - 1..].iter().map(|l| l.len() + 1).sum();
        assert!(longer + tail[0].len() + 40 > MAX_CONTENT);
    }

    #[test]
    fn a_caption_too_long_without_its_moves_is_cut() {
        let head = vec!["x".repeat(3000)];
        let (text, since) = caption(Locale::English, &head, &[], (0, 3), |from| {
            lines(4, 2)[from..].to_vec()
        });
        assert_eq!(text.chars().count(), MAX_CONTENT);
        assert!(text.ends_with('…'));
        assert_eq!(since, 3, "the last move only");
    }
}
