//! Ô ăn quan's part of the catalogue: move captions, the picture's words, the rules and the
//! illegal-move reasons. The words are in `assets/locales/<lang>/oaq.ftl`; the shell carries
//! these messages as [`Text::Oaq`](super::Text::Oaq).

use strum::IntoEnumIterator;

use super::bundle::{self, flag, number, text, Args};
use super::words::mention;
use crate::games::oaq::{
    EndReason, EndRule, IllegalMove, NextQuanNonempty, NoFirstQuan, Preset, RefillShort, Rules,
};
use crate::ids::UserId;
use crate::locale::Locale;

/// One message of Ô ăn quan's part, with its arguments. Its [`OaqTextKey`] in kebab-case
/// (`MoveSummary` → `move-summary`) is the message's id in `oaq.ftl`.
#[derive(Debug, Clone, PartialEq, Eq, strum::EnumDiscriminants)]
#[strum_discriminants(
    name(OaqTextKey),
    derive(Hash, strum::EnumIter, strum::IntoStaticStr),
    strum(serialize_all = "kebab-case")
)]
pub enum OaqText {
    /// The name of a game's rules (Ô ăn quan: the preset, and the mandarin's value if not
    /// the preset's), as in "standard rules".
    RulesName {
        /// The rules.
        rules: Rules,
    },
    /// The server's default Ô ăn quan rules, in the settings summary.
    DefaultRules {
        /// The rules.
        rules: Rules,
    },
    /// Caption: a move described.
    MoveSummary {
        /// The mover.
        mover: UserId,
        /// The square number (1–5 from the mover's left).
        label: u8,
        /// Whether the stones travelled right on the picture.
        right: bool,
        /// Relays made.
        relays: u32,
        /// Citizens captured.
        citizens: u32,
        /// Mandarins captured: (West, East).
        mandarins: (bool, bool),
    },
    /// Caption: a refill.
    Refilled {
        /// Who refilled.
        player: UserId,
        /// Points borrowed (0 when the refill was paid from captures).
        borrowed: u8,
    },
    /// Caption: captured totals.
    Totals {
        /// South's name.
        south: String,
        /// South's total.
        south_points: i16,
        /// North's name.
        north: String,
        /// North's total.
        north_points: i16,
    },
    /// Caption: the game ended on the board.
    GameEnded {
        /// Why.
        reason: EndReason,
    },
    /// Caption: one side's final count.
    FinalCount {
        /// Player name.
        name: String,
        /// Points captured before the count.
        captured: i16,
        /// Citizens collected from their row.
        collected: u8,
    },
    /// Picture: title.
    BoardTitle {
        /// The rules.
        rules: Rules,
    },
    /// Picture: a player's captured total.
    PanelCaptured {
        /// Points.
        points: i16,
    },
    /// Picture: whose turn.
    StatusToMove {
        /// Name.
        name: String,
    },
    /// Picture: the winner and the score.
    StatusWins {
        /// Name.
        name: String,
        /// Winner's points.
        high: i16,
        /// Loser's points.
        low: i16,
    },
    /// Picture: a win by resignation.
    StatusResigned {
        /// The winner's name.
        name: String,
    },
    /// Picture: a draw.
    StatusDraw {
        /// Each side's points.
        points: i16,
    },
    /// Refusal: the engine rejected the move.
    Illegal(IllegalMove),
    /// Picture status line.
    StatusTimedOut {
        /// The winner's name.
        name: String,
    },
    /// `/oaq rules`: a summary of the rules.
    RulesSummary {
        /// The rules.
        rules: Rules,
        /// Whether these are the rules of the channel's game (otherwise the default).
        in_play: bool,
    },
    /// `/oaq help`: how to play Ô ăn quan with the bot.
    Help,
}

/// Fragments of `oaq.ftl` that Rust renders or other messages refer to.
const FRAGMENTS: [&str; 15] = [
    "preset-name",
    "captured-stones",
    "captured-west",
    "captured-east",
    "list-and",
    "rules-sowing",
    "rules-capturing",
    "rules-values",
    "rules-empty-mandarin",
    "rules-occupied-mandarin",
    "rules-young-mandarin",
    "rules-first-move",
    "rules-refill",
    "rules-end",
    "rules-safety-valves",
];

/// Every message id Ô ăn quan's part uses: one per [`OaqTextKey`] and the fragments.
pub fn ids() -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = OaqTextKey::iter().map(<&'static str>::from).collect();
    ids.extend(FRAGMENTS);
    ids
}

/// The arguments that name `rules` (see `rules-name`): the preset they start from, and the
/// mandarin's value when it is not the preset's.
fn rules_name(rules: &Rules) -> Args {
    let base = Preset::ALL.into_iter().find(|p| {
        Rules {
            quan_value: rules.quan_value,
            ..p.rules()
        } == *rules
    });
    let preset = match base {
        Some(Preset::Standard) => "standard",
        Some(Preset::Folk) => "folk",
        Some(Preset::Young) => "young",
        None => "custom",
    };
    let changed = base.is_some_and(|p| p.rules().quan_value != rules.quan_value);
    vec![
        ("preset", text(preset)),
        ("changed_value", flag(changed)),
        ("quan_value", text(rules.quan_value)),
    ]
}

/// What a move captured, listed: "6 stones and the West mandarin".
fn captured(citizens: u32, mandarins: (bool, bool), locale: Locale) -> (usize, String) {
    let mut taken = Vec::new();
    if citizens > 0 {
        taken.push(bundle::message(
            locale,
            "captured-stones",
            vec![("n", number(citizens))],
        ));
    }
    if mandarins.0 {
        taken.push(bundle::message(locale, "captured-west", Vec::new()));
    }
    if mandarins.1 {
        taken.push(bundle::message(locale, "captured-east", Vec::new()));
    }
    let count = taken.len();
    let list = match taken.pop() {
        None => String::new(),
        Some(last) if taken.is_empty() => last,
        Some(last) => bundle::message(
            locale,
            "list-and",
            vec![("init", text(taken.join(", "))), ("last", text(last))],
        ),
    };
    (count, list)
}

