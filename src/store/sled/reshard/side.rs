//! One side of a reshard, old or new: a shard count and the store of each range of shards,
//! checked to cover every shard exactly once.

use std::path::{Path, PathBuf};

use super::error::ReshardError;
use crate::shards::{Layout, ShardRange};

/// One side of a reshard: a shard count and the store of each range of shards.
#[derive(Debug, Clone)]
pub struct Side {
    pub(super) count: u32,
    pub(super) stores: Vec<(PathBuf, Layout)>,
}

impl Side {
    /// `count` shards, served by `stores` (a path and its range); `side` (`old` or `new`)
    /// names the side in errors. The ranges must cover shards 0 to `count - 1` exactly once,
    /// and no path may appear twice.
    pub fn new(
        side: &'static str,
        count: u32,
        stores: Vec<(PathBuf, ShardRange)>,
    ) -> Result<Side, ReshardError> {
        let layout = |range| {
            Layout::new(count, range).map_err(|source| ReshardError::Layout { side, source })
        };
        layout(ShardRange::all(count))?;
        if stores.is_empty() {
            return Err(ReshardError::NoStore { side });
        }
        let mut owner: Vec<Option<usize>> = vec![None; count as usize];
        let mut placed = Vec::with_capacity(stores.len());
        for (index, (path, range)) in stores.iter().enumerate() {
            let layout = layout(*range)?;
            if stores[..index]
                .iter()
                .any(|(other, _)| same_path(other, path))
            {
                return Err(ReshardError::DuplicatePath {
                    side,
                    path: path.display().to_string(),
                });
            }
            for shard in range.first()..=range.last() {
                if let Some(first) = owner[shard as usize] {
                    return Err(ReshardError::Overlap {
                        side,
                        shard,
                        first: stores[first].0.display().to_string(),
                        second: path.display().to_string(),
                    });
                }
                owner[shard as usize] = Some(index);
            }
            placed.push((path.clone(), layout));
        }
        if let Some(shard) = owner.iter().position(Option::is_none) {
            return Err(ReshardError::Uncovered {
                side,
                count,
                shard: shard as u32,
            });
        }
        Ok(Side {
            count,
            stores: placed,
        })
    }
}

/// Whether two paths name the same directory (as far as can be told before it exists).
pub(super) fn same_path(a: &Path, b: &Path) -> bool {
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    canonical(a) == canonical(b)
}
