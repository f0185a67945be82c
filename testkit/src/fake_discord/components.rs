//! Reading the components the bot drew on a message or an interaction answer: buttons and
//! string select menus, row by row, as Discord receives them.

use serde_json::Value;

/// Discord's component types, as far as the fake reads them.
const BUTTON: u64 = 2;
const STRING_SELECT: u64 = 3;

/// A string select menu.
#[derive(Debug, Clone, PartialEq)]
pub struct Select {
    pub custom_id: String,
    /// Every option as (label, value), in order.
    pub options: Vec<(String, String)>,
    pub placeholder: Option<String>,
    pub disabled: bool,
}

/// The components of each action row in `rows` (a message's `components`), row by row.
fn rows(rows: &Value) -> impl Iterator<Item = &[Value]> {
    rows.as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .map(|row| {
            row["components"]
                .as_array()
                .map(Vec::as_slice)
                .unwrap_or_default()
        })
}

fn text(value: &Value) -> String {
    value.as_str().unwrap_or("").to_owned()
}

/// Every button in `components`: (custom_id, label, disabled), row by row (a row holding no
/// button is an empty row).
pub(super) fn buttons(components: &Value) -> Vec<Vec<(String, String, bool)>> {
    rows(components)
        .map(|row| {
            row.iter()
                .filter(|c| c["type"].as_u64() == Some(BUTTON))
                .map(|b| {
                    (
                        text(&b["custom_id"]),
                        text(&b["label"]),
                        b["disabled"].as_bool().unwrap_or(false),
                    )
                })
                .collect()
        })
        .collect()
}

/// What shows buttons: a message, or the bot's answer to an interaction.
pub trait Buttons {
    /// Every button: (custom_id, label, disabled), row by row.
    fn buttons(&self) -> Vec<Vec<(String, String, bool)>>;
}

/// The custom_id of the first button on `board` whose label contains `label`.
pub fn button(board: &impl Buttons, label: &str) -> String {
    board
        .buttons()
        .into_iter()
        .flatten()
        .find(|(_, l, _)| l.contains(label))
        .map(|(id, _, _)| id)
        .unwrap_or_else(|| panic!("no {label} button in {:?}", board.buttons()))
}

/// Every string select menu in `components`, top to bottom.
pub(super) fn selects(components: &Value) -> Vec<Select> {
    rows(components)
        .flatten()
        .filter(|c| c["type"].as_u64() == Some(STRING_SELECT))
        .map(|s| Select {
            custom_id: text(&s["custom_id"]),
            options: s["options"]
                .as_array()
                .map(Vec::as_slice)
                .unwrap_or_default()
                .iter()
                .map(|o| (text(&o["label"]), text(&o["value"])))
                .collect(),
            placeholder: s["placeholder"].as_str().map(str::to_owned),
            disabled: s["disabled"].as_bool().unwrap_or(false),
        })
        .collect()
}
