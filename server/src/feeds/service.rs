//! What the feeds, the sitemaps and robots.txt say, made from the catalogue of public posts and
//! the businesses' last changes.

use crate::content::cards::cards;
use crate::entities::posts;
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use std::collections::HashMap;
use std::fmt::Write;
use tidemark_core::breadcrumbs::{category_of, CATEGORIES};

/// Addresses per sitemap file (the protocol allows 50,000; smaller files are cheaper to
/// make and to fetch).
const PER_SITEMAP: usize = 10_000;
/// Items per feed.
const FEED_ITEMS: usize = 50;

/// Whether XML 1.0 allows `c` in a document (its `Char` production): tab, line feed,
/// carriage return, and everything from U+0020 but U+FFFE and U+FFFF (surrogates cannot
/// occur in a Rust string). Text stored before the API refused control characters, and the
/// two non-characters it still takes, must not make a feed unreadable for everyone.
fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{fffd}' | '\u{10000}'..)
}

/// Text for an XML element or attribute value: markup escaped, characters XML 1.0 forbids
/// dropped. Every piece of text a feed or sitemap writes goes through here.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if !xml_char(c) => {}
            _ => out.push(c),
        }
    }
    out
}

/// HTML for a `<![CDATA[…]]>` section: characters XML forbids dropped, and a `]]>` (which the
/// sanitiser's escaping never leaves in a body, but a section must never hold) split.
fn cdata(html: &str) -> String {
    html.chars()
        .filter(|&c| xml_char(c))
        .collect::<String>()
        .replace("]]>", "]]]]><![CDATA[>")
}

/// The stored bodies of posts `ids`, by id.
async fn bodies(state: &AppState, ids: &[i64]) -> ApiResult<HashMap<i64, String>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, String)> = posts::Entity::find()
        .select_only()
        .column(posts::Column::Id)
        .column(posts::Column::BodyHtml)
        .filter(posts::Column::Id.is_in(ids.iter().copied()))
        .into_tuple()
        .all(&state.db)
        .await?;
    Ok(rows.into_iter().collect())
}

fn base(state: &AppState) -> String {
    state.settings.public_url.trim_end_matches('/').to_string()
}

pub(super) fn robots(state: &AppState) -> String {
    format!(
            "User-agent: *\nAllow: /\nDisallow: /mypage\nDisallow: /admin\nDisallow: /api/\nDisallow: /member/\n\nSitemap: {}/sitemap.xml\n",
            base(state)
        )
}

pub(super) fn sitemap_index(state: &AppState) -> String {
    let base = base(state);
    let posts = state.catalog.snapshot().latest.len();
    let mut body = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut names = vec!["pages.xml".to_string(), "businesses.xml".to_string()];
    for part in 0..posts.div_ceil(PER_SITEMAP) {
        names.push(format!("posts-{}.xml", part + 1));
    }
    for name in names {
        let _ = writeln!(
            body,
            "  <sitemap><loc>{base}/sitemaps/{name}</loc></sitemap>"
        );
    }
    body.push_str("</sitemapindex>\n");
    body
}

fn url_entry(body: &mut String, loc: &str, lastmod: Option<DateTime<Utc>>) {
    let _ = match lastmod {
        Some(at) => writeln!(
            body,
            "  <url><loc>{}</loc><lastmod>{}</lastmod></url>",
            escape(loc),
            at.format("%Y-%m-%d")
        ),
        None => writeln!(body, "  <url><loc>{}</loc></url>", escape(loc)),
    };
}

pub(super) async fn sitemap(state: &AppState, name: &str) -> ApiResult<String> {
    let base = base(state);
    let mut body = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let not_found = || ApiError::NotFound("no such sitemap".into());
    if name == "pages.xml" {
        let mut pages = vec![
            "/".to_string(),
            "/b2b".into(),
            "/post/popular/list?sort=POPULAR".into(),
            "/post/latest/list?sort=LATEST".into(),
            "/post/report/list".into(),
        ];
        pages.extend(
            CATEGORIES
                .iter()
                .map(|c| c.id)
                .map(|id| format!("/post/category/list/{id}?sort=POPULAR")),
        );
        for page in pages {
            url_entry(&mut body, &format!("{base}{page}"), None);
        }
    } else if name == "businesses.xml" {
        for (id, updated) in crate::business::last_changes(state, PER_SITEMAP as u64).await? {
            url_entry(
                &mut body,
                &format!("{base}/business/profile/{id}"),
                Some(updated),
            );
        }
    } else {
        let part: usize = name
            .strip_prefix("posts-")
            .and_then(|rest| rest.strip_suffix(".xml"))
            .and_then(|n| n.parse().ok())
            .filter(|n| *n >= 1)
            .ok_or_else(not_found)?;
        let snapshot = state.catalog.snapshot();
        // Oldest first, so a post keeps its file as new ones arrive.
        let ids: Vec<i64> = snapshot
            .latest
            .iter()
            .rev()
            .skip((part - 1) * PER_SITEMAP)
            .take(PER_SITEMAP)
            .copied()
            .collect();
        if ids.is_empty() {
            return Err(not_found());
        }
        for id in ids {
            let published = DateTime::from_timestamp_millis(snapshot.entries[&id].published_at);
            url_entry(&mut body, &format!("{base}/post/{id}"), published);
        }
    }
    body.push_str("</urlset>\n");
    Ok(body)
}

