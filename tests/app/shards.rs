//! A process that serves some shards leaves the records of other servers alone: should its
//! store hold any (its layout changed without `store reshard`), the sweeps skip them.

use std::sync::Arc;

use std::collections::HashSet;

use oaq_bot::app::{Action, App, Caller, FakeClock, Place, Scan};
use oaq_bot::shards::{Layout, ShardRange};
use oaq_bot::store::{FirstPlayer, Store};

use super::{an, app_with, binh, challenge_id, request, EN, TTL, TURN};
use oaq_bot::ids::{ChannelId, GuildId};

/// Server 1 is on shard 0 of two; server `1 << 22` on shard 1.
const MINE: Place = Place {
    guild: Some(GuildId::new(1)),
    channel: ChannelId::new(100),
};
const THEIRS: Place = Place {
    guild: Some(GuildId::new(1 << 22)),
    channel: ChannelId::new(200),
};

#[test]
fn the_sweeps_leave_the_records_of_servers_another_process_serves_alone() {
    let clock = Arc::new(FakeClock::new(1_700_000_000_000));
    let layout = Layout::new(2, ShardRange::new(0, 0).expect("range")).expect("layout");
    let app = app_with(Store::temporary().expect("store"), clock.clone()).serving(layout);
    assert_eq!(app.foreign_records(), 0);

    // A game and a challenge in each server.
    for place in [MINE, THEIRS] {
        let posted = app.challenge(
            &Caller::new(EN, place, an()),
            request(Some(binh()), FirstPlayer::Challenger),
        );
        let id = challenge_id(&posted);
        app.click(
            &Caller::new(EN, place, binh()),
            Action::Accept { challenge: id },
        );
        let other = Place {
            channel: ChannelId::new(place.channel.get() + 1),
            ..place
        };
        app.challenge(
            &Caller::new(EN, other, binh()),
            request(Some(an()), FirstPlayer::Challenger),
        );
    }
    assert_eq!(
        app.foreign_records(),
        2,
        "the other server's game and challenge"
    );

    // Time runs out for both challenges and both turns: only this server's are settled.
    clock.advance_ms(TTL.max(TURN));
    assert_eq!(app.expire_challenges().len(), 1);
    assert_eq!(app.expire_turns().len(), 1);
    assert_eq!(
        app.foreign_records(),
        2,
        "the other server's records are untouched"
    );

    // The same store served by a process that owns every shard settles them.
    let everything = app.serving(Layout::single());
    assert_eq!(everything.foreign_records(), 0);
    assert_eq!(everything.expire_challenges().len(), 1);
    assert_eq!(everything.expire_turns().len(), 1);

    // The notes owed on both expired challenges' messages name their servers: a process of
    // shard 0 writes only its own.
    let busy = HashSet::new();
    let all = Scan {
        all: true,
        urgent: &[],
        busy: &busy,
    };
    let channels = |app: &App| -> Vec<u64> {
        let mut channels: Vec<u64> = app
            .due_edits(all)
            .iter()
            .filter(|edit| edit.channel.get() % 100 == 1)
            .map(|edit| edit.channel.get())
            .collect();
        channels.sort_unstable();
        channels
    };
    assert_eq!(
        channels(&everything),
        [MINE.channel.get() + 1, THEIRS.channel.get() + 1]
    );
    let shard_0 = everything.serving(layout);
    assert_eq!(channels(&shard_0), [MINE.channel.get() + 1]);
}
