//! Components as Discord sees them: what it refuses in a message we send ([`check`]), and
//! whether a click names a component of the message it was clicked on ([`clicked`]).
//!
//! The limits, from Discord's developer documentation (Interactions → Message Components,
//! "Action Rows", "Buttons", "Select Menus"; Resources → Message, "Create Message"):
//! at most 5 action rows; a row holds 1 to 5 buttons or one select menu alone; a `custom_id`
//! is 1 to 100 characters and unique within the message; a button's label is at most 80
//! characters; a select menu has 1 to 25 options, whose labels and values are 1 to 100
//! characters and whose values are unique within the menu, and a placeholder of at most 150
//! characters; content is at most 2,000 characters. serenity checks none of these: a message
//! breaking one is refused with 400 (50035, Invalid Form Body) at run time.

use std::collections::HashSet;

use poise::serenity_prelude as serenity;
use serenity::{ActionRowComponent, ButtonKind};
use thiserror::Error;

use super::custom_id;
use crate::app::{limits, Action, Msg};

/// Why Discord would refuse a message.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Refusal {
    /// More action rows (a select menu takes one) than Discord allows.
    #[error("{0} action rows (Discord allows {max})", max = limits::ROWS)]
    Rows(usize),
    /// A row of buttons that is empty or too long.
    #[error("a row of {0} buttons (Discord allows 1 to {max})", max = limits::BUTTONS)]
    Buttons(usize),
    /// A select menu with no options or too many.
    #[error("a select menu of {0} options (Discord allows 1 to {max})", max = limits::OPTIONS)]
    Options(usize),
    /// A `custom_id` used by two components of the message (Discord's
    /// `COMPONENT_CUSTOM_ID_DUPLICATED`).
    #[error("the custom_id `{0}` is used twice")]
    DuplicateId(String),
    /// A value offered twice in one select menu.
    #[error("the option value `{0}` is offered twice in one menu")]
    DuplicateValue(String),
    /// A text empty where Discord needs one, or longer than it allows.
    #[error("{what} of {len} characters (Discord allows {min} to {max}): `{text}`")]
    Length {
        /// Which text.
        what: &'static str,
        /// Its length in characters.
        len: usize,
        /// The fewest characters allowed.
        min: usize,
        /// The most characters allowed.
        max: usize,
        /// The text.
        text: String,
    },
}

/// Checks `text`'s length in characters against `min..=max`.
fn length(what: &'static str, text: &str, min: usize, max: usize) -> Result<(), Refusal> {
    let len = text.chars().count();
    if (min..=max).contains(&len) {
        Ok(())
    } else {
        Err(Refusal::Length {
            what,
            len,
            min,
            max,
            text: text.to_owned(),
        })
    }
}

/// Checks that Discord would accept `msg` as the bot sends it (see [`super::action_rows`]):
/// its content and every component, with the `custom_id`s they are encoded to.
pub fn check(msg: &Msg) -> Result<(), Refusal> {
    length("content", &msg.text, 0, limits::CONTENT)?;
    let rows = msg.selects.len() + msg.rows.len();
    if rows > limits::ROWS {
        return Err(Refusal::Rows(rows));
    }
    let mut ids = HashSet::new();
    let mut unique = |id: String| {
        length("custom_id", &id, 1, custom_id::MAX_LEN)?;
        if ids.insert(id.clone()) {
            Ok(())
        } else {
            Err(Refusal::DuplicateId(id))
        }
    };
    for select in &msg.selects {
        unique(custom_id::encode(&select.action))?;
        if !(1..=limits::OPTIONS).contains(&select.options.len()) {
            return Err(Refusal::Options(select.options.len()));
        }
        length("placeholder", &select.placeholder, 0, limits::PLACEHOLDER)?;
        let mut values = HashSet::new();
        for option in &select.options {
            length("option label", &option.label, 1, limits::ID)?;
            length("option value", &option.value, 1, limits::ID)?;
            if !values.insert(option.value.as_str()) {
                return Err(Refusal::DuplicateValue(option.value.clone()));
            }
        }
    }
    for row in &msg.rows {
        if !(1..=limits::BUTTONS).contains(&row.len()) {
            return Err(Refusal::Buttons(row.len()));
        }
        for button in row {
            unique(custom_id::encode(&button.action))?;
            length("button label", &button.label, 1, limits::LABEL)?;
        }
    }
    Ok(())
}

/// Where a clicked `custom_id` stands with the message it was clicked on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clicked {
    /// An enabled component of the message carries it (and, for a menu, offers every value
    /// chosen): the click is the message's own.
    OnMessage,
    /// Not on the message, but it names the game the message's components name: perhaps a
    /// button of an older drawing of the message (a stale board), which the app tells apart.
    SameGame(Action),
    /// Nothing of the message: an id crafted by hand, or of another kind of message.
    Foreign,
}

