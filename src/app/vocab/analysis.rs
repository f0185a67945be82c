//! A finished game's analysis, as a game's search finds it: each seat's biggest [`Mistake`]s
//! and what each [`Cost`].

/// What a mistake cost, as a game's search scores it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cost {
    /// This many half-points.
    Points(u32),
    /// The better move won by force; the move played does not.
    LostWin,
    /// The move played loses by force; the better move does not.
    IntoLoss,
}

/// A move a game's search judges a mistake, with the move it prefers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mistake {
    /// The move's number in the game (1 for the first).
    pub number: usize,
    /// The seat that played it.
    pub seat: usize,
    /// The move played, in the game's notation.
    pub played: String,
    /// The move the search prefers, in the game's notation.
    pub better: String,
    /// What the move cost.
    pub cost: Cost,
}

/// The analysis of a finished game: each seat's biggest mistakes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// How many plies deep the search looked from each position.
    pub depth: u32,
    /// The mistakes, worst first within each seat.
    pub mistakes: Vec<Mistake>,
}
