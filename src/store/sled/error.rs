//! sled's errors as the store reports them: a failed read, write or flush is a
//! [`BackendError`], a database that cannot be opened a [`StoreError::Open`].

use std::path::Path;

use crate::store::error::{BackendError, StoreError};

impl From<::sled::Error> for BackendError {
    fn from(error: ::sled::Error) -> BackendError {
        BackendError::Failed(Box::new(error))
    }
}

impl From<::sled::Error> for StoreError {
    fn from(error: ::sled::Error) -> StoreError {
        StoreError::Backend(error.into())
    }
}

/// The error of a database at `path` that sled could not open.
pub(super) fn open_error(path: &Path, source: ::sled::Error) -> StoreError {
    StoreError::Open {
        path: path.display().to_string(),
        source: Box::new(source),
    }
}
