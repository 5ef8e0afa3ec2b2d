//! Writing rows in bulk (multi-row INSERTs in large transactions), and the progress lines.

use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, Iterable,
};
use std::time::Instant;

/// Bound parameters per statement: under SQLite's 32,766 (and PostgreSQL's 65,535).
const MAX_PARAMETERS: usize = 30_000;
/// Rows of the other tables per transaction.
pub(super) const ROWS_PER_TRANSACTION: usize = 50_000;

/// Progress lines on standard output, with the time since the start.
pub(super) struct Progress(pub(super) Instant);

impl Progress {
    pub(super) fn say(&self, what: std::fmt::Arguments<'_>) {
        println!(
            "large data set: {what} ({:.1} s)",
            self.0.elapsed().as_secs_f64()
        );
    }
}

/// Rows per statement for a table of `columns` columns.
pub(in crate::seed) fn per_statement(columns: usize) -> usize {
    (MAX_PARAMETERS / columns).max(1)
}

/// Multi-row INSERTs of `rows`, as many a statement as the bound parameters allow.
pub(in crate::seed) async fn insert_rows<A, C>(db: &C, rows: Vec<A>) -> Result<(), DbErr>
where
    A: ActiveModelTrait,
    C: ConnectionTrait,
{
    let columns = <A::Entity as EntityTrait>::Column::iter().count();
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<A> = rows.by_ref().take(per_statement(columns)).collect();
        A::Entity::insert_many(chunk)
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// Writes `rows` in transactions of [`ROWS_PER_TRANSACTION`].
pub(in crate::seed) async fn insert_in_transactions<A>(
    db: &DatabaseConnection,
    rows: Vec<A>,
) -> Result<(), DbErr>
where
    A: ActiveModelTrait,
{
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let part: Vec<A> = rows.by_ref().take(ROWS_PER_TRANSACTION).collect();
        let txn = crate::db::write_txn(db).await?;
        insert_rows(&txn, part).await?;
        txn.commit().await?;
    }
    Ok(())
}
