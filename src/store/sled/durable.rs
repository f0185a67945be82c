//! Durable acknowledgements: what sled's flush leaves out.
//!
//! sled 0.34's `Db::flush` writes its log with `pwrite` and then `sync_file_range` (see
//! `pagecache/iobuf.rs` in sled's source), which starts and waits for the write-back of those
//! pages but neither flushes the drive's volatile cache nor makes the file's metadata (its
//! size, as the log grows) durable; only sled's background flusher calls `fsync`, every
//! `flush_every_ms`. Values too big for a log segment go to files of their own under `blobs/`,
//! written with no sync at all. An OS crash or a power cut could therefore lose writes the bot
//! had already acknowledged.
//!
//! [`Durable::sync`] closes that gap, after each flush: every blob file written since the last
//! sync and the `blobs` directory (so that their names survive), then the log file `db`, are
//! synced with `fdatasync` (`File::sync_data`). `fsync` and `fdatasync` act on the file, not
//! on the descriptor, so a descriptor of our own covers what sled wrote through its own. The
//! store runs it inside the group commit (`group_commit.rs`), so writers that arrive together
//! share one sync. When the store is opened, the database directory itself is synced once, so
//! that the files sled created are found after a power cut.

use std::collections::HashSet;
use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// Makes what sled flushed reach stable storage. See the module documentation.
#[derive(Debug)]
pub(super) struct Durable {
    /// `None` for a temporary database, which disappears when dropped anyway (sled skips its
    /// own syncs for those too).
    files: Option<Files>,
}

#[derive(Debug)]
struct Files {
    /// sled's log, `<path>/db`.
    log: File,
    /// `<path>/blobs`.
    blobs: PathBuf,
    /// The blob files synced so far (the ones sled has not removed since).
    synced: Mutex<HashSet<OsString>>,
}

/// Opens `path` (a file or a directory) to sync it.
fn open(path: &Path) -> io::Result<File> {
    File::open(path)
}

impl Durable {
    /// For the database sled has just opened in `path`: syncs its files and its directory once
    /// (a previous process may have written them without syncing), and keeps the log open to
    /// sync it after every flush.
    pub(super) fn open(path: &Path) -> io::Result<Durable> {
        let log = open(&path.join("db"))?;
        let files = Files {
            log,
            blobs: path.join("blobs"),
            synced: Mutex::new(HashSet::new()),
        };
        files.sync_blobs()?;
        files.log.sync_all()?;
        open(path)?.sync_all()?;
        Ok(Durable { files: Some(files) })
    }

    /// For a temporary database: syncs nothing.
    pub(super) fn temporary() -> Durable {
        Durable { files: None }
    }

    /// Makes everything sled has flushed so far durable: new blob files and their directory,
    /// then the log. Call it after `Db::flush` succeeded.
    pub(super) fn sync(&self) -> io::Result<()> {
        let Some(files) = &self.files else {
            return Ok(());
        };
        files.sync_blobs()?;
        files.log.sync_data()
    }
}

impl Files {
    /// Syncs every blob file not synced yet, then the `blobs` directory if there was one (a
    /// blob must be durable before the log entry that points at it is).
    fn sync_blobs(&self) -> io::Result<()> {
        let entries = match std::fs::read_dir(&self.blobs) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e),
        };
        // The set is only ever replaced whole, after every sync it records succeeded.
        let mut synced = self.synced.lock().unwrap_or_else(PoisonError::into_inner);
        let mut present = HashSet::with_capacity(synced.len());
        let mut new = false;
        for entry in entries {
            let name = entry?.file_name();
            if !synced.contains(&name) {
                match open(&self.blobs.join(&name)) {
                    Ok(file) => file.sync_data()?,
                    // Removed by sled's clean-up since it was listed: nothing to keep.
                    Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                    Err(e) => return Err(e),
                }
                new = true;
            }
            present.insert(name);
        }
        if new {
            open(&self.blobs)?.sync_all()?;
        }
        *synced = present;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syncs_a_database_and_its_new_blobs() {
        let dir = tempfile::tempdir().expect("tempdir");
        let db = sled::Config::new()
            .path(dir.path())
            .open()
            .expect("database");
        let durable = Durable::open(dir.path()).expect("durable");
        db.insert(b"small", &b"value"[..]).expect("insert");
        // Bigger than a quarter of sled's 512 KiB segment: stored as a blob file.
        db.insert(b"big", vec![7u8; 200 << 10]).expect("insert");
        db.flush().expect("flush");
        durable.sync().expect("sync");
        let Some(files) = &durable.files else {
            panic!("a database on disk has files to sync")
        };
        let synced = files.synced.lock().expect("lock").len();
        assert!(synced >= 1, "the blob was synced and remembered");
        // Nothing new: the next sync opens no blob.
        durable.sync().expect("sync");
        assert_eq!(files.synced.lock().expect("lock").len(), synced);
    }

    #[test]
    fn a_missing_database_file_is_an_error() {
        let dir = tempfile::tempdir().expect("tempdir");
        assert!(Durable::open(dir.path()).is_err());
        assert!(Durable::temporary().sync().is_ok());
    }
}
