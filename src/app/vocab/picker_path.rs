//! Where a click in the board's private picker goes: [`PickerAt`], and the path of steps
//! chosen so far, [`PickerPath`], which owns the path's rules (its text form rides in a
//! component's id, see `discord::custom_id`).
//!
//! A path is the keys of the steps chosen, joined by `/`, or `.` for none (`7g/7f/+`, `B*`,
//! `.`). A segment `~<k>` is not a key but a menu number: it names the step's `k`-th menu of
//! 25 options (from 0), so that the menus of one step have ids of their own. A select menu's
//! path ends with its number and the option chosen is added after it, so menu numbers may
//! also stand between keys; they are left out of [`PickerPath::keys`].

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The first character of a menu number segment; keys never start with it.
const MENU: char = '~';

/// The text of the path before any step.
const ROOT: &str = ".";

/// Where a click of the picker comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PickerAt {
    /// The board's *Pick a move* button: opens the picker, privately.
    Board,
    /// A component inside a picker (or a button that leads into one): goes to this path.
    Path(PickerPath),
}

/// A path of the picker: at most [`PickerPath::MAX`] bytes of printable ASCII as text, so it
/// is `Copy` and fits in a component's id with room to spare.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PickerPath {
    /// The segments joined by `/` (empty for the root).
    len: u8,
    bytes: [u8; PickerPath::MAX],
}

/// Why text or keys do not make a picker path.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PathError {
    /// Longer than [`PickerPath::MAX`] bytes.
    #[error("a picker path of {0} bytes is longer than {max}", max = PickerPath::MAX)]
    TooLong(usize),
    /// A segment that is neither a key nor a menu number.
    #[error("`{0}` is not a step of the picker")]
    Segment(String),
}

/// Whether `segment` may be a step's key: printable ASCII without `:` (the separator of
/// component ids) or `/`, neither `.` nor starting with `~`.
fn is_key(segment: &str) -> bool {
    !segment.is_empty()
        && segment != ROOT
        && !segment.starts_with(MENU)
        && segment
            .bytes()
            .all(|b| b.is_ascii_graphic() && b != b':' && b != b'/')
}

/// The menu number `segment` names, if it is a menu segment (`~<k>`).
fn menu_number(segment: &str) -> Option<usize> {
    segment.strip_prefix(MENU)?.parse().ok()
}

impl PickerPath {
    /// The longest path, in bytes of its text.
    pub const MAX: usize = 24;

    /// The path before any step (`.`).
    pub const ROOT: PickerPath = PickerPath {
        len: 0,
        bytes: [0; PickerPath::MAX],
    };

    /// The path of these keys, in order (the root for none).
    pub fn from_keys<'k>(keys: impl IntoIterator<Item = &'k str>) -> Result<PickerPath, PathError> {
        keys.into_iter()
            .try_fold(PickerPath::ROOT, |path, key| path.then(key))
    }

    /// This path with the step `key` chosen after it.
    pub fn then(&self, key: &str) -> Result<PickerPath, PathError> {
        if !is_key(key) {
            return Err(PathError::Segment(key.to_owned()));
        }
        self.push(key)
    }

    /// This path showing the step's menus from number `menu` on (the path itself for 0).
    pub fn with_menu(&self, menu: usize) -> Result<PickerPath, PathError> {
        match menu {
            0 => Ok(*self),
            n => self.push(&format!("{MENU}{n}")),
        }
    }

    /// The keys chosen, in order (menu numbers left out).
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.segments().filter(|s| !s.starts_with(MENU))
    }

    /// The menu the last segment names, if it is a menu number.
    pub fn menu(&self) -> Option<usize> {
        self.segments().last().and_then(menu_number)
    }

    /// The segments of the path (none for the root).
    fn segments(&self) -> impl Iterator<Item = &str> {
        self.text().split('/').filter(|s| !s.is_empty())
    }

    /// The segments joined by `/` (empty for the root).
    fn text(&self) -> &str {
        // Built only from ASCII (see `push`), so this cannot fail.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }

    /// This path with a segment already checked added after it.
    fn push(&self, segment: &str) -> Result<PickerPath, PathError> {
        let start = usize::from(self.len);
        let separator = usize::from(start > 0);
        let len = start + separator + segment.len();
        if len > PickerPath::MAX {
            return Err(PathError::TooLong(len));
        }
        let mut path = *self;
        if separator == 1 {
            path.bytes[start] = b'/';
        }
        path.bytes[start + separator..len].copy_from_slice(segment.as_bytes());
        path.len = len as u8;
        Ok(path)
    }
}

