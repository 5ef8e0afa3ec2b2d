//! The statements of certification: a request and its completion, the single use of a
//! completed certification, and the members a person's certification belongs to.

use crate::entities::certifications::CertificationStatus;
use crate::entities::members::MemberStatus;
use crate::entities::{certifications, members, password_resets};
use chrono::{DateTime, Utc};
use sea_orm::prelude::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set,
};

/// The person as a completed certification keeps them.
pub(super) struct Person {
    pub(super) name: String,
    pub(super) phone: String,
    pub(super) birth_date: String,
    pub(super) gender: Option<String>,
    pub(super) person_key: String,
}

/// Opens a request: a REQUESTED row until `expires_at`.
pub(super) async fn open_request(
    db: &impl ConnectionTrait,
    certify_no: &str,
    provider: &str,
    purpose: &str,
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> Result<(), DbErr> {
    certifications::ActiveModel {
        certify_no: Set(certify_no.into()),
        provider: Set(provider.into()),
        provider_uid: Set(None),
        purpose: Set(purpose.into()),
        status: Set(CertificationStatus::Requested),
        name: Set(None),
        phone: Set(None),
        birth_date: Set(None),
        gender: Set(None),
        person_key: Set(None),
        member_id: Set(None),
        created_at: Set(now),
        completed_at: Set(None),
        expires_at: Set(expires_at),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// The certification (requested, completed or over) with this `certify_no`.
pub(super) async fn by_certify_no(
    db: &impl ConnectionTrait,
    certify_no: &str,
) -> Result<Option<certifications::Model>, DbErr> {
    certifications::Entity::find()
        .filter(certifications::Column::CertifyNo.eq(certify_no))
        .one(db)
        .await
}

/// Ends request `id`, still REQUESTED, as cancelled by the person.
pub(super) async fn cancel(
    db: &impl ConnectionTrait,
    id: i64,
    certify_uid: &str,
) -> Result<(), DbErr> {
    certifications::Entity::update_many()
        .col_expr(
            certifications::Column::Status,
            Expr::value(CertificationStatus::Cancelled),
        )
        .col_expr(
            certifications::Column::ProviderUid,
            Expr::value(certify_uid),
        )
        .filter(certifications::Column::Id.eq(id))
        .filter(certifications::Column::Status.eq(CertificationStatus::Requested))
        .exec(db)
        .await?;
    Ok(())
}

/// Completes request `id` with the person: true when this call did it (it was still
/// REQUESTED).
pub(super) async fn complete(
    db: &impl ConnectionTrait,
    id: i64,
    certify_uid: &str,
    person: Person,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let claimed = certifications::Entity::update_many()
        .col_expr(
            certifications::Column::ProviderUid,
            Expr::value(certify_uid),
        )
        .col_expr(certifications::Column::Name, Expr::value(person.name))
        .col_expr(certifications::Column::Phone, Expr::value(person.phone))
        .col_expr(
            certifications::Column::BirthDate,
            Expr::value(person.birth_date),
        )
        .col_expr(certifications::Column::Gender, Expr::value(person.gender))
        .col_expr(
            certifications::Column::PersonKey,
            Expr::value(person.person_key),
        )
        .col_expr(
            certifications::Column::Status,
            Expr::value(CertificationStatus::Completed),
        )
        .col_expr(certifications::Column::CompletedAt, Expr::value(now))
        .filter(certifications::Column::Id.eq(id))
        .filter(certifications::Column::Status.eq(CertificationStatus::Requested))
        .exec(db)
        .await?;
    Ok(claimed.rows_affected != 0)
}

/// Marks the certification as used by `member_id`: true when this call claimed it.
pub(super) async fn claim(
    db: &impl ConnectionTrait,
    certification_id: i64,
    member_id: i64,
) -> Result<bool, DbErr> {
    let claimed = certifications::Entity::update_many()
        .col_expr(certifications::Column::MemberId, Expr::value(member_id))
        .filter(certifications::Column::Id.eq(certification_id))
        .filter(certifications::Column::MemberId.is_null())
        .exec(db)
        .await?;
    Ok(claimed.rows_affected == 1)
}

/// Another member than `member_id` that belongs to the person `person_key`.
pub(super) async fn other_member_of_person(
    db: &impl ConnectionTrait,
    person_key: &str,
    member_id: i64,
) -> Result<Option<members::Model>, DbErr> {
    members::Entity::find()
        .filter(members::Column::PersonKey.eq(person_key))
        .filter(members::Column::Id.ne(member_id))
        .one(db)
        .await
}

/// The active member that belongs to the person `person_key`.
pub(super) async fn active_member_of_person(
    db: &impl ConnectionTrait,
    person_key: &str,
) -> Result<Option<members::Model>, DbErr> {
    members::Entity::find()
        .filter(members::Column::PersonKey.eq(person_key))
        .filter(members::Column::Status.eq(MemberStatus::Active))
        .one(db)
        .await
}

/// Points `member` at certification `certification_id`, and at the person when `person_key`
/// is given.
pub(super) async fn certify_member(
    db: &impl ConnectionTrait,
    member: members::Model,
    person_key: Option<String>,
    certification_id: i64,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let mut update: members::ActiveModel = member.into();
    if let Some(person_key) = person_key {
        update.person_key = Set(Some(person_key));
    }
    update.certification_id = Set(Some(certification_id));
    update.updated_at = Set(now);
    update.update(db).await?;
    Ok(())
}

/// A password reset by phone for `member_id`, valid until `expires_at`.
pub(super) async fn open_reset(
    db: &impl ConnectionTrait,
    member_id: i64,
    token_hash: String,
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> Result<(), DbErr> {
    password_resets::ActiveModel {
        member_id: Set(member_id),
        token_hash: Set(token_hash),
        channel: Set("phone".into()),
        created_at: Set(now),
        expires_at: Set(expires_at),
        used_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}
