//! The board's private move picker, for games with too many moves for buttons: the player to
//! move opens it from the board, chooses a step at a time (a piece, where it goes, whether it
//! promotes) and the move is played on the board. The same buttons answer a typed move that
//! could mean several moves.
//!
//! A picker names the board it was opened on (its ply): once the game has moved on, a click in
//! it is refused with the current position, never played.

use crate::app::fail::Fail;
use crate::app::games::{GameError, Pick, Step};
use crate::app::state::App;
use crate::app::table::Loaded;
use crate::app::text::Text;
use crate::app::vocab::{
    limits, Action, Button, Choice, Msg, Notation, PathError, PickerAt, PickerPath, Reply,
    Response, Select, Style, UserRef,
};
use crate::ids::{GameId, MessageId};
use crate::locale::Locale;

/// An option a step offers: the key it adds to the path, and its label.
struct Offer<'a> {
    key: &'a str,
    label: &'a str,
}

/// Whether `pick` starts with the steps `path`.
fn follows(pick: &Pick, path: &[&str]) -> bool {
    pick.steps.len() >= path.len() && pick.steps.iter().zip(path).all(|(s, k)| s.key == *k)
}

/// `text` cut to at most `max` characters (ending with `…` when cut): Discord refuses longer
/// labels and placeholders.
fn fit(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

impl App {
    /// A click in the picker of game `id`, on the board drawn after `ply` moves, on message
    /// `clicked`. The board's button opens the picker privately; a step (`at` is a path)
    /// updates the picker it was clicked in, and one clicked on the game's public board (an id
    /// crafted by hand: the board never carries one) is answered privately and leaves the
    /// board as it is.
    pub(super) fn picker(
        &self,
        locale: Locale,
        user: &UserRef,
        id: GameId,
        ply: u32,
        at: PickerAt,
        clicked: Option<MessageId>,
    ) -> Result<Response, Fail> {
        let loaded = self.load_game(id)?;
        let seat = loaded.seat_in_play(user.id)?;
        let on_board = clicked.is_some() && clicked == loaded.stored.record.message;
        // Opening starts from the first step; a step inside a picker updates that picker.
        let (path, update) = match at {
            PickerAt::Board => (PickerPath::ROOT, false),
            PickerAt::Path(path) => (path, !on_board),
        };
        let moved_on = ply as usize != loaded.stored.record.moves.len();
        if moved_on {
            let current = self.current_board_private(locale, &loaded)?;
            return Ok(match (update, current.reply) {
                // Inside a picker: the picker itself becomes the current position.
                (true, Reply::Private(msg)) => Response {
                    reply: Reply::Update(msg),
                    ..current
                },
                (_, reply) => Response { reply, ..current },
            });
        }
        loaded.check_turn(seat, false)?;
        let picks = loaded.table.picks(locale);
        let chosen: Vec<&str> = path.keys().collect();
        let menu = path.menu().unwrap_or(0);
        let matching: Vec<&Pick> = picks.iter().filter(|p| follows(p, &chosen)).collect();
        if let Some(whole) = matching.iter().find(|p| p.steps.len() == chosen.len()) {
            let mv = Notation::of(&whole.mv).map_err(GameError::from)?;
            return self.play_elsewhere(locale, user, id, ply, mv, update);
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
        let step = StepView {
            locale,
            game: id,
            ply,
            chosen: &chosen,
            prompt: Text::PickerPrompt {
                chosen: so_far.join(" → "),
            }
            .render(locale),
        };
        let msg = step.msg(&offers, menu)?;
        Ok(Response::new(if update {
            Reply::Update(msg)
        } else {
            Reply::Private(msg)
        }))
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
                        at: PickerAt::Path(pick.path()?),
                    },
                    label: fit(&pick.label, limits::LABEL),
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

/// One step of the picker, to be drawn: whose, and the keys chosen before it.
struct StepView<'a> {
    locale: Locale,
    game: GameId,
    ply: u32,
    chosen: &'a [&'a str],
    /// The question, with the steps chosen so far.
    prompt: String,
}

impl StepView<'_> {
    /// A button of the picker that goes to `at`.
    fn button(&self, at: PickerPath, label: &str, style: Style) -> Button {
        Button {
            action: Action::Picker {
                game: self.game,
                ply: self.ply,
                at: PickerAt::Path(at),
            },
            label: fit(label, limits::LABEL),
            style,
            disabled: false,
        }
    }

    /// The path of this step with `key` chosen.
    fn then(&self, key: &str) -> Result<PickerPath, PathError> {
        PickerPath::from_keys(self.chosen.iter().copied().chain([key]))
    }

    /// The path of this step showing its menus from `menu` on (and of that menu's select).
    fn menu(&self, menu: usize) -> Result<PickerPath, PathError> {
        PickerPath::from_keys(self.chosen.iter().copied())?.with_menu(menu)
    }

    /// The step as a message: a few options as buttons, more in select menus of 25 (as many
    /// as fit, with *Earlier* and *More* buttons when they do not all fit), and *Back* after
    /// the first step. Every component has its own id and the message stays within Discord's
    /// limits however many options there are.
    fn msg(&self, offers: &[Offer<'_>], from: usize) -> Result<Msg, Fail> {
        let locale = self.locale;
        let mut msg = Msg::text(self.prompt.clone());
        let mut nav = Vec::new();
        if let Some((_, parent)) = self.chosen.split_last() {
            let back = PickerPath::from_keys(parent.iter().copied())?;
            nav.push(self.button(back, &Text::Back.render(locale), Style::Secondary));
        }
        if offers.len() <= limits::BUTTONS {
            let row = offers
                .iter()
                .map(|o| Ok(self.button(self.then(o.key)?, o.label, Style::Primary)))
                .collect::<Result<Vec<_>, Fail>>()?;
            msg.rows.push(row);
        } else {
            let menus: Vec<&[Offer<'_>]> = offers.chunks(limits::OPTIONS).collect();
            let room = limits::ROWS - usize::from(!nav.is_empty());
            let (first, shown) = if menus.len() <= room {
                (0, room)
            } else {
                // Pages of menus, with a row kept for the buttons that turn them.
                let per = limits::ROWS - 1;
                let first = from.min(menus.len() - 1) / per * per;
                if first > 0 {
                    let earlier = Text::PickerEarlier.render(locale);
                    nav.push(self.button(self.menu(first - per)?, &earlier, Style::Secondary));
                }
                if first + per < menus.len() {
                    let more = Text::PickerMore.render(locale);
                    nav.push(self.button(self.menu(first + per)?, &more, Style::Secondary));
                }
                (first, per)
            };
            for (n, options) in menus.iter().enumerate().skip(first).take(shown) {
                msg.selects.push(self.select(n, menus.len(), options)?);
            }
        }
        if !nav.is_empty() {
            msg.rows.push(nav);
        }
        Ok(msg)
    }

    /// Menu `n` of the step's `menus`, holding `options`.
    fn select(&self, n: usize, menus: usize, options: &[Offer<'_>]) -> Result<Select, Fail> {
        let placeholder = match (options.first(), options.last()) {
            (Some(first), Some(last)) if menus > 1 => Text::PickerMenu {
                first: first.label.to_owned(),
                last: last.label.to_owned(),
                part: n + 1,
                parts: menus,
            }
            .render(self.locale),
            _ => self.prompt.clone(),
        };
        Ok(Select {
            action: Action::Picker {
                game: self.game,
                ply: self.ply,
                at: PickerAt::Path(self.menu(n)?),
            },
            placeholder: fit(&placeholder, limits::PLACEHOLDER),
            options: options
                .iter()
                .map(|offer| Choice {
                    label: fit(offer.label, limits::ID),
                    value: offer.key.to_owned(),
                })
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::components;

    /// The value of a call that must succeed.
    fn ok<T>(result: Result<T, Fail>) -> T {
        match result {
            Ok(value) => value,
            Err(_) => panic!("the picker failed"),
        }
    }

    /// Keys and labels for `n` options.
    fn options(n: usize) -> Vec<(String, String)> {
        (0..n)
            .map(|i| (format!("h{i}"), format!("to h{i}, {}", "far ".repeat(30))))
            .collect()
    }

    fn view<'a>(chosen: &'a [&'a str]) -> StepView<'a> {
        StepView {
            locale: Locale::English,
            game: GameId::new(u64::MAX),
            ply: u32::MAX,
            chosen,
            prompt: String::from("Your move"),
        }
    }

    /// A path read as the picker reads it: the keys chosen, and the menu shown (0 without
    /// one).
    fn read(at: &PickerPath) -> (Vec<String>, usize) {
        (
            at.keys().map(str::to_owned).collect(),
            at.menu().unwrap_or(0),
        )
    }

    /// Where a picker component goes: its path read back.
    fn target(action: Action, value: Option<&str>) -> (Vec<String>, usize) {
        let action = match value {
            Some(value) => action.with_choice(value).expect("a choice"),
            None => action,
        };
        let Action::Picker {
            at: PickerAt::Path(at),
            ..
        } = action
        else {
            panic!("{action:?}")
        };
        read(&at)
    }

    /// A step of any size — a few buttons, menus on one message, or pages of menus — is a
    /// message Discord accepts, and its pages together offer every option once.
    #[test]
    fn a_step_of_any_size_fits_discord_and_offers_every_option() {
        for chosen in [&[][..], &["D2"][..]] {
            for n in [1, 5, 6, 25, 26, 79, 100, 101, 125, 126, 250, 333] {
                let all = options(n);
                let offers: Vec<Offer<'_>> = all
                    .iter()
                    .map(|(key, label)| Offer { key, label })
                    .collect();
                let step = view(chosen);
                let mut seen = Vec::new();
                let mut pages = vec![0];
                let mut visited = Vec::new();
                while let Some(from) = pages.pop() {
                    visited.push(from);
                    let msg = ok(step.msg(&offers, from));
                    if let Err(refusal) = components::check(&msg) {
                        panic!("{n} options after {chosen:?}: {refusal}\n{msg:#?}");
                    }
                    for select in &msg.selects {
                        for option in &select.options {
                            let (keys, menu) = target(select.action, Some(&option.value));
                            assert_eq!(menu, 0);
                            assert_eq!(keys[..chosen.len()], *chosen);
                            seen.push(keys[chosen.len()].clone());
                        }
                    }
                    for button in msg.rows.iter().flatten() {
                        let (keys, menu) = target(button.action, None);
                        if keys.len() > chosen.len() {
                            seen.push(keys[chosen.len()].clone());
                        } else if keys == *chosen && !visited.contains(&menu) {
                            pages.push(menu);
                        }
                    }
                }
                let expected: Vec<String> = all.into_iter().map(|(key, _)| key).collect();
                seen.sort();
                let mut sorted = expected.clone();
                sorted.sort();
                assert_eq!(seen, sorted, "{n} options after {chosen:?}");
            }
        }
    }

    /// Menu numbers are read apart from keys; a menu number that is not one is refused when
    /// the path is read (from a component's id), before the picker sees it.
    #[test]
    fn menu_numbers_are_read_apart_from_keys() {
        let at = |text: &str| -> PickerPath { text.parse().expect("a path") };
        let read_back = |text: &str| {
            let (keys, menu) = read(&at(text));
            (keys.join("/"), menu)
        };
        assert_eq!(read_back("."), (String::new(), 0));
        assert_eq!(read_back("~3"), (String::new(), 3));
        assert_eq!(read_back("B*/~2"), (String::from("B*"), 2));
        assert_eq!(read_back("B*/~2/5e/+"), (String::from("B*/5e/+"), 0));
        assert!("B*/~x".parse::<PickerPath>().is_err());
        assert!("~99999999999999999999999".parse::<PickerPath>().is_err());
    }

    #[test]
    fn long_texts_are_cut_to_discords_lengths() {
        assert_eq!(fit("to 5e", 80), "to 5e");
        let cut = fit(&"é".repeat(120), 100);
        assert_eq!(cut.chars().count(), 100);
        assert!(cut.ends_with('…'));
    }
}
