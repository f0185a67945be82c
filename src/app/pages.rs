//! Lists that fit: how many pages a list makes, the ◀ ▶ buttons that turn a message to
//! another page (the leaderboard, the running games), and lines added only while they fit.

use crate::app::text::Text;
use crate::app::vocab::{limits, Action, Button, Style};
use crate::locale::Locale;

/// Adds `lines` to `text`, one a line, as long as the text stays within Discord's limit on a
/// message (the first lines are kept: lists put what matters most first, and the rest is
/// left out from the first line that would not fit).
pub(super) fn push_lines_that_fit(text: &mut String, lines: impl IntoIterator<Item = String>) {
    let mut length = text.chars().count();
    for line in lines {
        let added = 1 + line.chars().count();
        if length + added > limits::CONTENT {
            return;
        }
        text.push('\n');
        text.push_str(&line);
        length += added;
    }
}

/// The pages `total` items make at `per_page` a page (one, empty, for none).
pub(super) fn pages(total: u64, per_page: usize) -> u64 {
    total.div_ceil(per_page as u64).max(1)
}

/// The row of ◀ ▶ buttons under page `page` (0-based) of `pages`, each running `turn(page)`;
/// none when everything fits on one page.
pub(super) fn page_buttons(
    page: u64,
    pages: u64,
    locale: Locale,
    turn: impl Fn(u64) -> Action,
) -> Vec<Vec<Button>> {
    if pages <= 1 {
        return Vec::new();
    }
    let button = |text: Text, to: u64, disabled: bool| Button {
        action: turn(to),
        label: text.render(locale),
        style: Style::Secondary,
        disabled,
    };
    vec![vec![
        button(Text::PreviousPage, page.saturating_sub(1), page == 0),
        button(Text::NextPage, page + 1, page + 1 >= pages),
    ]]
}
