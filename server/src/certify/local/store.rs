//! The local provider's records: the certification rows it finds, confirms and cancels.

use super::form::Person;
use crate::certify::provider::{LookupError, ProviderResult};
use crate::entities::certifications;
use crate::entities::certifications::CertificationStatus;
use sea_orm::prelude::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

/// The provider's side of `complete`: the confirmed certification with this `imp_uid`.
pub async fn lookup(
    db: &impl ConnectionTrait,
    imp_uid: &str,
) -> Result<ProviderResult, LookupError> {
    let row = certifications::Entity::find()
        .filter(certifications::Column::Provider.eq("local"))
        .filter(certifications::Column::ProviderUid.eq(imp_uid))
        .one(db)
        .await?
        .ok_or(LookupError::NotFound)?;
    Ok(ProviderResult {
        imp_uid: imp_uid.to_string(),
        merchant_uid: Some(row.certify_no),
        certified: row.person_key.is_some(),
        name: row.name,
        phone: row.phone,
        birthday: row.birth_date,
        gender: row.gender,
        unique_key: row.person_key,
    })
}

/// The local request with this certifyNo, if there is one.
pub(super) async fn by_certify_no(
    db: &impl ConnectionTrait,
    certify_no: &str,
) -> Result<Option<certifications::Model>, DbErr> {
    certifications::Entity::find()
        .filter(certifications::Column::CertifyNo.eq(certify_no))
        .filter(certifications::Column::Provider.eq("local"))
        .one(db)
        .await
}

/// Ends request `id` as cancelled; false when it was no longer REQUESTED.
pub(super) async fn cancel(db: &impl ConnectionTrait, id: i64) -> Result<bool, DbErr> {
    let done = certifications::Entity::update_many()
        .col_expr(
            certifications::Column::Status,
            Expr::value(CertificationStatus::Cancelled),
        )
        .filter(certifications::Column::Id.eq(id))
        .filter(certifications::Column::Status.eq(CertificationStatus::Requested))
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}

/// Records `person` on request `id` under `imp_uid`; false when it was no longer REQUESTED.
pub(super) async fn confirm(
    db: &impl ConnectionTrait,
    id: i64,
    imp_uid: &str,
    person: &Person,
) -> Result<bool, DbErr> {
    let done = certifications::Entity::update_many()
        .col_expr(certifications::Column::ProviderUid, Expr::value(imp_uid))
        .col_expr(certifications::Column::Name, Expr::value(&person.name))
        .col_expr(certifications::Column::Phone, Expr::value(&person.phone))
        .col_expr(
            certifications::Column::BirthDate,
            Expr::value(&person.birth_date),
        )
        .col_expr(certifications::Column::Gender, Expr::value(&person.gender))
        .col_expr(certifications::Column::PersonKey, Expr::value(person.key()))
        .filter(certifications::Column::Id.eq(id))
        .filter(certifications::Column::Status.eq(CertificationStatus::Requested))
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}
