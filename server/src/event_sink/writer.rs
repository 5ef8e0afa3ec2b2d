//! The one task that writes events: batches (group commit), retries, and what it holds
//! while the database is away (the module above describes both).

use super::{
    Counters, Event, Message, Refusal, ATTEMPTS, HELD_MAX_EVENTS, HELD_RETRY, LINGER,
    MAX_BATCH_ROWS, ROWS_PER_STATEMENT,
};
use crate::db::reach::Reach;
use crate::entities::analytics_events;
use crate::http::error::is_unreachable;
use sea_orm::sea_query::Query;
use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// The messages of one transaction.
#[derive(Default)]
struct Batch {
    events: Vec<Event>,
    submitters: Vec<oneshot::Sender<Result<(), Refusal>>>,
    flushes: Vec<oneshot::Sender<()>>,
    /// Fire-and-forget events in `events`.
    recorded: usize,
}

impl Batch {
    fn push(&mut self, message: Message) {
        match message {
            Message::Record(event) => {
                self.events.push(event);
                self.recorded += 1;
            }
            Message::Submit { events, done } => {
                self.events.extend(events);
                self.submitters.push(done);
            }
            Message::Flush(done) => self.flushes.push(done),
        }
    }

    /// Someone is waiting on this batch: write it as soon as the queue is empty.
    fn awaited(&self) -> bool {
        !self.submitters.is_empty() || !self.flushes.is_empty()
    }
}

/// The one task that writes events, with what it holds while the database is away.
pub(super) struct Writer {
    db: DatabaseConnection,
    reach: Arc<Reach>,
    counters: Arc<Counters>,
    /// Events waiting for the database, oldest first.
    held: Vec<Event>,
    /// Since when the held events have been at their bound (one log line per episode).
    full_since: Option<Instant>,
    /// How many times in a row the oldest held batch was refused for a reason other than
    /// reach (dropped at [`ATTEMPTS`]).
    refused_held: u32,
}

/// How a batch ended.
enum Written {
    Committed,
    Held,
    Refused(Refusal),
}

impl Writer {
    pub(super) fn new(db: DatabaseConnection, reach: Arc<Reach>, counters: Arc<Counters>) -> Self {
        Writer {
            db,
            reach,
            counters,
            held: Vec::new(),
            full_since: None,
            refused_held: 0,
        }
    }

    pub(super) async fn run(mut self, mut inbox: mpsc::Receiver<Message>) {
        loop {
            let next = if self.held.is_empty() {
                inbox.recv().await
            } else {
                match tokio::time::timeout(HELD_RETRY, inbox.recv()).await {
                    Ok(message) => message,
                    Err(_) => {
                        self.write_held().await;
                        continue;
                    }
                }
            };
            let Some(first) = next else { break };
            let mut batch = Batch::default();
            batch.push(first);
            let deadline = tokio::time::Instant::now() + LINGER;
            while batch.events.len() < MAX_BATCH_ROWS {
                match inbox.try_recv() {
                    Ok(message) => batch.push(message),
                    Err(mpsc::error::TryRecvError::Disconnected) => break,
                    Err(mpsc::error::TryRecvError::Empty) if batch.awaited() => break,
                    Err(mpsc::error::TryRecvError::Empty) => {
                        match tokio::time::timeout_at(deadline, inbox.recv()).await {
                            Ok(Some(message)) => batch.push(message),
                            Ok(None) | Err(_) => break,
                        }
                    }
                }
            }
            self.write_held().await;
            self.write_batch(batch).await;
        }
        self.write_held().await;
        if !self.held.is_empty() {
            tracing::error!(
                lost = self.held.len(),
                "analytics events held while the database is away could not be written"
            );
            self.lost(self.held.len());
        }
    }

