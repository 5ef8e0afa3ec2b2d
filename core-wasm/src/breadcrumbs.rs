//! Categories (PRODUCT "Categories") and the breadcrumb data of SPEC §2.

use crate::i18n::Lang;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Category {
    pub id: u8,
    pub key: &'static str,
    pub name_ko: &'static str,
    pub name_en: &'static str,
}

impl Category {
    pub fn name(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::Ko => self.name_ko,
            Lang::En => self.name_en,
        }
    }

    /// Notices are a plain list: their breadcrumb carries no sort and no timestamp.
    pub fn is_notice(&self) -> bool {
        self.id == NOTICES
    }
}

pub const NOTICES: u8 = 6;

pub const CATEGORIES: [Category; 9] = [
    Category {
        id: 1,
        key: "insights",
        name_ko: "인사이트",
        name_en: "Insights",
    },
    Category {
        id: 2,
        key: "success-stories",
        name_ko: "성공 사례",
        name_en: "Success stories",
    },
    Category {
        id: 3,
        key: "products",
        name_ko: "제품 소식",
        name_en: "Products",
    },
    Category {
        id: 4,
        key: "culture",
        name_ko: "기업 문화",
        name_en: "Company culture",
    },
    Category {
        id: 5,
        key: "recruiting",
        name_ko: "채용",
        name_en: "Recruiting",
    },
    Category {
        id: 6,
        key: "notices",
        name_ko: "공지사항",
        name_en: "Notices",
    },
    Category {
        id: 7,
        key: "press",
        name_ko: "보도자료",
        name_en: "Press releases",
    },
    Category {
        id: 8,
        key: "original-series",
        name_ko: "오리지널 시리즈",
        name_en: "Original series",
    },
    Category {
        id: 9,
        key: "plus-series",
        name_ko: "플러스 시리즈",
        name_en: "Plus series",
    },
];

pub fn category(id: u8) -> Option<&'static Category> {
    CATEGORIES.iter().find(|c| c.id == id)
}

/// The category of an id as stored or requested (any width, any sign), if it names one.
pub fn category_of(id: i64) -> Option<&'static Category> {
    u8::try_from(id).ok().and_then(category)
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Breadcrumb {
    pub category_id: u8,
    pub label: &'static str,
    pub path: String,
    /// `path` with its query (`sort` and `timestamp`, except for notices).
    pub href: String,
}

/// The nine category list pages. `now_ms` becomes the `timestamp` parameter, which makes each
/// visit from the menu a fresh list rather than a cached one.
pub fn breadcrumbs(now_ms: i64, lang: Lang) -> Vec<Breadcrumb> {
    CATEGORIES
        .iter()
        .map(|c| {
            let path = format!("/post/category/list/{}", c.id);
            let href = if c.is_notice() {
                path.clone()
            } else {
                format!(
                    "{path}?sort={}&timestamp={now_ms}",
                    crate::sort::DEFAULT_SORT.code()
                )
            };
            Breadcrumb {
                category_id: c.id,
                label: c.name(lang),
                path,
                href,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_categories_with_sort_and_timestamp_on_eight() {
        let crumbs = breadcrumbs(1_700_000_000_000, Lang::En);
        assert_eq!(crumbs.len(), 9);
        let with_query: Vec<_> = crumbs
            .iter()
            .filter(|b| b.href.contains("?sort=POPULAR&timestamp=1700000000000"))
            .collect();
        assert_eq!(with_query.len(), 8);
        let notices = crumbs.iter().find(|b| b.category_id == 6).unwrap();
        assert_eq!(notices.href, "/post/category/list/6");
        assert_eq!(notices.label, "Notices");
        assert_eq!(crumbs[0].path, "/post/category/list/1");
        assert_eq!(breadcrumbs(0, Lang::Ko)[4].label, "채용");
    }

    #[test]
    fn category_lookup() {
        assert_eq!(category(9).unwrap().key, "plus-series");
        assert!(category(0).is_none());
        assert!(category(10).is_none());
    }
}
