//! The few raw SQL helpers the roll-up and the reports share. Their aggregate queries
//! (`COUNT(DISTINCT …)` over a visitor key, grouped several ways) are written once in SQL
//! that both SQLite and PostgreSQL accept; only the placeholders differ.

use crate::event_sink::EventKind;
use sea_orm::{ConnectionTrait, DbErr, QueryResult, Value};

/// The visitor of an event: the member when signed in, else the guest id (`NULL` when
/// neither, so `COUNT(DISTINCT …)` leaves it out). `e` is the events table's alias.
pub const VISITOR: &str = "COALESCE('m' || CAST(e.member_id AS TEXT), 'g' || e.guest_id)";

/// Kinds that mean the visitor read the post.
pub const READ_KINDS: &[EventKind] = &[EventKind::View, EventKind::ReadThrough];

/// `e.kind = 'view'`: the events of one kind (`e` is the events table's alias). The kinds
/// are fixed words of [`EventKind`], so they go into the SQL as literals (the planner then
/// picks the partial and `(kind, day)` indexes that name them).
pub fn kind_is(kind: EventKind) -> String {
    format!("e.kind = '{kind}'")
}

/// `e.kind IN ('view', 'read_through')`: the events of any of `list`'s kinds.
pub fn kind_in(list: &[EventKind]) -> String {
    let words: Vec<String> = list.iter().map(|kind| format!("'{kind}'")).collect();
    format!("e.kind IN ({})", words.join(", "))
}

pub use crate::db::statement;

/// `?, ?, ?` for `n` values.
pub fn placeholders(n: usize) -> String {
    vec!["?"; n].join(", ")
}

/// Runs a query written with `?` placeholders.
pub async fn query(
    db: &impl ConnectionTrait,
    sql: &str,
    values: Vec<Value>,
) -> Result<Vec<QueryResult>, DbErr> {
    db.query_all_raw(statement(db.get_database_backend(), sql, values))
        .await
}

/// An integer column (counts and sums come back as 64-bit integers on both databases when
/// the SQL casts sums to `BIGINT`); NULL reads as 0.
pub fn int(row: &QueryResult, column: &str) -> Result<i64, DbErr> {
    Ok(row.try_get::<Option<i64>>("", column)?.unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::DbBackend;

    #[test]
    fn placeholders_are_numbered_on_postgres() {
        let sql = "SELECT 1 WHERE a = ? AND b IN (?, ?)";
        assert_eq!(
            statement(DbBackend::Postgres, sql, vec![]).sql,
            "SELECT 1 WHERE a = $1 AND b IN ($2, $3)"
        );
        assert_eq!(statement(DbBackend::Sqlite, sql, vec![]).sql, sql);
        assert_eq!(placeholders(3), "?, ?, ?");
    }

    #[test]
    fn kinds_are_written_as_their_words() {
        assert_eq!(kind_is(EventKind::ReadThrough), "e.kind = 'read_through'");
        assert_eq!(kind_in(READ_KINDS), "e.kind IN ('view', 'read_through')");
    }
}
