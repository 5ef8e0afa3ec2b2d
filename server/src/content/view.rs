//! What a reader sees of a public post: the card a list shows and the detail a post page
//! shows, with the business as each shows it, and how each is kept among the catalogue's
//! answers ([`KeptViews`]).

use crate::answers::{Key, Shows};
use crate::catalog::Catalog;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;
use utoipa::ToSchema;

/// The business as a card shows it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BusinessBadge {
    pub id: i64,
    pub name: String,
    pub logo_url: Option<String>,
    pub verified: bool,
}

/// A post in a list.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Card {
    pub post_seq: i64,
    pub title: String,
    pub summary: String,
    pub category_id: i16,
    pub cover_url: Option<String>,
    /// The cover at 480 px wide, what a card shows (a third of the bytes).
    #[serde(default)]
    pub cover_thumbnail_url: Option<String>,
    pub business: BusinessBadge,
    pub tags: Vec<String>,
    pub is_report: bool,
    pub series_order: Option<i32>,
    pub published_at: Option<DateTime<Utc>>,
    pub view_count: i64,
    pub bookmark_count: i64,
}

/// A post as its business and its readers see it.
#[derive(Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostDetail {
    pub post_seq: i64,
    pub business: BusinessCard,
    pub category_id: i16,
    pub title: String,
    pub summary: String,
    pub cover_url: Option<String>,
    /// The body as readers are shown it: sanitised HTML, each video a play button instead of
    /// its player's frame (`<button class="video-play" data-play="…">`: make the frame with
    /// `data-play`, `data-sandbox`, `data-allow` and `data-referrer-policy` when it is pressed),
    /// each `<h2>`/`<h3>` with its anchor as its `id` (docs/media.md).
    pub body_html: String,
    /// Minutes the body takes to read ("3분 읽기"): Korean at 500 syllables a minute, other
    /// words at 230, at least 1.
    pub reading_minutes: u32,
    pub tags: Vec<String>,
    pub is_report: bool,
    pub report_url: Option<String>,
    pub series_order: Option<i32>,
    /// `DRAFT` | `SCHEDULED` | `PUBLISHED` | `HIDDEN` | `REMOVED`
    #[schema(value_type = crate::kernel::schema::codes::PostStatus)]
    pub status: String,
    pub publish_at: Option<DateTime<Utc>>,
    pub published_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
    pub view_count: i64,
    pub unique_reader_count: i64,
    pub bookmark_count: i64,
    pub share_count: i64,
    /// Whether the signed-in reader bookmarked it (false for guests).
    pub bookmarked: bool,
    /// For the business's own people only (absent for everyone else): the number of the
    /// post's content writes, to send back as `baseVersion` with an edit.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub version: Option<i32>,
    /// For the business's own people only, as `version`: the uploads behind `coverUrl` and
    /// `reportUrl`, to send back with an edit that keeps them.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub cover_upload_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub report_upload_id: Option<i64>,
    /// For the business's own people only, as `version`: the body as it is stored (its
    /// players' frames as the sanitiser keeps them), what the editor edits and an edit sends
    /// back.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub body_source: Option<String>,
}

/// The business card on a post.
#[derive(Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BusinessCard {
    #[serde(flatten)]
    pub badge: BusinessBadge,
    pub description: String,
    pub industry: String,
    pub follower_count: i64,
    /// Whether the signed-in reader follows it.
    pub following: bool,
}

/// The views kept among the catalogue's answers: a card, a badge, a post's business, a post's
/// detail, each forgotten when what it shows changes.
pub trait KeptViews {
    /// The cards of `ids` kept since their posts last changed, by id.
    fn cached_cards(&self, ids: &[i64]) -> HashMap<i64, Arc<Card>>;
    /// Keeps cards made at `generation`.
    fn keep_cards(&self, generation: u64, cards: &[Card]);
    /// The badges of businesses `ids` kept since the businesses last changed, by id.
    fn cached_badges(&self, ids: &[i64]) -> HashMap<i64, Arc<BusinessBadge>>;
    /// Keeps badges read at `generation`.
    fn keep_badges<'a>(&self, generation: u64, badges: impl Iterator<Item = &'a BusinessBadge>);
    /// Business `id` as a post's page shows it, kept since the business last changed (its
    /// `following` is false: the reader's own tie is added per request).
    fn cached_business(&self, id: i64) -> Option<Arc<BusinessCard>>;
    /// Keeps a business as a post's page shows it, read at `generation`, and its badge.
    fn keep_business(&self, generation: u64, business: &BusinessCard);
    /// The public detail of post `id` as anyone sees it, when it was made since the post last
    /// changed.
    fn cached_detail(&self, id: i64) -> Option<Arc<PostDetail>>;
    /// Keeps a public detail made at `generation`; a post the catalogue does not hold is
    /// answered without being kept.
    fn keep_detail(&self, generation: u64, detail: PostDetail) -> Arc<PostDetail>;
}

impl KeptViews for Catalog {
    fn cached_cards(&self, ids: &[i64]) -> HashMap<i64, Arc<Card>> {
        self.answers.cached_values(ids, Key::Card)
    }

