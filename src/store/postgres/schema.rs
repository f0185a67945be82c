//! The schema of the store's tables in PostgreSQL, applied by every process as it starts.

use postgres::Client;

use super::pool::failed;
use crate::store::error::StoreError;

/// The schema of the store's tables, one migration per version (version `n` is the `n`th entry,
/// from 1). Never edit one that has shipped: add the next.
const MIGRATIONS: &[&str] = &[
    "CREATE TABLE kv (
        space text COLLATE \"C\" NOT NULL,
        key bytea NOT NULL,
        value bytea NOT NULL,
        PRIMARY KEY (space, key)
    )",
    // 2: the key locks of transactions (see `tx.rs`): each function takes a key's lock
    // (waiting for it, or only if it is free) and then reads or writes the key, in one round
    // trip. A statement of a VOLATILE function takes its own snapshot at READ COMMITTED, so
    // what it reads was committed before the lock was taken. A write whose lock is busy fails
    // with SQLSTATE OQ001, the lock's number as its message.
    "CREATE FUNCTION oaq_lock(lock_id bigint, wait boolean) RETURNS boolean
        LANGUAGE plpgsql VOLATILE AS $$
        BEGIN
            IF wait THEN
                PERFORM pg_advisory_xact_lock(lock_id);
                RETURN true;
            END IF;
            RETURN pg_try_advisory_xact_lock(lock_id);
        END $$;
    CREATE FUNCTION oaq_get(lock_id bigint, wait boolean, s text, k bytea,
        OUT locked boolean, OUT val bytea)
        LANGUAGE plpgsql VOLATILE AS $$
        BEGIN
            locked := oaq_lock(lock_id, wait);
            IF locked THEN
                val := (SELECT value FROM kv WHERE space = s AND key = k);
            END IF;
        END $$;
    CREATE FUNCTION oaq_write(lock_id bigint, wait boolean, s text, k bytea, v bytea)
        RETURNS void LANGUAGE plpgsql VOLATILE AS $$
        BEGIN
            IF NOT oaq_lock(lock_id, wait) THEN
                RAISE EXCEPTION USING ERRCODE = 'OQ001', MESSAGE = lock_id::text;
            END IF;
            IF v IS NULL THEN
                DELETE FROM kv WHERE space = s AND key = k;
            ELSE
                INSERT INTO kv (space, key, value) VALUES (s, k, v)
                    ON CONFLICT (space, key) DO UPDATE SET value = EXCLUDED.value;
            END IF;
        END $$;",
];

/// The advisory lock every process takes to apply migrations (an arbitrary constant: "oaq").
const MIGRATION_LOCK: i64 = 0x6f_61_71;

/// Applies the migrations the database of `client` lacks, in order, in one transaction holding
/// the migration lock.
pub(super) fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let applied = apply(client).map_err(failed)?;
    if applied > MIGRATIONS.len() {
        return Err(StoreError::NewerSchema {
            kind: "database",
            key: 0,
            found: u32::try_from(applied).unwrap_or(u32::MAX),
        });
    }
    Ok(())
}

/// Applies the missing migrations (none if the database is newer); returns the version the
/// database was at.
fn apply(client: &mut Client) -> Result<usize, postgres::Error> {
    let mut tx = client.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS oaq_migrations (
            version integer PRIMARY KEY,
            applied_at timestamptz NOT NULL DEFAULT now()
        )",
    )?;
    let applied: i32 = tx
        .query_one("SELECT coalesce(max(version), 0) FROM oaq_migrations", &[])?
        .get(0);
    let applied = usize::try_from(applied).unwrap_or(0);
    if applied > MIGRATIONS.len() {
        return Ok(applied);
    }
    for (index, migration) in MIGRATIONS.iter().enumerate().skip(applied) {
        tx.batch_execute(migration)?;
        let version = i32::try_from(index + 1).unwrap_or(i32::MAX);
        tx.execute(
            "INSERT INTO oaq_migrations (version) VALUES ($1)",
            &[&version],
        )?;
    }
    tx.commit()?;
    Ok(applied)
}
