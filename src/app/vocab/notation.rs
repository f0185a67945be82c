//! A move's notation as a button carries it: [`Notation`], small and `Copy`, and why text is
//! not one ([`NotationError`]).

use thiserror::Error;

/// A move in a game's notation, small enough to ride in a button's id (`Copy`, at most
/// [`Notation::MAX`] bytes of ASCII).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Notation {
    len: u8,
    bytes: [u8; Notation::MAX],
}

impl Notation {
    /// The longest notation a button carries.
    pub const MAX: usize = 24;

    /// The notation (its `Display`) of one of our own moves: one that does not fit is our
    /// inconsistency, not the user's.
    pub fn of(mv: impl std::fmt::Display) -> Result<Notation, NotationError> {
        mv.to_string().parse()
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Built only from ASCII text (see `FromStr`), so this cannot fail.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl std::str::FromStr for Notation {
    type Err = NotationError;

    /// Printable ASCII without `:` (the separator of button ids), at most [`Notation::MAX`]
    /// bytes.
    fn from_str(text: &str) -> Result<Notation, NotationError> {
        let fits = !text.is_empty()
            && text.len() <= Notation::MAX
            && text.bytes().all(|b| b.is_ascii_graphic() && b != b':');
        if !fits {
            return Err(NotationError(text.to_owned()));
        }
        let mut bytes = [0; Notation::MAX];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Ok(Notation {
            len: text.len() as u8,
            bytes,
        })
    }
}

impl std::fmt::Display for Notation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Debug for Notation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Notation({})", self.as_str())
    }
}

/// Text that is not a move's notation as a button carries it (see [`Notation`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is not a move's notation")]
pub struct NotationError(pub String);
