//! The first view of a business's profile page: who the business is and the first page of
//! its posts.

use super::{
    count, follow_button, grid, initial, layout, verified_mark, Eager, Frame, Grid, EAGER_CARDS,
};
use crate::business::Business;
use crate::content::view::Card;
use crate::http::paging::Page;
use crate::kernel::html::escape_html as e;
use std::fmt::Write;
use tidemark_core::breadcrumbs::CATEGORIES;
use tidemark_core::format::format_number;
use tidemark_core::i18n::Lang;

/// "11-50" → "11~50명" / "11–50"; "1000+" → "1,000명 이상" / "1,000+" (the profile page's
/// `employeeText`).
fn employee_text(band: &str, lang: Lang) -> String {
    let number = |digits: &str| -> Option<String> {
        (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
            .then(|| digits.parse::<f64>().ok().map(format_number))
            .flatten()
    };
    if let Some((from, to)) = band.split_once('-') {
        if let (Some(from), Some(to)) = (number(from), number(to)) {
            return match lang {
                Lang::Ko => format!("{from}~{to}명"),
                Lang::En => format!("{from}–{to}"),
            };
        }
    }
    if let Some(from) = band.strip_suffix('+').and_then(number) {
        return match lang {
            Lang::Ko => format!("{from}명 이상"),
            Lang::En => format!("{from}+"),
        };
    }
    band.to_string()
}

/// The homepage as people write it: no scheme, no trailing slash.
fn short_address(url: &str) -> &str {
    let lower = url.to_ascii_lowercase();
    let rest = if lower.starts_with("https://") {
        &url[8..]
    } else if lower.starts_with("http://") {
        &url[7..]
    } else {
        url
    };
    rest.strip_suffix('/').unwrap_or(rest)
}

/// `/business/profile/{id}`: ui/src/features/business/BusinessProfilePage.tsx for a guest,
/// with the first page of its posts (all categories).
pub fn business(frame: &Frame, business: &Business, posts: &Page<Card>) -> String {
    let t = frame.t();
    let mut html = String::with_capacity(24 * 1024);
    html.push_str(r#"<div class="page business-page"><header class="business-hero"><div class="business-cover" aria-hidden="true">"#);
    if let Some(cover) = &business.cover_url {
        let _ = write!(
            html,
            r#"<img src="{}" alt="" width="960" height="504" fetchpriority="high">"#,
            e(cover)
        );
    }
    html.push_str(
        r#"</div><div class="business-identity"><span class="business-logo" aria-hidden="true">"#,
    );
    match &business.logo_url {
        Some(logo) => {
            let _ = write!(
                html,
                r#"<img src="{}" alt="" width="96" height="96">"#,
                e(logo)
            );
        }
        None => html.push_str(&e(&initial(&business.name))),
    }
    let _ = write!(
        html,
        r#"</span><div class="business-title"><h1>{}"#,
        e(&business.name)
    );
    if business.verified {
        html.push_str(&verified_mark(t, "business-verified"));
    }
    let _ = write!(
        html,
        r#"</h1><p class="business-industry">{}</p></div><div class="business-follow">{}</div></div></header>"#,
        e(&business.industry),
        follow_button(t, business.id, business.follower_count)
    );
    let _ = write!(
        html,
        r#"<section class="business-about" aria-labelledby="business-about-title"><h2 id="business-about-title">{}</h2>"#,
        e(t.business.about.as_str())
    );
    if !business.description.is_empty() {
        let _ = write!(
            html,
            r#"<p class="business-description">{}</p>"#,
            e(&business.description)
        );
    }
    html.push_str(r#"<dl class="business-facts">"#);
    if let Some(homepage) = &business.homepage {
        let _ = write!(
            html,
            r#"<div><dt>{}</dt><dd><a href="{}" target="_blank" rel="noopener nofollow">{}<span class="visually-hidden"> {}</span></a></dd></div>"#,
            e(t.business.homepage.as_str()),
            e(homepage),
            e(short_address(homepage)),
            e(t.business.opens_new_window.as_str())
        );
    }
    if let Some(location) = &business.location {
        let _ = write!(
            html,
            "<div><dt>{}</dt><dd>{}</dd></div>",
            e(t.business.location.as_str()),
            e(location)
        );
    }
    if let Some(year) = business.founded_year {
        let _ = write!(
            html,
            "<div><dt>{}</dt><dd>{year}{}</dd></div>",
            e(t.business.founded.as_str()),
            e(t.business.founded_year.as_str())
        );
    }
    if let Some(band) = business.employee_band.as_deref().filter(|b| !b.is_empty()) {
        let _ = write!(
            html,
            "<div><dt>{}</dt><dd>{}</dd></div>",
            e(t.business.employees.as_str()),
            e(&employee_text(band, frame.lang))
        );
    }
    let _ = write!(
        html,
        r#"<div><dt>{}</dt><dd class="business-number">{}</dd></div><div><dt>{}</dt><dd class="business-follower-count">{}</dd></div></dl></section>"#,
        e(t.business.registration_number.as_str()),
        e(&business.registration_number),
        e(t.business.followers.as_str()),
        e(&count(business.follower_count)),
    );
    let _ = write!(
        html,
        r#"<section class="business-posts" aria-labelledby="business-posts-title"><h2 id="business-posts-title">{}</h2>"#,
        e(t.business.posts.as_str())
    );
    // The tabs: all, then each category with public posts, in the categories' order.
    let total: i64 = business.post_counts.iter().map(|c| c.count).sum();
    let mut tabs: Vec<(String, &str, Option<i64>)> = vec![(
        "all".into(),
        t.business.all.as_str(),
        (!business.post_counts.is_empty()).then_some(total),
    )];
    for category in CATEGORIES.iter() {
        let count = business
            .post_counts
            .iter()
            .find(|c| c.category_id == i16::from(category.id))
            .map(|c| c.count)
            .unwrap_or(0);
        if count > 0 {
            tabs.push((
                category.id.to_string(),
                category.name(frame.lang),
                Some(count),
            ));
        }
    }
    let has_tabs = tabs.len() > 1;
    if has_tabs {
        let _ = write!(
            html,
            r#"<div class="business-tabs" role="tablist" aria-label="{}">"#,
            e(t.business.category_tabs.as_str())
        );
        for (index, (key, label, tab_count)) in tabs.iter().enumerate() {
            let active = index == 0;
            let _ = write!(
                html,
                r#"<button type="button" role="tab" id="business-tab-{key}" aria-selected="{active}" aria-controls="business-posts-panel" tabindex="{}" class="business-tab">{}"#,
                if active { 0 } else { -1 },
                e(label)
            );
            if let Some(n) = tab_count {
                let _ = write!(
                    html,
                    r#"<span class="business-tab-count">{}</span>"#,
                    e(&count(*n))
                );
            }
            html.push_str("</button>");
        }
        html.push_str("</div>");
    }
    html.push_str(r#"<div id="business-posts-panel""#);
    if has_tabs {
        html.push_str(r#" role="tabpanel" aria-labelledby="business-tab-all""#);
    }
    html.push_str(r#" class="business-posts-panel">"#);
    if posts.items.is_empty() {
        let _ = write!(
            html,
            r#"<p class="empty-state">{}</p>"#,
            e(t.business.no_posts.as_str())
        );
    } else {
        grid(
            frame,
            &posts.items,
            &mut Eager(EAGER_CARDS),
            r#" data-testid="post-list""#,
            Grid {
                follow: false,
                row: false,
            },
            &mut html,
        );
        html.push_str(r#"<div class="list-end" aria-hidden="true"></div>"#);
    }
    html.push_str("</div></section></div>");
    layout(frame, &html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn employee_bands_and_homepages_read_as_the_profile_shows_them() {
        assert_eq!(employee_text("11-50", Lang::Ko), "11~50명");
        assert_eq!(employee_text("1000+", Lang::Ko), "1,000명 이상");
        assert_eq!(employee_text("1000+", Lang::En), "1,000+");
        assert_eq!(employee_text("201-1000", Lang::En), "201–1,000");
        assert_eq!(employee_text("many", Lang::En), "many");
        assert_eq!(short_address("HTTPS://tide.test/"), "tide.test");
    }
}