    fn keep_cards(&self, generation: u64, cards: &[Card]) {
        for card in cards {
            let shows = Shows::Post {
                id: card.post_seq,
                business: card.business.id,
            };
            let size = card.size();
            let key = Key::Card(card.post_seq);
            let card = Arc::new(card.clone());
            self.answers.keep_value(key, generation, shows, card, size);
        }
    }

    fn cached_badges(&self, ids: &[i64]) -> HashMap<i64, Arc<BusinessBadge>> {
        self.answers.cached_values(ids, Key::Badge)
    }

    fn keep_badges<'a>(&self, generation: u64, badges: impl Iterator<Item = &'a BusinessBadge>) {
        for badge in badges {
            let (key, shows, size) = (Key::Badge(badge.id), Shows::Profile(badge.id), badge.size());
            let badge = Arc::new(badge.clone());
            self.answers.keep_value(key, generation, shows, badge, size);
        }
    }

    fn cached_business(&self, id: i64) -> Option<Arc<BusinessCard>> {
        self.answers.cached_value(&Key::Business(id))
    }

    fn keep_business(&self, generation: u64, business: &BusinessCard) {
        let id = business.badge.id;
        let kept = Arc::new(BusinessCard {
            following: false,
            ..business.clone()
        });
        let size = kept.size();
        let (key, shows) = (Key::Business(id), Shows::Profile(id));
        self.answers.keep_value(key, generation, shows, kept, size);
        self.keep_badges(generation, std::iter::once(&business.badge));
    }

    fn cached_detail(&self, id: i64) -> Option<Arc<PostDetail>> {
        self.answers.cached_value(&Key::Detail(id))
    }

    fn keep_detail(&self, generation: u64, detail: PostDetail) -> Arc<PostDetail> {
        let id = detail.post_seq;
        let size = detail.size();
        let detail = Arc::new(detail);
        if let Some(shows) = self.shows_post(id) {
            let key = Key::Detail(id);
            self.answers
                .keep_value(key, generation, shows, detail.clone(), size);
        }
        detail
    }
}

impl Card {
    /// About the bytes a card holds: its texts and the fixed part.
    fn size(&self) -> usize {
        let urls = [&self.cover_url, &self.cover_thumbnail_url]
            .iter()
            .map(|url| url.as_ref().map_or(0, String::len))
            .sum::<usize>();
        let tags = self.tags.iter().map(|tag| tag.len() + 24).sum::<usize>();
        std::mem::size_of::<Card>()
            + self.title.len()
            + self.summary.len()
            + self.business.size()
            + urls
            + tags
    }
}

impl BusinessBadge {
    /// About the bytes a badge holds.
    fn size(&self) -> usize {
        std::mem::size_of::<BusinessBadge>()
            + self.name.len()
            + self.logo_url.as_ref().map_or(0, String::len)
    }
}

impl BusinessCard {
    /// About the bytes a business's card holds.
    fn size(&self) -> usize {
        std::mem::size_of::<BusinessCard>()
            + self.badge.size()
            + self.description.len()
            + self.industry.len()
    }
}

impl PostDetail {
    /// About the bytes the detail holds.
    fn size(&self) -> usize {
        let texts = self.body_html.len() + self.title.len() + self.summary.len();
        let tags = self.tags.iter().map(|tag| tag.len() + 24).sum::<usize>();
        std::mem::size_of::<PostDetail>() + texts + tags + self.business.size()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answers::Answers;
    use crate::catalog::Forget;

    #[test]
    fn a_business_s_profile_outlives_its_posts_changes_but_not_its_own() {
        let catalog = Catalog::new(Answers::new(1024 * 1024));
        let business = |id: i64| BusinessCard {
            badge: BusinessBadge {
                id,
                name: format!("기업 {id}"),
                logo_url: Some(format!("/media/images/{id}.png")),
                verified: true,
            },
            description: "소개".into(),
            industry: "제조".into(),
            follower_count: 7,
            following: true,
        };
        catalog.keep_business(catalog.answers.generation(), &business(10));
        let kept = catalog.cached_business(10).expect("kept");
        assert!(!kept.following, "the reader's own tie is not kept");
        assert_eq!(kept.follower_count, 7);
        assert!(catalog.cached_badges(&[10]).contains_key(&10));
        // A post of the business changes, its scores move: the profile stays.
        catalog.forget(Forget::Post(1));
        catalog.answers.forget_posts(&[1, 2], &[10]);
        assert!(catalog.cached_business(10).is_some());
        assert!(catalog.cached_badges(&[10]).contains_key(&10));
        // Its follower count moves: forgotten, badge and all.
        catalog.forget(Forget::Business(10));
        assert!(catalog.cached_business(10).is_none());
        assert!(catalog.cached_badges(&[10]).is_empty());
        // A profile read before a change is not kept after it.
        let made = catalog.answers.generation();
        catalog.forget(Forget::Business(10));
        catalog.keep_business(made, &business(10));
        assert!(catalog.cached_business(10).is_none());
    }
}
