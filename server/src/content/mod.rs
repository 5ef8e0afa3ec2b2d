//! Posts: writing, scheduling, publishing, hiding; the public lists and the post detail
//! (PRODUCT "Posts").
//!
//! Its areas each have their handlers in `routes/<area>.rs` (extract, call one service
//! function, answer) and their rules and queries in `service/`: `posts` (the detail, hiding,
//! publishing, a business's own list; writing is `service/writing.rs`), `moderation` (the
//! operators' removal and restoration), `history`
//! (the revision every write stores, and the version that guards against overwriting someone
//! else's edit), `revisions` (the history as the business reads and restores it), `previews` (links that show a post before it is public), `tags` (the
//! editor's tag suggestions), `lists` (the public lists and the reader's interest list),
//! `recommend` (the collections) and `flags` (readers' flags on a post, and the operators'
//! decisions on them).

pub mod body;
pub mod cards;
pub mod sanitize;
pub mod view;

mod routes;
mod service;

pub use service::recommend::save_collection;
/// What pages, feeds, engagement, the command line and the seed use: the public lists, a
/// post's detail and visibility, the operator's removal, the collections.
pub use service::{lists, moderation, posts, recommend};

use crate::entities::posts as post_rows;
use crate::state::AppState;
use crate::sync::Change;
use chrono::Utc;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use std::time::Duration;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(routes::posts::router())
        .merge(routes::revisions::router())
        .merge(routes::previews::router())
        .merge(routes::tags::router())
        .merge(routes::lists::router())
        .merge(routes::recommend::router())
        .merge(routes::flags::router())
}

/// How often scheduled posts are looked at (the `scheduled_publication` job), and the
/// catalogue reloaded (`catalogue_refresh`, which brings in the popular scores the analytics
/// roll-up stores).
pub const PUBLISH_EVERY: Duration = Duration::from_secs(5);
pub const RELOAD_EVERY: Duration = Duration::from_secs(60);

/// Publishes the scheduled posts whose time has come; returns their ids.
pub async fn publish_due(state: &AppState) -> Result<Vec<i64>, sea_orm::DbErr> {
    let now = Utc::now();
    let due: Vec<i64> = post_rows::Entity::find()
        .select_only()
        .column(post_rows::Column::Id)
        .filter(post_rows::Column::Status.eq(posts::PostStatus::Scheduled))
        .filter(post_rows::Column::PublishAt.lte(now))
        .into_tuple()
        .all(&state.db)
        .await?;
    let mut published = Vec::new();
    for id in due {
        // Conditional: an edit that unscheduled the post in between wins. The change-log row
        // goes in the same transaction: no process can see the post published without it.
        let txn = crate::db::write_txn(&state.db).await?;
        let result = post_rows::Entity::update_many()
            .col_expr(
                post_rows::Column::Status,
                Expr::value(posts::PostStatus::Published),
            )
            .col_expr(
                post_rows::Column::PublishedAt,
                Expr::col(post_rows::Column::PublishAt),
            )
            .col_expr(post_rows::Column::UpdatedAt, Expr::value(now))
            .filter(post_rows::Column::Id.eq(id))
            .filter(post_rows::Column::Status.eq(posts::PostStatus::Scheduled))
            .filter(post_rows::Column::PublishAt.lte(now))
            .exec(&txn)
            .await?;
        if result.rows_affected == 1 {
            state.commit_with(txn, &[Change::Post(id)]).await?;
            published.push(id);
        }
    }
    Ok(published)
}
