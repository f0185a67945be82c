//! The board's private move picker, for games with too many moves for buttons: the player to
//! move opens it from the board, chooses a step at a time (a piece, where it goes, whether it
//! promotes) and the move is played on the board. The same buttons answer a typed move that
//! could mean several moves.
//!
//! A picker names the board it was opened on (its ply): once the game has moved on, a click in
//! it is refused with the current position, never played.

use super::games::{Pick, Step};
use super::table::Loaded;
use super::{
    limits, Action, App, Button, Fail, Locale, Msg, Notation, Reply, Response, Select, Style, Text,
    UserRef,
};

/// An option a step offers: the key it adds to the path, and its label.
struct Offer<'a> {
    key: &'a str,
    label: &'a str,
}

/// The keys of a path (`.` is the empty path).
fn keys(at: &Notation) -> Vec<&str> {
    match at.as_str() {
        Action::ROOT => Vec::new(),
        path => path.split('/').collect(),
    }
}

/// Whether `pick` starts with the steps `path`.
fn follows(pick: &Pick, path: &[&str]) -> bool {
    pick.steps.len() >= path.len() && pick.steps.iter().zip(path).all(|(s, k)| s.key == *k)
}

impl App {
    /// A click in the picker of game `id`, on the board drawn after `ply` moves.
    pub(super) fn picker(
        &self,
        locale: Locale,
        user: &UserRef,
        id: u64,
        ply: u32,
        at: Option<Notation>,
    ) -> Result<Response, Fail> {
        let loaded = self.load_game(id)?;
        let seat = loaded.seat_in_play(user.id)?;
        let moved_on = ply as usize != loaded.stored.record.moves.len();
        if moved_on {
            let current = self.current_board_private(locale, &loaded)?;
            return Ok(match (at, current.reply) {
                // Inside a picker: the picker itself becomes the current position.
                (Some(_), Reply::Private(msg)) => Response {
                    reply: Reply::Update(msg),
                    ..current
                },
                (_, reply) => Response { reply, ..current },
            });
        }
        loaded.check_turn(seat, false)?;
        let picks = loaded.table.picks(locale);
        let root: Notation = Action::ROOT.parse().map_err(Fail::Internal)?;
        let path = at.unwrap_or(root);
        let chosen = keys(&path);
        let matching: Vec<&Pick> = picks.iter().filter(|p| follows(p, &chosen)).collect();
        if let Some(whole) = matching.iter().find(|p| p.steps.len() == chosen.len()) {
            let mv: Notation = whole.mv.parse().map_err(Fail::Internal)?;
            return self.play_elsewhere(locale, user, id, ply, mv, true);
        }
        let Some(first) = matching.first() else {
            return Err(Fail::User(Text::NotAMove));
        };
        let so_far: Vec<&str> = first.steps[..chosen.len()]
            .iter()
            .map(|s| s.label.as_str())
            .collect();
        let mut offers: Vec<Offer<'_>> = Vec::new();
        for pick in &matching {
            let Step { key, label } = &pick.steps[chosen.len()];
            if !offers.iter().any(|o| o.key == key) {
                offers.push(Offer { key, label });
            }
        }
        let msg = step_msg(locale, id, ply, &path, &so_far.join(" → "), &offers)?;
        Ok(Response {
            reply: if at.is_none() {
                Reply::Private(msg)
            } else {
                Reply::Update(msg)
            },
            shows: None,
            edits: Vec::new(),
            computer: None,
            thread: None,
        })
    }

    /// The question a typed move that fits several legal moves asks back: a button for each,
    /// which plays it (through the picker, so a stale one is refused).
    pub(super) fn which_move(
        &self,
        locale: Locale,
        loaded: &Loaded,
        typed: &str,
        candidates: &[String],
    ) -> Result<Response, Fail> {
        let record = &loaded.stored.record;
        let ply = record.moves.len() as u32;
        let buttons = loaded
            .table
            .picks(locale)
            .into_iter()
            .filter(|p| candidates.contains(&p.mv))
            .map(|pick| {
                Ok(Button {
                    action: Action::Picker {
                        game: record.id,
                        ply,
                        at: Some(pick.path().parse().map_err(Fail::Internal)?),
                    },
                    label: pick.label,
                    style: Style::Primary,
                    disabled: false,
                })
            })
            .collect::<Result<Vec<_>, Fail>>()?;
        if buttons.is_empty() {
            return Err(Fail::User(Text::NotAMove));
        }
        Ok(Response::private_msg(Msg {
            text: Text::WhichMove {
                typed: typed.to_owned(),
            }
            .render(locale),
            files: Vec::new(),
            selects: Vec::new(),
            rows: buttons
                .chunks(limits::BUTTONS)
                .take(limits::ROWS)
                .map(<[Button]>::to_vec)
                .collect(),
        }))
    }
}

/// One step of the picker: a few options as buttons, more in select menus of 25; and *Back*
/// after the first step.
fn step_msg(
    locale: Locale,
    game: u64,
    ply: u32,
    path: &Notation,
    so_far: &str,
    offers: &[Offer<'_>],
) -> Result<Msg, Fail> {
    let at = |key: &str| -> Result<Option<Notation>, Fail> {
        let path = match path.as_str() {
            Action::ROOT => key.to_owned(),
            prefix => format!("{prefix}/{key}"),
        };
        Ok(Some(path.parse().map_err(Fail::Internal)?))
    };
    let mut msg = Msg::text(
        Text::PickerPrompt {
            chosen: so_far.to_owned(),
        }
        .render(locale),
    );
    if offers.len() <= limits::BUTTONS {
        let row = offers
            .iter()
            .map(|offer| {
                Ok(Button {
                    action: Action::Picker {
                        game,
                        ply,
                        at: at(offer.key)?,
                    },
                    label: offer.label.to_owned(),
                    style: Style::Primary,
                    disabled: false,
                })
            })
            .collect::<Result<Vec<_>, Fail>>()?;
        msg.rows.push(row);
    } else {
        msg.selects = offers
            .chunks(limits::OPTIONS)
            .take(limits::ROWS - 1)
            .map(|chunk| Select {
                action: Action::Picker {
                    game,
                    ply,
                    at: Some(*path),
                },
                placeholder: Text::PickerPrompt {
                    chosen: so_far.to_owned(),
                }
                .render(locale),
                options: chunk
                    .iter()
                    .map(|offer| super::Choice {
                        label: offer.label.to_owned(),
                        value: offer.key.to_owned(),
                    })
                    .collect(),
            })
            .collect();
    }
    let chosen = keys(path);
    if let Some((_, parent)) = chosen.split_last() {
        let back = if parent.is_empty() {
            Action::ROOT.to_owned()
        } else {
            parent.join("/")
        };
        msg.rows.push(vec![Button {
            action: Action::Picker {
                game,
                ply,
                at: Some(back.parse().map_err(Fail::Internal)?),
            },
            label: Text::Back.render(locale),
            style: Style::Secondary,
            disabled: false,
        }]);
    }
    Ok(msg)
}
