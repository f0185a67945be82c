//! The slash commands: one root per game, each in its own file (`oaq`, `shogi`, `checkers`),
//! with the subcommands that take the game's own options; the subcommands every root shares,
//! grouped by concern (`challenge`, `game`, `social`, `settings`, `tournament`); `context`,
//! what a command hands the app about itself; and [`on_error`], the one error handler.

mod challenge;
mod checkers;
mod context;
mod game;
mod oaq;
mod settings;
mod shogi;
mod social;
mod tournament;

use checkers::chinese_checkers;
use context::locale;
use oaq::oaq;
use shogi::shogi;

use super::data::Data;
use super::error::Error;
use super::localize;
use crate::app::Text;
use crate::store::GameKind;

/// The bot's slash commands: one root per game, every command of its tree carrying that game
/// (read back by `kind`), named and described in every language of the catalogue
/// (descriptions and translations come from [`crate::app::text::commands::COMMANDS`]).
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    GameKind::ALL
        .into_iter()
        .map(|game| {
            let mut root = root(game);
            attach(&mut root, game);
            localize::localize(&mut root);
            root
        })
        .collect()
}

/// The root command of `game`.
fn root(game: GameKind) -> poise::Command<Data, Error> {
    match game {
        GameKind::Oaq => oaq(),
        GameKind::Shogi => shogi(),
        GameKind::ChineseCheckers => chinese_checkers(),
    }
}

/// Attaches `game` to `command` and every command under it.
fn attach(command: &mut poise::Command<Data, Error>, game: GameKind) {
    command.custom_data = Box::new(game);
    for sub in &mut command.subcommands {
        attach(sub, game);
    }
}

/// A failed command is logged and answered with a short apology; poise's other errors go to
/// its own handler.
pub(super) async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, %error, "command failed");
            let text = Text::Apology.render(locale(ctx));
            if let Err(e) = ctx
                .send(poise::CreateReply::default().content(text).ephemeral(true))
                .await
            {
                tracing::warn!(%e, "could not send the apology");
            }
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(%e, "error while handling an error");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::commands;
    use crate::discord::data::Data;
    use crate::discord::error::Error;
    use crate::store::GameKind;

    /// Every command, down to the last subcommand, carries the game of the root it is
    /// registered under; a shared subcommand (`board`, `resign` …) carries each root's own.
    #[test]
    fn every_command_carries_the_game_of_its_root() {
        fn carries(command: &poise::Command<Data, Error>, game: GameKind, path: &str) -> usize {
            let path = format!("{path}/{}", command.name);
            assert_eq!(
                command.custom_data.downcast_ref::<GameKind>(),
                Some(&game),
                "{path}"
            );
            1 + command
                .subcommands
                .iter()
                .map(|sub| carries(sub, game, &path))
                .sum::<usize>()
        }
        let roots = commands();
        let names: Vec<&str> = roots.iter().map(|root| &*root.name).collect();
        assert_eq!(names, ["oaq", "shogi", "chinese-checkers"]);
        for (root, game) in roots.iter().zip(GameKind::ALL) {
            assert!(
                carries(root, game, "") > 10,
                "{} has its subcommands",
                root.name
            );
        }
    }
}
