//! What keeps several server processes on one database in step (docs/scale-out.md): the
//! change log every process follows, and the claim of a periodic job's period so that the
//! job runs once per period whatever the number of processes. On SQLite (one process) the
//! changes are applied in the process by the same code (`AppState::apply`) without a row in
//! the log, and every period is the process's own: a single writer's database is spared
//! writes that tell no one anything.

use crate::entities::{change_log, job_runs, node_heartbeats};
use chrono::{Duration, Utc};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

/// What changed, as the log records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// A post's row: its detail, its place in the lists, its search entry.
    Post(i64),
    /// A business's profile: its search entry and its name on every card.
    Business(i64),
    /// A post's bookmark count: its answers, its business's page and the lists.
    PostCounts(i64),
    /// A business's follower count: its page and its posts' answers.
    BusinessCounts(i64),
    /// Something the lists and collections show (a collection).
    Catalog,
}

impl Change {
    fn kind(self) -> &'static str {
        match self {
            Change::Post(_) => "POST",
            Change::Business(_) => "BUSINESS",
            Change::PostCounts(_) => "POST_COUNTS",
            Change::BusinessCounts(_) => "BUSINESS_COUNTS",
            Change::Catalog => "CATALOG",
        }
    }

    fn entity(self) -> Option<i64> {
        match self {
            Change::Post(id)
            | Change::Business(id)
            | Change::PostCounts(id)
            | Change::BusinessCounts(id) => Some(id),
            Change::Catalog => None,
        }
    }

    fn parse(kind: &str, entity: Option<i64>) -> Option<Change> {
        match (kind, entity) {
            ("POST", Some(id)) => Some(Change::Post(id)),
            ("BUSINESS", Some(id)) => Some(Change::Business(id)),
            ("POST_COUNTS", Some(id)) => Some(Change::PostCounts(id)),
            ("BUSINESS_COUNTS", Some(id)) => Some(Change::BusinessCounts(id)),
            ("CATALOG", _) => Some(Change::Catalog),
            _ => None,
        }
    }
}

/// One row of the log as a follower reads it.
pub struct Logged {
    pub id: i64,
    pub change: Change,
    /// The process that wrote it (and applied it already).
    pub node: Option<String>,
    pub at: chrono::DateTime<Utc>,
}

/// The notification channel an insert into the log signals on PostgreSQL.
pub const CHANNEL: &str = "tidemark_changes";

/// How long the log keeps its rows: a process that was down longer rebuilds its index.
pub const RETENTION_DAYS: i64 = 7;

/// Records `change` on `db` (the writer's transaction, where it has one), written by `node`.
pub async fn record(db: &impl ConnectionTrait, node: &str, change: Change) -> Result<(), DbErr> {
    change_log::Entity::insert(change_log::ActiveModel {
        kind: Set(change.kind().into()),
        entity_id: Set(change.entity()),
        node: Set(Some(node.into())),
        created_at: Set(Utc::now()),
        ..Default::default()
    })
    .exec_without_returning(db)
    .await
    .map(|_| ())
}

/// The newest position of the log (0 when it is empty).
pub async fn latest(db: &impl ConnectionTrait) -> Result<i64, DbErr> {
    let newest: Option<i64> = change_log::Entity::find()
        .select_only()
        .column_as(change_log::Column::Id.max(), "newest")
        .into_tuple::<Option<i64>>()
        .one(db)
        .await?
        .flatten();
    Ok(newest.unwrap_or(0))
}

/// Up to `limit` rows after `position`, oldest first.
pub async fn after(
    db: &impl ConnectionTrait,
    position: i64,
    limit: u64,
) -> Result<Vec<Logged>, DbErr> {
    let rows = change_log::Entity::find()
        .filter(change_log::Column::Id.gt(position))
        .order_by_asc(change_log::Column::Id)
        .limit(limit)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let change = Change::parse(&row.kind, row.entity_id);
            if change.is_none() {
                tracing::warn!(id = row.id, kind = %row.kind, "change log: a row of no known kind");
            }
            Some(Logged {
                id: row.id,
                change: change?,
                node: row.node,
                at: row.created_at,
            })
        })
        .collect())
}