/// An RSS 2.0 channel of these posts.
async fn channel(
    state: &AppState,
    title: &str,
    link: &str,
    description: &str,
    ids: &[i64],
) -> ApiResult<String> {
    let base = base(state);
    let items = cards(state, ids).await?;
    let bodies = bodies(state, ids).await?;
    let mut body = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\">\n<channel>\n");
    let _ = writeln!(body, "  <title>{}</title>", escape(title));
    let _ = writeln!(body, "  <link>{}</link>", escape(&format!("{base}{link}")));
    let _ = writeln!(body, "  <description>{}</description>", escape(description));
    let _ = writeln!(body, "  <language>ko</language>");
    if let Some(newest) = items.first().and_then(|item| item.published_at) {
        let _ = writeln!(
            body,
            "  <lastBuildDate>{}</lastBuildDate>",
            newest.to_rfc2822()
        );
    }
    for item in items {
        let url = format!("{base}/post/{}", item.post_seq);
        body.push_str("  <item>\n");
        let _ = writeln!(body, "    <title>{}</title>", escape(&item.title));
        let _ = writeln!(body, "    <link>{}</link>", escape(&url));
        let _ = writeln!(
            body,
            "    <guid isPermaLink=\"true\">{}</guid>",
            escape(&url)
        );
        let _ = writeln!(
            body,
            "    <description>{}</description>",
            escape(&item.summary)
        );
        // The whole post for feed readers: its pictures and links absolute, each video a link
        // to its page (a feed reader shows no player).
        if let Some(stored) = bodies
            .get(&item.post_seq)
            .filter(|stored| !stored.is_empty())
        {
            let html = crate::content::body::for_feed(stored, &base, "동영상 보기");
            let _ = writeln!(
                body,
                "    <content:encoded><![CDATA[{}]]></content:encoded>",
                cdata(&html)
            );
        }
        let _ = writeln!(
            body,
            "    <author>noreply@tidemark.kr ({})</author>",
            escape(&item.business.name)
        );
        let _ = writeln!(body, "    <category>{}</category>", item.category_id);
        if let Some(at) = item.published_at {
            let _ = writeln!(body, "    <pubDate>{}</pubDate>", at.to_rfc2822());
        }
        body.push_str("  </item>\n");
    }
    body.push_str("</channel>\n</rss>\n");
    Ok(body)
}

fn id_of(file: &str) -> ApiResult<i64> {
    file.strip_suffix(".xml")
        .and_then(|id| id.parse().ok())
        .ok_or_else(|| ApiError::NotFound("no such feed".into()))
}

pub(super) async fn feed_all(state: &AppState) -> ApiResult<String> {
    let ids: Vec<i64> = state
        .catalog
        .snapshot()
        .latest
        .iter()
        .take(FEED_ITEMS)
        .copied()
        .collect();
    channel(state, "Tidemark", "/", "기업이 전하는 최신 글", &ids).await
}

pub(super) async fn feed_category(state: &AppState, file: &str) -> ApiResult<String> {
    let id = id_of(file)?;
    let category = i16::try_from(id)
        .ok()
        .filter(|c| category_of(i64::from(*c)).is_some())
        .ok_or_else(|| ApiError::NotFound("no such category".into()))?;
    let snapshot = state.catalog.snapshot();
    let ids: Vec<i64> = snapshot
        .latest_by_category
        .get(&category)
        .map(|ids| ids.iter().take(FEED_ITEMS).copied().collect())
        .unwrap_or_default();
    let name = category_of(i64::from(category)).map_or("", |c| c.name_ko);
    channel(
        state,
        &format!("Tidemark · {name}"),
        &format!("/post/category/list/{category}?sort=LATEST"),
        &format!("{name}의 최신 글"),
        &ids,
    )
    .await
}

pub(super) async fn feed_business(state: &AppState, file: &str) -> ApiResult<String> {
    let id = id_of(file)?;
    let business = crate::business::read(state, id, None).await?;
    let snapshot = state.catalog.snapshot();
    let ids: Vec<i64> = snapshot
        .latest
        .iter()
        .filter(|post| snapshot.entries[post].business_id == id)
        .take(FEED_ITEMS)
        .copied()
        .collect();
    channel(
        state,
        &format!("{} · Tidemark", business.name),
        &format!("/business/profile/{id}"),
        &business.description,
        &ids,
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_drops_every_character_xml_forbids() {
        assert_eq!(escape("a\u{0}b\u{8}c\u{1f}d\u{fffe}e\u{ffff}f"), "abcdef");
        assert_eq!(escape("<&>\"'"), "&lt;&amp;&gt;&quot;&apos;");
        assert_eq!(
            escape("줄\n바꿈\t탭\r\u{7f}\u{85}\u{fffd}\u{1f600}\u{1fffe}"),
            "줄\n바꿈\t탭\r\u{7f}\u{85}\u{fffd}\u{1f600}\u{1fffe}"
        );
    }
}