/// The rules described, one line each (`/oaq rules`).
fn rules_summary(rules: &Rules, in_play: bool, locale: Locale) -> String {
    let line = |id: &str, rule: &str| bundle::message(locale, id, vec![("rule", text(rule))]);
    let mut heading = rules_name(rules);
    heading.push(("in_play", flag(in_play)));
    let mut lines = vec![
        bundle::message(locale, "rules-summary", heading),
        bundle::message(locale, "rules-sowing", Vec::new()),
        bundle::message(locale, "rules-capturing", Vec::new()),
        bundle::message(
            locale,
            "rules-values",
            vec![("quan_value", text(rules.quan_value))],
        ),
        bundle::message(
            locale,
            "rules-empty-mandarin",
            vec![("gap", flag(rules.empty_mandarin_is_gap))],
        ),
        line(
            "rules-occupied-mandarin",
            match rules.next_quan_nonempty {
                NextQuanNonempty::End => "end",
                NextQuanNonempty::TakeOne => "take_one",
            },
        ),
    ];
    if rules.quan_non > 0 {
        let quan_non = vec![("quan_non", text(rules.quan_non))];
        lines.push(bundle::message(locale, "rules-young-mandarin", quan_non));
    }
    match rules.no_first_quan {
        NoFirstQuan::Off => {}
        NoFirstQuan::Illegal => lines.push(line("rules-first-move", "illegal")),
        NoFirstQuan::Stop => lines.push(line("rules-first-move", "stop")),
    }
    lines.push(line(
        "rules-refill",
        match rules.refill_short {
            RefillShort::Borrow => "borrow",
            RefillShort::Lose => "lose",
            RefillShort::End => "end",
        },
    ));
    lines.push(line(
        "rules-end",
        match rules.end {
            EndRule::MandarinsCaptured => "mandarins_captured",
            EndRule::SquaresEmpty => "squares_empty",
        },
    ));
    lines.push(bundle::message(locale, "rules-safety-valves", Vec::new()));
    lines.join("\n")
}

impl OaqText {
    /// The text in `locale`.
    pub fn render(&self, locale: Locale) -> String {
        match self {
            OaqText::RulesSummary { rules, in_play } => rules_summary(rules, *in_play, locale),
            _ => bundle::message(locale, OaqTextKey::from(self).into(), self.args(locale)),
        }
    }

    /// The message's arguments (none for a message without any).
    fn args(&self, locale: Locale) -> Args {
        self.caption_args(locale)
            .or_else(|| self.picture_args())
            .unwrap_or_default()
    }

    fn caption_args(&self, locale: Locale) -> Option<Args> {
        Some(match self {
            OaqText::RulesName { rules } | OaqText::DefaultRules { rules } => rules_name(rules),
            OaqText::MoveSummary {
                mover,
                label,
                right,
                relays,
                citizens,
                mandarins,
            } => {
                let (captures, list) = captured(*citizens, *mandarins, locale);
                vec![
                    ("mover", text(mention(*mover))),
                    ("label", text(label)),
                    ("right", flag(*right)),
                    ("relays", number(*relays)),
                    ("captures", number(captures as f64)),
                    ("captured", text(list)),
                ]
            }
            OaqText::Refilled { player, borrowed } => {
                vec![
                    ("player", text(mention(*player))),
                    ("borrowed", number(*borrowed)),
                ]
            }
            OaqText::Totals {
                south,
                south_points,
                north,
                north_points,
            } => vec![
                ("south", text(south)),
                ("south_points", text(south_points)),
                ("north", text(north)),
                ("north_points", text(north_points)),
            ],
            OaqText::GameEnded { reason } => vec![(
                "reason",
                text(match reason {
                    EndReason::MandarinsCaptured => "mandarins_captured",
                    EndReason::SquaresEmpty => "squares_empty",
                    EndReason::CannotRefill => "cannot_refill",
                    EndReason::PlyLimit => "ply_limit",
                    EndReason::Repetition => "repetition",
                }),
            )],
            OaqText::FinalCount {
                name,
                captured,
                collected,
            } => vec![
                ("name", text(name)),
                ("captured", text(captured)),
                ("collected", text(collected)),
                ("total", text(*captured + i16::from(*collected))),
            ],
            OaqText::Illegal(error) => vec![(
                "reason",
                text(match error {
                    IllegalMove::GameOver => "game_over",
                    IllegalMove::MandarinSquare(_) | IllegalMove::NotYourSquare { .. } => {
                        "not_your_square"
                    }
                    IllegalMove::EmptySquare(_) => "empty_square",
                    IllegalMove::FirstMoveMandarinCapture => "first_move_mandarin_capture",
                    IllegalMove::EndlessSowing => "endless_sowing",
                }),
            )],
            _ => return None,
        })
    }

    fn picture_args(&self) -> Option<Args> {
        Some(match self {
            OaqText::BoardTitle { rules } => rules_name(rules),
            OaqText::PanelCaptured { points } | OaqText::StatusDraw { points } => {
                vec![("points", text(points))]
            }
            OaqText::StatusToMove { name }
            | OaqText::StatusResigned { name }
            | OaqText::StatusTimedOut { name } => vec![("name", text(name))],
            OaqText::StatusWins { name, high, low } => vec![
                ("name", text(name)),
                ("high", text(high)),
                ("low", text(low)),
            ],
            _ => return None,
        })
    }
}