    /// Writes what is held, oldest first, when the database is back; keeps the rest.
    async fn write_held(&mut self) {
        while !self.held.is_empty() && self.reach.up() {
            let rows = self.held.len().min(MAX_BATCH_ROWS);
            match insert_events(&self.db, &self.held[..rows]).await {
                Ok(()) => self.refused_held = 0,
                Err(error) if is_unreachable(&error) => {
                    tracing::warn!(%error, held = self.held.len(), "held analytics events not written yet");
                    return;
                }
                Err(error) if self.refused_held + 1 < ATTEMPTS => {
                    // Refused for a reason of its own: tried again at the next turn.
                    self.refused_held += 1;
                    tracing::warn!(%error, attempt = self.refused_held, rows, "held analytics batch refused");
                    return;
                }
                Err(error) => {
                    // A batch the database keeps refusing would hold every later one behind
                    // it until the bound: it is dropped, and counted lost.
                    tracing::error!(%error, lost = rows, "held analytics batch refused again: dropped");
                    self.refused_held = 0;
                    self.lost(rows);
                    self.held.drain(..rows);
                    self.note_held();
                    continue;
                }
            }
            self.held.drain(..rows);
            self.counters.batches.fetch_add(1, Ordering::Relaxed);
            self.counters
                .events
                .fetch_add(rows as u64, Ordering::Relaxed);
            self.note_held();
            if self.held.is_empty() {
                tracing::info!("analytics events held during the outage are written");
                self.full_since = None;
            }
        }
    }

    /// Writes one batch (with retries), or holds it while the database is away, and tells
    /// everyone waiting on it.
    async fn write_batch(&mut self, batch: Batch) {
        let written = if batch.events.is_empty() {
            Written::Committed
        } else {
            self.commit_or_hold(&batch.events).await
        };
        let answer = match written {
            Written::Committed => {
                if !batch.events.is_empty() {
                    self.counters.batches.fetch_add(1, Ordering::Relaxed);
                    self.counters
                        .events
                        .fetch_add(batch.events.len() as u64, Ordering::Relaxed);
                }
                self.counters
                    .submissions
                    .fetch_add(batch.submitters.len() as u64, Ordering::Relaxed);
                Ok(())
            }
            Written::Held => {
                self.held.extend(batch.events);
                self.note_held();
                self.counters
                    .submissions
                    .fetch_add(batch.submitters.len() as u64, Ordering::Relaxed);
                Ok(())
            }
            Written::Refused(refusal) => {
                if let Refusal::Failed(error) = &refusal {
                    tracing::error!(
                        %error,
                        recorded_lost = batch.recorded,
                        submissions_refused = batch.submitters.len(),
                        "analytics batch could not be written"
                    );
                }
                self.lost(batch.recorded);
                Err(refusal)
            }
        };
        for done in batch.submitters {
            let _ = done.send(answer.clone());
        }
        for done in batch.flushes {
            let _ = done.send(());
        }
    }

    async fn commit_or_hold(&mut self, events: &[Event]) -> Written {
        // Nothing overtakes what is held: while some wait, newer events queue behind them.
        if self.reach.up() && self.held.is_empty() {
            for attempt in 1..=ATTEMPTS {
                match insert_events(&self.db, events).await {
                    Ok(()) => return Written::Committed,
                    Err(error) if is_unreachable(&error) => {
                        tracing::warn!(%error, "analytics batch held: the database is away");
                        break;
                    }
                    Err(error) if attempt < ATTEMPTS => {
                        tracing::warn!(%error, attempt, rows = events.len(), "analytics batch failed; retrying");
                        tokio::time::sleep(Duration::from_millis(50 * 4u64.pow(attempt - 1))).await;
                    }
                    Err(error) => return Written::Refused(Refusal::Failed(error.to_string())),
                }
            }
        }
        // The database is away (or what it holds waits to be written first).
        if self.held.len() + events.len() <= HELD_MAX_EVENTS {
            return Written::Held;
        }
        if self.full_since.is_none() {
            self.full_since = Some(Instant::now());
            tracing::error!(
                held = self.held.len(),
                "the database is away and the held analytics events are at their bound: \
                 submissions answer 503, recorded events are lost"
            );
        }
        Written::Refused(Refusal::Full)
    }

    fn note_held(&self) {
        self.counters
            .held
            .store(self.held.len() as u64, Ordering::Relaxed);
    }

