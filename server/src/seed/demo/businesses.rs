//! The demo's businesses: the demo business (made with the demo accounts) and 29 more.

use super::texts::BUSINESSES;
use crate::entities::business_members::BusinessRole;
use crate::entities::{business_members, businesses};
use chrono::{DateTime, Duration, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set};

/// The demo business: the one whose master is a demo account, when there is one.
pub(super) async fn demo_business(db: &DatabaseConnection) -> Result<Option<i64>, String> {
    Ok(business_members::Entity::find()
        .filter(business_members::Column::Role.eq(BusinessRole::Master))
        .one(db)
        .await
        .map_err(|e| e.to_string())?
        .map(|row| row.business_id))
}

/// Writes the 29 businesses; answers every business (the demo business first) with its name.
pub(super) async fn write_businesses(
    db: &DatabaseConnection,
    demo_business: Option<i64>,
    now: DateTime<Utc>,
) -> Result<Vec<(i64, String)>, String> {
    let mut business_ids: Vec<(i64, String)> = Vec::new();
    if let Some(id) = demo_business {
        business_ids.push((id, "타이드마크 데모".into()));
    }
    for (i, (name, industry, description)) in BUSINESSES.iter().enumerate() {
        let row = businesses::ActiveModel {
            name: Set((*name).into()),
            description: Set((*description).into()),
            industry: Set((*industry).into()),
            homepage: Set(Some(format!("https://example.com/{}", i + 1))),
            location: Set(Some(
                [
                    "서울 강남구",
                    "서울 성동구",
                    "경기 성남시 분당구",
                    "부산 해운대구",
                    "대전 유성구",
                ][i % 5]
                    .into(),
            )),
            founded_year: Set(Some(2005 + (i as i32 * 3) % 19)),
            employee_band: Set(Some(
                ["1-10", "11-50", "51-200", "201-1000", "1000+"][i % 5].into(),
            )),
            registration_number: Set(registration_number(i + 11)),
            logo_upload_id: Set(None),
            cover_upload_id: Set(None),
            verified_at: Set((i % 3 == 0).then_some(now)),
            verified_by: Set(None),
            follower_count: Set(0),
            created_at: Set(now - Duration::days(200 - i as i64)),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await
        .map_err(|e| e.to_string())?;
        business_ids.push((row.id, (*name).into()));
    }
    Ok(business_ids)
}

/// A valid business registration number made from `seed`.
fn registration_number(seed: usize) -> String {
    let nine = format!(
        "{:03}{:02}{:04}",
        101 + seed % 800,
        81 + seed % 7,
        1000 + seed * 37 % 9000
    );
    (0..10)
        .map(|last| format!("{nine}{last}"))
        .find(|candidate| tidemark_core::business::is_valid_business_number(candidate))
        .expect("one check digit fits")
}
