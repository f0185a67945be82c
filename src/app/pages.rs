//! Answers in pages: how many pages a list makes, and the ◀ ▶ buttons that turn a message to
//! another page (the leaderboard, the running games).

use crate::app::text::Text;
use crate::app::vocab::{Action, Button, Style};
use crate::locale::Locale;

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
