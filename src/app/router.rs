//! The router: a click's [`Action`] goes to the feature that owns it, after the checks every
//! click passes (the record is of this place; a challenge learns its message), and an action
//! that loses a race is judged again from a fresh read.

use crate::app::fail::{retry, Fail};
use crate::app::state::App;
use crate::app::vocab::{Action, Caller, Place, Response, UserRef};
use crate::ids::MessageId;
use crate::locale::Locale;

impl App {
    /// A button click by the caller's user in the caller's place (the interaction's server and channel, never
    /// anything read from the button's id), on a message the app need not know (see
    /// [`App::click_on`]).
    pub fn click(&self, caller: &Caller, action: Action) -> Response {
        self.click_on(caller, action, None)
    }

    /// A button click by `user` in `place` on message `clicked` (both from the interaction): a
    /// move on a copy of the board that is no longer the live one is refused.
    ///
    /// An action that loses a compare-and-swap race is re-run from a fresh read, so it is
    /// judged against the state that won: a move on a board that has just moved on is then
    /// answered as out of date, never applied twice.
    pub fn click_on(
        &self,
        caller: &Caller,
        action: Action,
        clicked: Option<MessageId>,
    ) -> Response {
        let (locale, place, user) = (caller.locale, caller.place, &caller.user);
        let result = retry(|| self.click_once(locale, place, user, action, clicked));
        self.finish(locale, "click", result)
    }

    fn click_once(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
        action: Action,
        clicked: Option<MessageId>,
    ) -> Result<Response, Fail> {
        self.check_place(place, action)?;
        if let Some(message) = clicked {
            self.learn_challenge_message(action, message)?;
        }
        match action {
            Action::Accept { challenge } => self.accept(user, challenge),
            Action::Decline { challenge } => self.decline(user, challenge),
            Action::Cancel { challenge } => self.cancel(user, challenge),
            Action::Pick { challenge, hand } => self.pick(locale, user, challenge, hand),
            Action::Join { lobby } => self.join(user, lobby),
            Action::Leave { lobby } => self.leave(user, lobby),
            Action::Computer { lobby, add } => self.seat_computer(user, lobby, add),
            Action::Start { lobby } => self.start_lobby(user, lobby),
            Action::Play { game, ply, mv } => self.play(locale, user, game, ply, mv, clicked),
            Action::Picker { game, ply, at } => self.picker(locale, user, game, ply, at, clicked),
            Action::View { game } => self.flipped_view(locale, game),
            Action::Resign { game } => self.ask_resign(locale, user, game),
            Action::ConfirmResign { game } => self.confirm_resign(locale, user, game),
            Action::Rematch { game } => self.rematch(locale, user, game),
            Action::Analyse { game } => self.analyse(locale, game),
            Action::Leaderboard {
                kind,
                page,
                locale: shown,
            } => self.leaderboard_click(place, kind, page, shown),
            Action::Games {
                kind,
                page,
                locale: shown,
            } => self.games_click(place, kind, page, shown),
            Action::Tournament { tournament, op } => {
                self.tournament_once(user, false, tournament, op)
            }
            Action::Rules { game } => self.rules_click(locale, game),
            Action::Launch { game } => self.launch(game),
        }
    }
}