impl FromStr for PickerPath {
    type Err = PathError;

    /// `.`, or segments joined by `/`, each a key or a menu number (`~<k>`).
    fn from_str(text: &str) -> Result<PickerPath, PathError> {
        if text == ROOT {
            return Ok(PickerPath::ROOT);
        }
        if text.len() > PickerPath::MAX {
            return Err(PathError::TooLong(text.len()));
        }
        text.split('/').try_fold(PickerPath::ROOT, |path, segment| {
            if is_key(segment) || menu_number(segment).is_some() {
                path.push(segment)
            } else {
                Err(PathError::Segment(segment.to_owned()))
            }
        })
    }
}

impl fmt::Display for PickerPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.text() {
            "" => f.write_str(ROOT),
            text => f.write_str(text),
        }
    }
}

impl fmt::Debug for PickerPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PickerPath({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(text: &str) -> PickerPath {
        text.parse().expect(text)
    }

    #[test]
    fn paths_round_trip_through_their_text() {
        for text in [
            ".",
            "7g",
            "7g/7f/+",
            "B*/5e",
            "~3",
            "B*/~2",
            "B*/~2/5e/+",
            "pass",
        ] {
            assert_eq!(path(text).to_string(), text);
        }
        let longest = "abcdefghij/klmnopqrst/uv";
        assert_eq!(longest.len(), PickerPath::MAX);
        assert_eq!(path(longest).to_string(), longest);
    }

    #[test]
    fn the_root_is_a_dot_and_has_no_keys() {
        assert_eq!(PickerPath::ROOT.to_string(), ".");
        assert_eq!(path("."), PickerPath::ROOT);
        assert_eq!(PickerPath::ROOT.keys().count(), 0);
        assert_eq!(PickerPath::ROOT.menu(), None);
        assert_eq!(PickerPath::from_keys([]), Ok(PickerPath::ROOT));
    }

    #[test]
    fn built_paths_are_the_paths_their_text_reads_as() {
        let keys = ["7g", "7f", "+"];
        let built = PickerPath::from_keys(keys).expect("keys");
        assert_eq!(built, path("7g/7f/+"));
        assert_eq!(built.keys().collect::<Vec<_>>(), keys);
        assert_eq!(built.menu(), None);
        let menu = PickerPath::from_keys(["B*"])
            .and_then(|p| p.with_menu(2))
            .expect("a menu");
        assert_eq!(menu, path("B*/~2"));
        assert_eq!(menu.menu(), Some(2));
        assert_eq!(menu.keys().collect::<Vec<_>>(), ["B*"]);
        assert_eq!(menu.then("5e"), Ok(path("B*/~2/5e")));
        assert_eq!(menu.with_menu(0), Ok(menu));
        assert_eq!(PickerPath::ROOT.then("D2"), Ok(path("D2")));
    }

    /// A path forged in a component's id is refused with the reason, never a panic.
    #[test]
    fn malformed_paths_are_refused() {
        for bad in [
            "",
            "/",
            "7g/",
            "/7g",
            "7g//7f",
            "./7g",
            "7g/.",
            "7g:7f",
            "7g 7f",
            "é",
            "~",
            "~x",
            "B*/~x",
            "~-1",
            "~99999999999999999999999",
            "abcdefghij/klmnopqrst/uvw",
        ] {
            assert!(bad.parse::<PickerPath>().is_err(), "{bad:?}");
        }
        assert_eq!(
            "7g//7f".parse::<PickerPath>(),
            Err(PathError::Segment(String::new()))
        );
        assert_eq!(
            "a".repeat(30).parse::<PickerPath>(),
            Err(PathError::TooLong(30))
        );
    }

    #[test]
    fn keys_that_would_change_the_path_are_refused() {
        for bad in ["", ".", "~2", "a/b", "a:b", "a b"] {
            assert!(PickerPath::ROOT.then(bad).is_err(), "{bad:?}");
        }
        let long = PickerPath::from_keys(["abcdefghij", "klmnopqrst"]).expect("21 bytes");
        assert_eq!(long.then("uvw"), Err(PathError::TooLong(25)));
        assert_eq!(long.with_menu(12), Err(PathError::TooLong(25)));
        assert!(long.then("uv").is_ok());
    }
}