    fn lost(&self, events: usize) {
        self.counters
            .lost
            .fetch_add(events as u64, Ordering::Relaxed);
    }
}

/// Multi-row INSERTs in one transaction.
async fn insert_events(db: &DatabaseConnection, events: &[Event]) -> Result<(), DbErr> {
    use analytics_events::Column as C;
    let txn = crate::db::write_txn(db).await?;
    let mut rest = events;
    while !rest.is_empty() {
        let (chunk, after) = rest.split_at(statement_rows(rest.len()));
        rest = after;
        let mut insert = Query::insert();
        insert.into_table(analytics_events::Entity).columns([
            C::Kind,
            C::PostId,
            C::BusinessId,
            C::MemberId,
            C::GuestId,
            C::DeviceType,
            C::DeviceOs,
            C::Browser,
            C::OffsetMinutes,
            C::Day,
            C::OccurredAt,
            C::Detail,
        ]);
        for event in chunk {
            insert.values_panic([
                event.kind.as_str().into(),
                event.post_id.into(),
                event.business_id.into(),
                event.member_id.into(),
                event.guest_id.clone().into(),
                event.device_type.clone().into(),
                event.device_os.clone().into(),
                event.browser.clone().into(),
                event.offset_minutes.into(),
                crate::kernel::kst::kst_day(event.occurred_at).into(),
                event.occurred_at.into(),
                event.detail.clone().into(),
            ]);
        }
        txn.execute(&insert).await?;
    }
    mark_pending(&txn, events).await?;
    txn.commit().await
}

/// Rows marked per statement (4 values each).
const MARKS_PER_STATEMENT: usize = 250;

/// Marks what the events leave for the analytics roll-up to recompute (`analytics_pending`:
/// their KST days, posts and businesses, 0 for none), in the events' transaction: a mark
/// already there has its `marks` moved, which tells a roll-up running now that it must not
/// delete the row it read (crate::analytics::rollup).
async fn mark_pending(txn: &impl ConnectionTrait, events: &[Event]) -> Result<(), DbErr> {
    let keys: std::collections::BTreeSet<(String, i64, i64)> = events
        .iter()
        .map(|event| {
            (
                crate::kernel::kst::kst_day(event.occurred_at),
                event.post_id.unwrap_or(0),
                event.business_id.unwrap_or(0),
            )
        })
        .collect();
    let keys: Vec<_> = keys.into_iter().collect();
    for chunk in keys.chunks(MARKS_PER_STATEMENT) {
        let rows = vec!["(?, ?, ?, 1)"; chunk.len()].join(", ");
        let values = chunk
            .iter()
            .flat_map(|(day, post, business)| {
                [day.clone().into(), (*post).into(), (*business).into()]
            })
            .collect();
        txn.execute_raw(crate::db::statement(
            txn.get_database_backend(),
            &format!(
                "INSERT INTO analytics_pending (day, post_id, business_id, marks) VALUES {rows} \
                 ON CONFLICT (day, post_id, business_id) \
                 DO UPDATE SET marks = analytics_pending.marks + 1"
            ),
            values,
        ))
        .await?;
    }
    Ok(())
}

/// How many of `remaining` rows the next statement takes: the largest power of two that fits.
fn statement_rows(remaining: usize) -> usize {
    let fits = remaining.min(ROWS_PER_STATEMENT);
    1 << (usize::BITS - 1 - fits.leading_zeros())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_hold_a_power_of_two_of_rows() {
        let mut shapes = std::collections::BTreeSet::new();
        for batch in 1..=2000 {
            let (mut rest, mut taken) = (batch, 0);
            while rest > 0 {
                let rows = statement_rows(rest);
                assert!(rows.is_power_of_two() && rows <= rest && rows <= ROWS_PER_STATEMENT);
                shapes.insert(rows);
                rest -= rows;
                taken += rows;
            }
            assert_eq!(taken, batch);
        }
        assert_eq!(shapes.len(), 9);
        assert_eq!(statement_rows(700), 256);
        assert_eq!(statement_rows(50), 32);
    }
}
