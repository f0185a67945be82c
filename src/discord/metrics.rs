//! What the bot records for operators: the Prometheus recorder and the metrics counted as it
//! runs, served on `/metrics` at `metrics.listen` (off unless configured).
//!
//! Metrics, all prefixed `oaq_`:
//! - `interactions_total{kind, outcome}`: interactions by kind (`command`, `button`,
//!   `autocomplete`) and what became of them (`served`, `restarting`, `elsewhere`);
//! - `interaction_seconds{kind}`: time to handle an interaction, answer and follow-up writes
//!   included;
//! - `click_answer_seconds`: from receiving a button click to Discord accepting its answer;
//! - `store_flush_seconds`: time of a database flush (recorded by the store);
//! - `discord_errors_total{status}`: failed Discord writes by HTTP status (`network` when no
//!   answer came);
//! - `games_running{kind}` and `shards_connected`: read when scraped (a shard counts as
//!   connected while Discord acknowledges its heartbeats: see `liveness`).
//!
//! - `store_backup_pause_seconds`: how long a backup stopped writers (recorded by the store).
//!
//! Without an endpoint no recorder is installed and recording costs nothing. The endpoint
//! itself, its routes and the gauges read at scrape time are in `endpoint`.

use std::time::Duration;

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use poise::serenity_prelude as serenity;

/// Histogram buckets in seconds: from 1 ms to 10 s.
const BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

/// Counts an interaction of `kind` with its `outcome`.
pub fn interaction(kind: &'static str, outcome: &'static str) {
    metrics::counter!("oaq_interactions_total", "kind" => kind, "outcome" => outcome).increment(1);
}

/// Records how long an interaction of `kind` took to handle.
pub fn handled(kind: &'static str, took: Duration) {
    metrics::histogram!("oaq_interaction_seconds", "kind" => kind).record(took.as_secs_f64());
}

/// Records how long a button click took to be answered.
pub fn click_answered(took: Duration) {
    metrics::histogram!("oaq_click_answer_seconds").record(took.as_secs_f64());
}

/// Counts a Discord write that failed.
pub fn discord_error(error: &serenity::Error) {
    let status = match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(answer)) => {
            answer.status_code.as_u16().to_string()
        }
        _ => String::from("network"),
    };
    metrics::counter!("oaq_discord_errors_total", "status" => status).increment(1);
}

/// Counts a Discord write that took longer than the write timeout.
pub fn discord_timeout() {
    metrics::counter!("oaq_discord_errors_total", "status" => "timeout").increment(1);
}

/// Installs the Prometheus recorder: metrics recorded from now on are kept.
pub fn install() -> anyhow::Result<PrometheusHandle> {
    Ok(PrometheusBuilder::new()
        .set_buckets(&BUCKETS)?
        .install_recorder()?)
}