/// The oldest position still in the log (`None` when it is empty): a follower whose own
/// position is older missed rows the retention deleted.
pub async fn oldest(db: &impl ConnectionTrait) -> Result<Option<i64>, DbErr> {
    change_log::Entity::find()
        .select_only()
        .column_as(change_log::Column::Id.min(), "oldest")
        .into_tuple::<Option<i64>>()
        .one(db)
        .await
        .map(Option::flatten)
}

/// Ids are handed out before a transaction commits, so a row may appear after a newer one:
/// how long a hole in the ids is waited for before the follower moves past it (a rolled-back
/// write leaves a hole for good).
pub const HOLE_WAIT: Duration = Duration::seconds(5);

/// Where a follower at `position` that read `ids` (ascending, every one after `position`)
/// may move to: the end of the run without holes, or past a hole once the row after it is
/// older than [`HOLE_WAIT`].
pub fn advance(
    position: i64,
    rows: &[(i64, chrono::DateTime<Utc>)],
    now: chrono::DateTime<Utc>,
) -> i64 {
    let mut at = position;
    for &(id, written) in rows {
        if id != at + 1 && now - written < HOLE_WAIT {
            break;
        }
        at = id;
    }
    at
}

/// Deletes the log's rows older than the retention; how many.
pub async fn prune(db: &impl ConnectionTrait) -> Result<u64, DbErr> {
    let before = Utc::now() - Duration::days(RETENTION_DAYS);
    Ok(change_log::Entity::delete_many()
        .filter(change_log::Column::CreatedAt.lt(before))
        .exec(db)
        .await?
        .rows_affected)
}

