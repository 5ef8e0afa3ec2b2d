//! The tags of the large set: their names, made from the topics and kinds of posts, and
//! their rows.

use super::dice::Dice;
use super::rows::per_statement;
use super::texts::{KINDS, LEADS_KO, TOPICS};
use crate::entities::tags;
use sea_orm::sea_query::OnConflict;
use sea_orm::{DatabaseConnection, DbErr, EntityTrait, QuerySelect, Set};
use std::collections::{HashMap, HashSet};

pub(super) const TAGS: usize = 2_000;

/// The tag names of the set: topics, kinds, and their combinations; [`TAGS`] of them.
pub(super) struct TagCatalogue {
    pub(super) names: Vec<String>,
    /// Per topic: the indices of its tags.
    by_topic: Vec<Vec<u16>>,
}

impl TagCatalogue {
    pub(super) fn new() -> TagCatalogue {
        let mut names: Vec<String> = Vec::new();
        let mut by_topic: Vec<Vec<u16>> = vec![Vec::new(); TOPICS.len()];
        let mut seen = HashSet::new();
        let mut add = |name: String, topic: Option<usize>, names: &mut Vec<String>| {
            // Tags are at most 30 characters, as the post editor allows.
            if names.len() < TAGS && name.chars().count() <= 30 && seen.insert(name.to_lowercase())
            {
                if let Some(topic) = topic {
                    by_topic[topic].push(names.len() as u16);
                }
                names.push(name);
            }
        };
        for (t, (ko, en)) in TOPICS.iter().enumerate() {
            add(ko.replace(' ', ""), Some(t), &mut names);
            add((*en).to_string(), Some(t), &mut names);
        }
        for (ko, en) in KINDS {
            add(ko.replace(' ', ""), None, &mut names);
            add(en.to_string(), None, &mut names);
        }
        for (kind_ko, kind_en) in KINDS {
            for (t, (ko, en)) in TOPICS.iter().enumerate() {
                add(
                    format!("{}{}", ko.replace(' ', ""), kind_ko.replace(' ', "")),
                    Some(t),
                    &mut names,
                );
                add(format!("{en} {kind_en}"), Some(t), &mut names);
            }
        }
        for lead in LEADS_KO {
            for (t, (ko, _)) in TOPICS.iter().enumerate() {
                add(
                    format!("{}{}", lead.replace(' ', ""), ko.replace(' ', "")),
                    Some(t),
                    &mut names,
                );
            }
        }
        TagCatalogue { names, by_topic }
    }

    /// 1 to 4 distinct tags: mostly the topic's own, sometimes any.
    pub(super) fn tags_for(&self, dice: &mut Dice, topic: usize) -> Vec<u16> {
        let wanted = 1 + dice.skewed(4, 1.5);
        let own = &self.by_topic[topic];
        let mut chosen = Vec::with_capacity(wanted);
        let mut attempts = 0;
        while chosen.len() < wanted && attempts < 20 {
            attempts += 1;
            let tag = if dice.chance(0.7) && !own.is_empty() {
                own[dice.skewed(own.len(), 1.5)]
            } else {
                dice.skewed(self.names.len(), 2.0) as u16
            };
            if !chosen.contains(&tag) {
                chosen.push(tag);
            }
        }
        chosen
    }
}

/// Tag ids by catalogue index (tags already present are reused).
pub(super) async fn write_tags(db: &DatabaseConnection) -> Result<Vec<i64>, DbErr> {
    let catalogue = TagCatalogue::new();
    let rows: Vec<tags::ActiveModel> = catalogue
        .names
        .iter()
        .map(|name| tags::ActiveModel {
            name: Set(name.clone()),
            ..Default::default()
        })
        .collect();
    let txn = crate::db::write_txn(db).await?;
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<_> = rows.by_ref().take(per_statement(1)).collect();
        tags::Entity::insert_many(chunk)
            .on_conflict(
                OnConflict::column(tags::Column::Name)
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(&txn)
            .await?;
    }
    txn.commit().await?;
    let by_name: HashMap<String, i64> = tags::Entity::find()
        .select_only()
        .columns([tags::Column::Name, tags::Column::Id])
        .into_tuple::<(String, i64)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    catalogue
        .names
        .iter()
        .map(|name| {
            by_name
                .get(name)
                .copied()
                .ok_or_else(|| DbErr::RecordNotFound(format!("tag {name}")))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_holds_every_tag() {
        assert_eq!(TagCatalogue::new().names.len(), TAGS);
    }
}
