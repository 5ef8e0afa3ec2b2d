//! What one member or business may keep in uploads, and how fast they may add to it
//! (docs/media.md, "Quotas"). The rate is a shared limit (one statement on PostgreSQL, so it
//! holds across processes); the quotas are sums over the `uploads` rows, which every process
//! reads alike. Uploads nothing uses are deleted after a day (`super::sweep`).

use crate::entities::uploads;
use crate::http::error::{ApiError, ApiResult};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, ExprTrait, QueryFilter, QuerySelect,
};

const MB: i64 = 1024 * 1024;

/// Bytes of uploads one business keeps: its images and reports over years of posts.
pub const BUSINESS_BYTES: i64 = 2 * 1024 * MB;
/// A member without a business (registering one, so a logo and a cover): this many files…
pub const UNATTACHED_FILES: i64 = 6;
/// …of this many bytes together, until a business takes them or a day passes.
pub const UNATTACHED_BYTES: i64 = 20 * MB;

/// Whose quota an upload counts against.
#[derive(Clone, Copy, Debug)]
pub enum Holder {
    Business(i64),
    /// A member with no business, before registering one.
    Unattached(i64),
    /// Operators upload for the platform: the rate holds, no quota.
    Operator,
}

/// 403 in the product's words when keeping `incoming` more bytes would pass the holder's quota.
pub async fn check(db: &impl ConnectionTrait, holder: Holder, incoming: i64) -> ApiResult<()> {
    let (files, bytes) = match holder {
        Holder::Operator => return Ok(()),
        Holder::Business(id) => {
            held(db, Condition::all().add(uploads::Column::BusinessId.eq(id))).await?
        }
        Holder::Unattached(member) => {
            let theirs = Condition::all()
                .add(uploads::Column::BusinessId.is_null())
                .add(uploads::Column::OwnerMemberId.eq(member));
            held(db, theirs).await?
        }
    };
    match holder {
        Holder::Business(_) if bytes + incoming > BUSINESS_BYTES => Err(ApiError::Forbidden(
            format!(
                "this business's files are full ({} of {} MB): files no post or profile uses are removed a day after upload",
                bytes / MB,
                BUSINESS_BYTES / MB
            ),
        )),
        Holder::Unattached(_) if files >= UNATTACHED_FILES || bytes + incoming > UNATTACHED_BYTES => {
            Err(ApiError::Forbidden(format!(
                "before your business is registered you can upload {UNATTACHED_FILES} images ({} MB) for its logo and cover; unused ones are removed after a day",
                UNATTACHED_BYTES / MB
            )))
        }
        _ => Ok(()),
    }
}

/// Files and bytes of the uploads `filter` selects.
async fn held(db: &impl ConnectionTrait, filter: Condition) -> ApiResult<(i64, i64)> {
    // SUM of a bigint is numeric on PostgreSQL: cast back, 0 for no rows.
    let row: Option<(i64, i64)> = uploads::Entity::find()
        .select_only()
        .column_as(Expr::col(uploads::Column::Id).count(), "files")
        .column_as(
            Expr::cust("CAST(COALESCE(SUM(byte_size), 0) AS BIGINT)"),
            "bytes",
        )
        .filter(filter)
        .into_tuple()
        .one(db)
        .await?;
    Ok(row.unwrap_or((0, 0)))
}
