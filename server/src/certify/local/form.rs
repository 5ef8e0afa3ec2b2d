//! The local provider's form: what a tester fills in, and the person it certifies.

use crate::tokens::hash_token;
use chrono::{Datelike, NaiveDate, Utc};
use serde::Deserialize;
use tidemark_core::filter::{filter_input, filter_phone, FilterOptions};

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct Filled {
    pub certify_no: Option<String>,
    pub name: Option<String>,
    pub phone: Option<String>,
    pub birth_date: Option<String>,
    pub gender: Option<String>,
    /// `confirm` or `cancel`: the button pressed.
    pub action: Option<String>,
}

/// What the form certifies.
#[derive(Debug)]
pub(super) struct Person {
    pub name: String,
    /// Digits only, as PortOne reports phones.
    pub phone: String,
    pub birth_date: String,
    pub gender: String,
}

pub(super) type Problem = (&'static str, &'static str);

impl Person {
    pub(super) fn parse(filled: &Filled) -> Result<Person, Vec<Problem>> {
        let mut problems: Vec<Problem> = Vec::new();
        let name = filled
            .name
            .as_deref()
            .unwrap_or("")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let name_chars = FilterOptions {
            korean: true,
            english: true,
            space: true,
            ..FilterOptions::default()
        };
        if !(2..=30).contains(&name.chars().count()) || filter_input(&name, &name_chars) != name {
            problems.push((
                "이름은 한글 또는 영문 2–30자로 입력하세요.",
                "Name: 2–30 Korean or English letters.",
            ));
        }
        let phone = filled.phone.as_deref().unwrap_or("").trim();
        let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
        if filter_phone(phone) != phone
            || !(10..=11).contains(&digits.len())
            || !digits.starts_with("01")
        {
            problems.push((
                "휴대폰 번호는 숫자와 '-'로 입력하세요 (예: 010-1234-5678).",
                "Mobile phone: digits and dashes, e.g. 010-1234-5678.",
            ));
        }
        let birth_date = filled.birth_date.as_deref().unwrap_or("").trim();
        let today = Utc::now().date_naive();
        let valid_birth = birth_date.len() == 10
            && NaiveDate::parse_from_str(birth_date, "%Y-%m-%d")
                .is_ok_and(|date| date.year() >= 1900 && date <= today);
        if !valid_birth {
            problems.push((
                "생년월일을 yyyy-MM-dd 형식으로 입력하세요 (예: 1990-01-31).",
                "Date of birth: yyyy-MM-dd, e.g. 1990-01-31.",
            ));
        }
        let gender = filled.gender.as_deref().unwrap_or("").trim();
        if gender != "male" && gender != "female" {
            problems.push(("성별을 고르세요.", "Choose a gender."));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Person {
            name,
            phone: digits,
            birth_date: birth_date.to_string(),
            gender: gender.to_string(),
        })
    }

    /// The same person always gets the same key (PortOne's `unique_key` plays this part): a
    /// person is a name, a birth date and a gender, whatever phone they certify with, so a
    /// member who changes phones can certify the new number as the same person.
    pub(super) fn key(&self) -> String {
        hash_token(&format!(
            "tidemark-local-certification\n{}\n{}\n{}",
            self.name, self.birth_date, self.gender
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filled(name: &str, phone: &str, birth: &str, gender: &str) -> Filled {
        Filled {
            certify_no: Some("tmc_1".into()),
            name: Some(name.into()),
            phone: Some(phone.into()),
            birth_date: Some(birth.into()),
            gender: Some(gender.into()),
            action: Some("confirm".into()),
        }
    }

    #[test]
    fn the_same_person_always_gets_the_same_key() {
        let one =
            Person::parse(&filled(" 홍  길동 ", "010-1234-5678", "1990-01-31", "male")).unwrap();
        let two = Person::parse(&filled("홍 길동", "01012345678", "1990-01-31", "male")).unwrap();
        assert_eq!(
            (one.name.as_str(), one.phone.as_str()),
            ("홍 길동", "01012345678")
        );
        assert_eq!(one.key(), two.key());
        let other = Person::parse(&filled("홍 길동", "01012345678", "1990-02-01", "male")).unwrap();
        assert_ne!(one.key(), other.key());
    }

    #[test]
    fn bad_input_names_every_problem() {
        let problems =
            Person::parse(&filled("<b>", "010 1234 5678", "1990-13-01", "x")).unwrap_err();
        assert_eq!(problems.len(), 4);
        assert!(
            Person::parse(&filled("Kim Minsu", "02-123-4567", "1990-01-01", "female")).is_err()
        );
        assert!(Person::parse(&filled(
            "Kim Minsu",
            "010-1234-5678",
            "2999-01-01",
            "female"
        ))
        .is_err());
        assert!(
            Person::parse(&filled("Kim Minsu", "010-1234-5678", "1990-1-1", "female")).is_err()
        );
        assert!(Person::parse(&filled(
            "Kim Minsu",
            "010-1234-5678",
            "1990-01-01",
            "female"
        ))
        .is_ok());
    }
}
