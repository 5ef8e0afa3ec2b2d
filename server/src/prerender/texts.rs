//! The texts of the prerendered first view, read from the UI's own catalogues (JSON files the
//! UI imports, included here at build time), so the first view and the app say the same
//! words: a changed word changes both. A catalogue without a text the first view needs fails
//! at start and in the tests below.

use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::sync::LazyLock;
use tidemark_core::i18n::Lang;

/// The site's texts (`ui/src/lib/texts.json`, the UI's `useI18n().t`).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Site {
    pub categories: String,
    pub empty_list: String,
    pub footer: String,
    pub footer_menu: String,
    pub for_business: String,
    pub home: String,
    pub latest: String,
    pub latest_posts: String,
    pub loading: String,
    pub main_menu: String,
    pub my_interests: String,
    pub popular: String,
    pub popular_posts: String,
    pub reports: String,
    pub search: String,
    pub see_all: String,
    pub skip_to_content: String,
    pub sort: String,
    pub switch_language: String,
    pub switch_language_short: String,
    pub verified: String,
    pub views: String,
}

/// The home page's own texts (`ui/src/features/posts/home/texts.json`).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Home {
    pub tagline: String,
    pub intro: String,
}

/// A post page's texts (`ui/src/features/posts/detail/texts.json`).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Detail {
    pub actions: String,
    pub body: String,
    pub bookmarks: String,
    pub business_title: String,
    pub copy_link: String,
    pub download_report: String,
    pub flag: String,
    pub published: String,
    pub related: String,
    pub related_empty: String,
    pub report: String,
    pub series_order: String,
    pub share: String,
    pub share_kakao: String,
    pub share_linked_in: String,
    pub share_on: String,
    pub share_x: String,
    pub tags: String,
    pub view_profile: String,
    pub views: String,
}

/// A business profile's texts (`ui/src/features/business/texts.json`).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Business {
    pub about: String,
    pub all: String,
    pub category_tabs: String,
    pub employees: String,
    pub followers: String,
    pub founded: String,
    pub founded_year: String,
    pub homepage: String,
    pub location: String,
    pub no_posts: String,
    pub opens_new_window: String,
    pub posts: String,
    pub registration_number: String,
}

/// The follow and bookmark buttons' texts (`ui/src/components/engagement/texts.json`).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Engagement {
    pub bookmark: String,
    pub bookmarks: String,
    pub follow: String,
    pub followers: String,
}

/// What one language says.
pub struct Texts {
    pub site: Site,
    pub home: Home,
    pub detail: Detail,
    pub business: Business,
    pub engagement: Engagement,
}

#[derive(Deserialize)]
struct Catalogue<T> {
    ko: T,
    en: T,
}

fn read<T: DeserializeOwned>(name: &str, json: &str) -> Catalogue<T> {
    serde_json::from_str(json).unwrap_or_else(|error| panic!("the UI's texts {name}: {error}"))
}

static CATALOGUES: LazyLock<(Texts, Texts)> = LazyLock::new(|| {
    let site = read::<Site>(
        "lib/texts.json",
        include_str!("../../../ui/src/lib/texts.json"),
    );
    let home = read::<Home>(
        "features/posts/home/texts.json",
        include_str!("../../../ui/src/features/posts/home/texts.json"),
    );
    let detail = read::<Detail>(
        "features/posts/detail/texts.json",
        include_str!("../../../ui/src/features/posts/detail/texts.json"),
    );
    let business = read::<Business>(
        "features/business/texts.json",
        include_str!("../../../ui/src/features/business/texts.json"),
    );
    let engagement = read::<Engagement>(
        "components/engagement/texts.json",
        include_str!("../../../ui/src/components/engagement/texts.json"),
    );
    (
        Texts {
            site: site.ko,
            home: home.ko,
            detail: detail.ko,
            business: business.ko,
            engagement: engagement.ko,
        },
        Texts {
            site: site.en,
            home: home.en,
            detail: detail.en,
            business: business.en,
            engagement: engagement.en,
        },
    )
});

/// The texts in `lang`.
pub fn texts(lang: Lang) -> &'static Texts {
    match lang {
        Lang::Ko => &CATALOGUES.0,
        Lang::En => &CATALOGUES.1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages_have_every_text_the_first_view_needs() {
        assert_eq!(
            texts(Lang::Ko).home.tagline,
            "기업이 전하는 이야기, 한곳에서"
        );
        assert_eq!(texts(Lang::En).detail.share, "Share");
        assert_eq!(texts(Lang::Ko).engagement.follow, "팔로우");
        assert_eq!(texts(Lang::En).business.about, "About");
    }
}
