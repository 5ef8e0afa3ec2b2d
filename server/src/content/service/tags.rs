//! Tag suggestions for the writer: existing tag names that start with what was typed, the
//! most used first. Uses count public posts, plus, for a business's people, their own
//! business's posts of any status; a tag only on another business's draft is never
//! suggested, so no unpublished word leaks.

use crate::auth::access::membership_of;
use crate::auth::AuthUser;
use crate::catalog::visible;
use crate::db::{like_pattern, lower};
use crate::entities::{post_tags, posts, tags};
use crate::http::error::{ApiError, ApiResult};
use crate::http::limits::RateLimits;
use crate::state::AppState;
use sea_orm::sea_query::{Condition, Expr, ExprTrait, Order};
use sea_orm::{
    ColumnTrait, EntityTrait, JoinType, QueryFilter, QueryOrder, QuerySelect, RelationTrait,
};
use serde::Serialize;
use utoipa::ToSchema;

/// How many names a suggestion gives at most.
const SUGGESTED: u64 = 10;
/// PRODUCT "Posts": a tag has at most 30 characters.
const PREFIX_MAX: usize = 30;

#[derive(Serialize, ToSchema)]
pub(crate) struct TagSuggestions {
    /// Tag names, the most used first.
    items: Vec<String>,
}

/// Up to ten tag names starting with `prefix` (any case; a leading `#` is dropped), the most
/// used first. Limited like the search box's suggestions, per client address.
pub(crate) async fn suggest(
    state: &AppState,
    viewer: Option<&AuthUser>,
    ip: &str,
    prefix: &str,
) -> ApiResult<TagSuggestions> {
    RateLimits::check(&state.limits.search_ip, ip, "suggestions").await?;
    let prefix = prefix.trim().trim_start_matches('#').trim();
    if prefix.is_empty() || prefix.chars().count() > PREFIX_MAX {
        return Err(ApiError::bad_request(format!(
            "prefix must be 1 to {PREFIX_MAX} characters"
        )));
    }
    let mut counted = Condition::any().add(visible());
    if let Some(user) = viewer {
        if let Some((business, _)) = membership_of(state, user.member.id).await? {
            counted = counted.add(posts::Column::BusinessId.eq(business));
        }
    }
    let uses = Expr::col((post_tags::Entity, post_tags::Column::PostId)).count();
    let items: Vec<String> = post_tags::Entity::find()
        .select_only()
        .column(tags::Column::Name)
        .join(JoinType::InnerJoin, post_tags::Relation::Tag.def())
        .join(JoinType::InnerJoin, post_tags::Relation::Post.def())
        .filter(lower((tags::Entity, tags::Column::Name)).like(like_pattern(prefix, true)))
        .filter(counted)
        .group_by(tags::Column::Id)
        .group_by(tags::Column::Name)
        .order_by(uses, Order::Desc)
        .order_by(tags::Column::Name, Order::Asc)
        .limit(SUGGESTED)
        .into_tuple()
        .all(&state.db)
        .await?;
    Ok(TagSuggestions { items })
}
