//! The operators' audit log: every operator action, written in the transaction of the change
//! it records, so the two land together. Rows are never edited: the table refuses UPDATE
//! and DELETE (migration `m20261125_000013`), and nothing here offers either. The operators'
//! console reads it (`operator::audit`).

use crate::entities::{members, operator_audit};
use chrono::Utc;
use sea_orm::{ActiveModelTrait, ConnectionTrait, DbErr, EntityTrait, Set};

crate::named_words! {
    /// Every action the log records (`action` of a row, and of the console's filter).
    pub enum Action {
        BusinessVerified = "BUSINESS_VERIFIED",
        BusinessUnverified = "BUSINESS_UNVERIFIED",
        ItemTaken = "ITEM_TAKEN",
        MediaInReview = "MEDIA_IN_REVIEW",
        MediaPublished = "MEDIA_PUBLISHED",
        MediaRejected = "MEDIA_REJECTED",
        PostRemoved = "POST_REMOVED",
        PostRestored = "POST_RESTORED",
        FlagsDismissed = "FLAGS_DISMISSED",
        CollectionCreated = "COLLECTION_CREATED",
        CollectionUpdated = "COLLECTION_UPDATED",
        CollectionPublished = "COLLECTION_PUBLISHED",
        CollectionUnpublished = "COLLECTION_UNPUBLISHED",
        CollectionDeleted = "COLLECTION_DELETED",
        /// Recorded when the rebuild ends, outside any transaction.
        SearchRebuilt = "SEARCH_REBUILT",
    }
}

crate::word_schema! {
    /// What an operator's audit entry records.
    OperatorAction = Action::ALL.iter().map(|action| action.as_str())
}

/// What an action was done to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Business(i64),
    MediaRequest(i64),
    Post(i64),
    Collection(i64),
    SearchIndex,
}

impl Target {
    pub fn kind(self) -> &'static str {
        match self {
            Target::Business(_) => "BUSINESS",
            Target::MediaRequest(_) => "MEDIA_REQUEST",
            Target::Post(_) => "POST",
            Target::Collection(_) => "COLLECTION",
            Target::SearchIndex => "SEARCH_INDEX",
        }
    }

    pub fn id(self) -> Option<i64> {
        match self {
            Target::Business(id)
            | Target::MediaRequest(id)
            | Target::Post(id)
            | Target::Collection(id) => Some(id),
            Target::SearchIndex => None,
        }
    }
}

/// Who acts: an operator through the API, or the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    Operator(i64),
    CommandLine,
}

impl Actor {
    /// The member id an entry records (none for the command line).
    pub fn member(self) -> Option<i64> {
        match self {
            Actor::Operator(id) => Some(id),
            Actor::CommandLine => None,
        }
    }
}

/// One entry: `actor` is the operator's member id (None for the command line, which runs
/// with the machine's own authority).
pub struct Entry<'a> {
    pub actor: Option<i64>,
    pub action: Action,
    pub target: Target,
    pub note: Option<&'a str>,
    pub detail: Option<serde_json::Value>,
}

/// Writes `entry` on `db` (the caller's transaction).
pub async fn write(db: &impl ConnectionTrait, entry: Entry<'_>) -> Result<(), DbErr> {
    let email = match entry.actor {
        Some(id) => members::Entity::find_by_id(id)
            .one(db)
            .await?
            .and_then(|member| member.email),
        None => None,
    };
    operator_audit::ActiveModel {
        actor_member_id: Set(entry.actor),
        actor_email: Set(email),
        action: Set(entry.action.as_str().into()),
        target_kind: Set(entry.target.kind().into()),
        target_id: Set(entry.target.id()),
        note: Set(entry.note.map(str::to_string)),
        detail: Set(entry.detail),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}
