//! The businesses of the large set, with names and descriptions from the word tables.

use super::dice::Dice;
use super::plan::{Plan, BUSINESSES, PUBLISH_DAYS};
use super::rows::insert_in_transactions;
use super::texts::{
    CITIES, INDUSTRIES, NAME_HEADS_EN, NAME_HEADS_KO, NAME_TAILS_EN, NAME_TAILS_KO, TOPICS,
};
use crate::entities::businesses;
use chrono::{DateTime, Duration, Utc};
use sea_orm::{DatabaseConnection, DbErr, EntityTrait, QuerySelect, Set};
use std::collections::{HashMap, HashSet};
use tidemark_core::korean;

/// A registration number with a valid check digit, from nine digits.
fn registration_number(nine: &str) -> String {
    (0..10)
        .map(|last| format!("{nine}{last}"))
        .find(|candidate| tidemark_core::business::is_valid_business_number(candidate))
        .expect("one check digit in ten fits")
}

/// Business ids by plan index.
pub(super) async fn write_businesses(
    db: &DatabaseConnection,
    dice: &mut Dice,
    plan: &Plan,
    now: DateTime<Utc>,
) -> Result<Vec<i64>, DbErr> {
    let taken: HashSet<String> = businesses::Entity::find()
        .select_only()
        .column(businesses::Column::RegistrationNumber)
        .into_tuple::<String>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let mut numbers = Vec::with_capacity(BUSINESSES);
    let mut serial = 0u32;
    while numbers.len() < BUSINESSES {
        // Tax office 6xx, the corporate code 81, a serial: never the demo business's number.
        let number = registration_number(&format!(
            "{:03}81{:04}",
            600 + serial / 10_000,
            serial % 10_000
        ));
        serial += 1;
        if !taken.contains(&number) {
            numbers.push(number);
        }
    }
    let mut names = HashSet::with_capacity(BUSINESSES);
    let mut rows = Vec::with_capacity(BUSINESSES);
    for (index, number) in numbers.iter().enumerate() {
        let korean = dice.chance(0.7);
        let mut name = business_name(dice, korean);
        if !names.insert(name.clone()) {
            name = format!("{name} {}", index + 1);
            names.insert(name.clone());
        }
        let (industry, industry_en) = dice.pick(&INDUSTRIES);
        let (city, city_en) = dice.pick(&CITIES);
        let description = if korean {
            korean::resolve_particles(&format!(
                "{name}은(는) {city}에 자리한 {industry} 기업입니다. {} 분야의 경험을 바탕으로 \
                 고객과 함께 성장합니다.",
                TOPICS[dice.below(TOPICS.len())].0
            ))
        } else {
            format!(
                "{name} is a {industry_en} company based in {city_en}, helping customers grow \
                 with {}.",
                TOPICS[dice.below(TOPICS.len())].1
            )
        };
        let created = now - Duration::days(PUBLISH_DAYS + 30 + dice.below(2_000) as i64);
        rows.push(businesses::ActiveModel {
            name: Set(name),
            description: Set(description),
            industry: Set(industry.into()),
            homepage: Set(Some(format!("https://biz-{}.large.test", index + 1))),
            location: Set(Some(city.into())),
            founded_year: Set(Some(1985 + dice.below(40) as i32)),
            employee_band: Set(Some(
                (dice.pick(&["1-10", "11-50", "51-200", "201-1000", "1000+"])).into(),
            )),
            registration_number: Set(number.clone()),
            logo_upload_id: Set(None),
            cover_upload_id: Set(None),
            verified_at: Set(dice.chance(0.3).then_some(created + Duration::days(7))),
            verified_by: Set(None),
            follower_count: Set(plan.follower_counts[index]),
            created_at: Set(created),
            updated_at: Set(created),
            ..Default::default()
        });
    }
    insert_in_transactions(db, rows).await?;
    let by_number: HashMap<String, i64> = businesses::Entity::find()
        .select_only()
        .columns([
            businesses::Column::RegistrationNumber,
            businesses::Column::Id,
        ])
        .into_tuple::<(String, i64)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    numbers
        .iter()
        .map(|number| {
            by_number
                .get(number)
                .copied()
                .ok_or_else(|| DbErr::RecordNotFound(format!("business {number}")))
        })
        .collect()
}

fn business_name(dice: &mut Dice, korean: bool) -> String {
    if korean {
        let base = format!("{}{}", dice.pick(&NAME_HEADS_KO), dice.pick(&NAME_TAILS_KO));
        match dice.below(4) {
            0 => format!("주식회사 {base}"),
            1 => format!("{base} 코리아"),
            _ => base,
        }
    } else {
        let base = format!(
            "{} {}",
            dice.pick(&NAME_HEADS_EN),
            dice.pick(&NAME_TAILS_EN)
        );
        match dice.below(3) {
            0 => format!("{base} Inc."),
            1 => format!("{base} Korea"),
            _ => base,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registration_numbers_are_valid_and_distinct() {
        let numbers: HashSet<String> = (0..BUSINESSES as u32)
            .map(|serial| registration_number(&format!("{:03}81{:04}", 600, serial)))
            .collect();
        assert_eq!(numbers.len(), BUSINESSES);
        assert!(numbers
            .iter()
            .all(|n| tidemark_core::business::is_valid_business_number(n)));
    }
}
