//! The arguments of the analysis messages (the final board's *Analyse* button): the cost of a
//! mistake in points, written the way the language writes a half.

use super::bundle::{number, text, Args};
use super::shell::Text;
use crate::app::vocab::Cost;
use crate::locale::Locale;

/// Half-points as points: `3`, `3.5` (`3,5` in Vietnamese).
fn points(halves: u32, locale: Locale) -> String {
    let whole = halves / 2;
    if halves.is_multiple_of(2) {
        return whole.to_string();
    }
    match locale {
        Locale::English => format!("{whole}.5"),
        Locale::Vietnamese => format!("{whole},5"),
    }
}

impl Text {
    /// The arguments of the analysis messages (`None` for any other message).
    pub(super) fn analysis_args(&self, locale: Locale) -> Option<Args> {
        Some(match self {
            Text::AnalysisTitle { game, depth } => {
                vec![("game", text(game)), ("depth", number(*depth))]
            }
            Text::AnalysisPlayer { name } | Text::AnalysisClean { name } => {
                vec![("name", text(name))]
            }
            Text::AnalysisMistake {
                number: n,
                played,
                better,
                cost,
            } => {
                let (kind, halves) = match *cost {
                    Cost::Points(halves) => ("points", halves),
                    Cost::LostWin => ("lost-win", 0),
                    Cost::IntoLoss => ("into-loss", 0),
                };
                vec![
                    ("number", number(*n as f64)),
                    ("played", text(played)),
                    ("better", text(better)),
                    ("cost", text(kind)),
                    ("points", text(points(halves, locale))),
                    ("count", number(f64::from(halves) / 2.0)),
                ]
            }
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_are_written_as_the_language_writes_them() {
        assert_eq!(points(8, Locale::English), "4");
        assert_eq!(points(7, Locale::English), "3.5");
        assert_eq!(points(7, Locale::Vietnamese), "3,5");
        assert_eq!(points(1, Locale::Vietnamese), "0,5");
    }
}