/// Whether `custom_id` (with the `values` chosen, for a string select menu; `None` for a
/// button) belongs to `message`, the message Discord says was clicked.
pub fn clicked(message: &serenity::Message, custom_id: &str, values: Option<&[String]>) -> Clicked {
    let components = message.components.iter().flat_map(|row| &row.components);
    let mut games = HashSet::new();
    for component in components {
        let (id, disabled) = match component {
            ActionRowComponent::Button(button) => match &button.data {
                ButtonKind::NonLink { custom_id, .. } => (custom_id.as_str(), button.disabled),
                ButtonKind::Link { .. } | ButtonKind::Premium { .. } => continue,
            },
            ActionRowComponent::SelectMenu(menu) => match &menu.custom_id {
                Some(id) => (id.as_str(), menu.disabled),
                None => continue,
            },
            _ => continue,
        };
        let offered = match (component, values) {
            (ActionRowComponent::Button(_), None) => true,
            (ActionRowComponent::SelectMenu(menu), Some(values)) => {
                !values.is_empty()
                    && values
                        .iter()
                        .all(|v| menu.options.iter().any(|o| &o.value == v))
            }
            _ => false,
        };
        if id == custom_id && !disabled && offered {
            return Clicked::OnMessage;
        }
        if let Some(game) = custom_id::decode(id).ok().and_then(|a| a.game()) {
            games.insert(game);
        }
    }
    match custom_id::decode(custom_id) {
        Ok(action) if action.game().is_some_and(|g| games.contains(&g)) => {
            Clicked::SameGame(action)
        }
        _ => Clicked::Foreign,
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::GameId;
    use poise::serenity_prelude as serenity;

    use super::{check, clicked, Clicked, Refusal};
    use crate::app::{Action, Button, Choice, Msg, Select, Style};
    use crate::discord::custom_id;

    fn picker(at: &str) -> Action {
        Action::Picker {
            game: GameId::new(1),
            ply: 16,
            at: crate::app::PickerAt::Path(at.parse().expect("path")),
        }
    }

    fn button(action: Action, label: &str) -> Button {
        Button {
            action,
            label: label.to_owned(),
            style: Style::Primary,
            disabled: false,
        }
    }

    fn menu(action: Action, values: &[&str]) -> Select {
        Select {
            action,
            placeholder: String::from("Choose"),
            options: values
                .iter()
                .map(|v| Choice {
                    label: format!("to {v}"),
                    value: (*v).to_owned(),
                })
                .collect(),
        }
    }

    fn squares(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("{}{}", i % 9 + 1, i / 9)).collect()
    }

    fn refs(v: &[String]) -> Vec<&str> {
        v.iter().map(String::as_str).collect()
    }

    /// Issue 27: the drop step split into two menus with one id, as it was drawn.
    #[test]
    fn two_menus_with_one_id_are_refused_as_discord_refuses_them() {
        let all = squares(30);
        let (a, b) = all.split_at(25);
        let msg = Msg {
            selects: vec![menu(picker("B*"), &refs(a)), menu(picker("B*"), &refs(b))],
            ..Msg::text(String::from("Your move"))
        };
        assert_eq!(
            check(&msg),
            Err(Refusal::DuplicateId(String::from("oaq:p:1:16:B*")))
        );
        let fixed = Msg {
            selects: vec![
                menu(picker("B*"), &refs(a)),
                menu(picker("B*/~1"), &refs(b)),
            ],
            ..msg
        };
        assert_eq!(check(&fixed), Ok(()));
    }

    #[test]
    fn every_limit_is_checked() {
        let ok = Msg::text(String::from("fine"));
        let rows = |n: usize| Msg {
            rows: (0..n)
                .map(|i| vec![button(picker(&format!("{i}a")), "a")])
                .collect(),
            ..ok.clone()
        };
        assert_eq!(check(&rows(5)), Ok(()));
        assert_eq!(check(&rows(6)), Err(Refusal::Rows(6)));
        let one_row = |n: usize| Msg {
            rows: vec![(0..n)
                .map(|i| button(picker(&format!("{i}a")), "a"))
                .collect()],
            ..ok.clone()
        };
        assert_eq!(check(&one_row(5)), Ok(()));
        assert_eq!(check(&one_row(6)), Err(Refusal::Buttons(6)));
        assert_eq!(check(&one_row(0)), Err(Refusal::Buttons(0)));
        let with_menu = |values: Vec<String>| Msg {
            selects: vec![menu(picker("."), &refs(&values))],
            ..ok.clone()
        };
        assert_eq!(check(&with_menu(squares(25))), Ok(()));
        assert_eq!(check(&with_menu(squares(26))), Err(Refusal::Options(26)));
        assert_eq!(check(&with_menu(Vec::new())), Err(Refusal::Options(0)));
        let twice = vec![String::from("5e"), String::from("5e")];
        assert_eq!(
            check(&with_menu(twice)),
            Err(Refusal::DuplicateValue(String::from("5e")))
        );
        let long = |what: &'static str, msg: Msg| {
            assert!(
                matches!(check(&msg), Err(Refusal::Length { what: w, .. }) if w == what),
                "{what}: {:?}",
                check(&msg)
            );
        };
        long("content", Msg::text("x".repeat(2001)));
        long(
            "button label",
            Msg {
                rows: vec![vec![button(picker("."), &"x".repeat(81))]],
                ..ok.clone()
            },
        );
        long(
            "button label",
            Msg {
                rows: vec![vec![button(picker("."), "")]],
                ..ok.clone()
            },
        );
        let mut wordy = menu(picker("."), &["5e"]);
        wordy.options[0].label = "é".repeat(101);
        long(
            "option label",
            Msg {
                selects: vec![wordy.clone()],
                ..ok.clone()
            },
        );
        wordy.options[0].label = String::from("to 5e");
        wordy.placeholder = "x".repeat(151);
        long(
            "placeholder",
            Msg {
                selects: vec![wordy],
                ..ok.clone()
            },
        );
        let far = Action::Leaderboard {
            kind: crate::store::GameKind::Oaq,
            page: u64::MAX,
            locale: crate::app::Locale::English,
        };
        assert_eq!(
            check(&Msg {
                rows: vec![vec![button(far, "Next"), button(far, "Next")]],
                ..ok
            }),
            Err(Refusal::DuplicateId(custom_id::encode(&far)))
        );
    }

    /// A message as Discord sends it with a click: a Shogi board with its picker button and
    /// Resign, and a picker with a menu.
    fn message(components: serde_json::Value) -> serenity::Message {
        serde_json::from_value(serde_json::json!({
            "id": "10", "channel_id": "20", "author": {
                "id": "30", "username": "oaq", "discriminator": "0000", "avatar": null,
                "bot": true,
            },
            "content": "board", "timestamp": "2026-01-01T00:00:00.000000+00:00",
            "edited_timestamp": null, "tts": false, "mention_everyone": false,
            "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
            "pinned": false, "type": 0, "components": components,
        }))
        .expect("a message as Discord sends it")
    }

    #[test]
    fn a_click_belongs_to_its_message_only_with_an_id_and_value_it_carries() {
        let same = |id: &str| Clicked::SameGame(custom_id::decode(id).expect("an id"));
        let board = message(serde_json::json!([{ "type": 1, "components": [
            { "type": 2, "style": 1, "label": "Pick a move", "custom_id": "oaq:p:7:16" },
            { "type": 2, "style": 4, "label": "Resign", "custom_id": "oaq:r:7" },
            { "type": 2, "style": 2, "label": "Gone", "custom_id": "oaq:h:7", "disabled": true },
        ]}]));
        assert_eq!(clicked(&board, "oaq:p:7:16", None), Clicked::OnMessage);
        assert_eq!(clicked(&board, "oaq:r:7", None), Clicked::OnMessage);
        // A picker step, of this ply or another, and a disabled button: not the board's.
        assert_eq!(
            clicked(&board, "oaq:p:7:16:B*", None),
            same("oaq:p:7:16:B*")
        );
        assert_eq!(
            clicked(&board, "oaq:m:7:3:7g7f", None),
            same("oaq:m:7:3:7g7f")
        );
        assert_eq!(clicked(&board, "oaq:h:7", None), same("oaq:h:7"));
        // Another game's ids, a leaderboard's, a challenge's, and garbage.
        for foreign in ["oaq:p:8:16", "oaq:l:1:en", "oaq:a:7", "nonsense", ""] {
            assert_eq!(
                clicked(&board, foreign, None),
                Clicked::Foreign,
                "{foreign}"
            );
        }
        // A button's id sent as a menu's choice.
        let values = [String::from("7f")];
        assert_eq!(
            clicked(&board, "oaq:p:7:16", Some(&values)),
            same("oaq:p:7:16")
        );

        let picker = message(serde_json::json!([{ "type": 1, "components": [
            { "type": 3, "custom_id": "oaq:p:7:16:B*", "options": [
                { "label": "to 5e", "value": "5e" }, { "label": "to 5f", "value": "5f" },
            ]},
        ]}]));
        let chosen = |v: &str| vec![v.to_owned()];
        assert_eq!(
            clicked(&picker, "oaq:p:7:16:B*", Some(&chosen("5e"))),
            Clicked::OnMessage
        );
        assert_eq!(
            clicked(&picker, "oaq:p:7:16:B*", Some(&chosen("1a"))),
            same("oaq:p:7:16:B*")
        );
        assert_eq!(
            clicked(&picker, "oaq:p:7:16:B*", Some(&[])),
            same("oaq:p:7:16:B*")
        );
        assert_eq!(
            clicked(&picker, "oaq:p:7:16:B*", None),
            same("oaq:p:7:16:B*")
        );
        assert_eq!(
            clicked(&message(serde_json::json!([])), "oaq:p:7:16", None),
            Clicked::Foreign
        );
    }
}