/// Claims period `period` of job `job` for `node`: true for the one process that inserts
/// the row first, false for every other (one statement; the primary key decides). Periods
/// claimed more than a day ago are cleared by the caller's own claims now and then. On
/// SQLite the process is the only one and always runs the job, writing nothing.
pub async fn claim(
    db: &impl ConnectionTrait,
    job: &str,
    period: i64,
    node: &str,
) -> Result<bool, DbErr> {
    if db.get_database_backend() == sea_orm::DbBackend::Sqlite {
        return Ok(true);
    }
    let inserted = job_runs::Entity::insert(job_runs::ActiveModel {
        job: Set(job.into()),
        period: Set(period),
        node: Set(Some(node.into())),
        started_at: Set(Utc::now()),
    })
    .on_conflict(
        OnConflict::columns([job_runs::Column::Job, job_runs::Column::Period])
            .do_nothing()
            .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    if inserted == 1 && period % 64 == 0 {
        job_runs::Entity::delete_many()
            .filter(job_runs::Column::Job.eq(job))
            .filter(job_runs::Column::StartedAt.lt(Utc::now() - Duration::days(1)))
            .exec(db)
            .await?;
    }
    Ok(inserted == 1)
}

/// How often a process says it is alive, and how long after its last word it counts as gone.
pub const HEARTBEAT_EVERY: std::time::Duration = std::time::Duration::from_secs(10);
pub const ALIVE_WITHIN: Duration = Duration::seconds(30);

/// Says `node` is alive (and whether its media are local); rows silent for a day go.
pub async fn beat(
    db: &impl ConnectionTrait,
    node: &str,
    local_media: bool,
    started: chrono::DateTime<Utc>,
) -> Result<(), DbErr> {
    let now = Utc::now();
    node_heartbeats::Entity::insert(node_heartbeats::ActiveModel {
        node: Set(node.into()),
        local_media: Set(local_media),
        started_at: Set(started),
        seen_at: Set(now),
    })
    .on_conflict(
        OnConflict::column(node_heartbeats::Column::Node)
            .update_columns([
                node_heartbeats::Column::SeenAt,
                node_heartbeats::Column::LocalMedia,
            ])
            .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    node_heartbeats::Entity::delete_many()
        .filter(node_heartbeats::Column::SeenAt.lt(now - Duration::days(1)))
        .exec(db)
        .await?;
    Ok(())
}

/// The other processes alive now: their names and whether their media are local.
pub async fn others_alive(
    db: &impl ConnectionTrait,
    node: &str,
) -> Result<Vec<(String, bool)>, DbErr> {
    Ok(node_heartbeats::Entity::find()
        .filter(node_heartbeats::Column::Node.ne(node))
        .filter(node_heartbeats::Column::SeenAt.gte(Utc::now() - ALIVE_WITHIN))
        .all(db)
        .await?
        .into_iter()
        .map(|row| (row.node, row.local_media))
        .collect())
}

/// Says goodbye: the process is no longer counted among the living.
pub async fn leave(db: &impl ConnectionTrait, node: &str) -> Result<(), DbErr> {
    node_heartbeats::Entity::delete_by_id(node.to_string())
        .exec(db)
        .await
        .map(|_| ())
}

/// Why a process must not run beside `others` (names and local media) when its own media
/// are `local`; `None` when it may.
pub fn media_conflict(local: bool, others: &[(String, bool)]) -> Option<String> {
    if others.is_empty() {
        return None;
    }
    if local {
        return Some(format!(
            "{} other server process(es) run on this database: several processes need S3-compatible media \
             (TIDEMARK_S3_BUCKET; docs/scale-out.md), a file stored in one data folder cannot be served by the others \
             (a process stopped without a goodbye counts for 30 seconds)",
            others.len()
        ));
    }
    others.iter().any(|(_, local)| *local).then(|| {
        "another server process on this database keeps its media in its own data folder: \
         give every process the same S3-compatible media (docs/scale-out.md)"
            .to_string()
    })
}

/// The period `now` falls in for a job that runs every `every` seconds.
pub fn period_of(now: chrono::DateTime<Utc>, every: i64) -> i64 {
    now.timestamp().div_euclid(every.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_reads_back_as_itself() {
        for change in [
            Change::Post(7),
            Change::Business(3),
            Change::PostCounts(5),
            Change::BusinessCounts(4),
            Change::Catalog,
        ] {
            assert_eq!(Change::parse(change.kind(), change.entity()), Some(change));
        }
        assert_eq!(Change::parse("POST", None), None);
        assert_eq!(Change::parse("SOMETHING", Some(1)), None);
    }

    #[test]
    fn a_hole_in_the_ids_is_waited_for_then_passed() {
        let now = Utc::now();
        let fresh = now - Duration::milliseconds(100);
        let old = now - Duration::seconds(6);
        assert_eq!(advance(3, &[(4, fresh), (5, fresh)], now), 5);
        // 5 may still commit: stop before it.
        assert_eq!(advance(3, &[(4, fresh), (6, fresh)], now), 4);
        // 5 never came: once 6 is old enough, move past.
        assert_eq!(advance(3, &[(4, old), (6, old), (7, fresh)], now), 7);
        assert_eq!(advance(3, &[], now), 3);
    }

    #[test]
    fn local_media_never_run_beside_another_process() {
        let other = |local| vec![("b".to_string(), local)];
        assert_eq!(
            media_conflict(true, &[]),
            None,
            "alone, local media are fine"
        );
        assert!(media_conflict(true, &other(false)).is_some());
        assert!(media_conflict(false, &other(true)).is_some());
        assert_eq!(media_conflict(false, &other(false)), None, "all on S3");
    }

    #[test]
    fn periods_are_whole_intervals() {
        let at = |s: i64| chrono::DateTime::from_timestamp(s, 0).unwrap();
        assert_eq!(period_of(at(119), 60), 1);
        assert_eq!(period_of(at(120), 60), 2);
        assert_eq!(period_of(at(120), 60), period_of(at(179), 60));
    }
}
