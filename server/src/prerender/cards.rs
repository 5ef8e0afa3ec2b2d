//! Post cards and their grids in the first view (ui/src/components/cards/): the home page's
//! sections, the lists, a business's posts and a post's related posts.

use super::{count, date, datetime, Eager, Frame};
use crate::content::view::Card;
use crate::kernel::html::escape_html as e;
use std::fmt::Write;

/// ui/src/components/cards/PostCard.tsx for a guest: the cover (or its designed stand-in), the
/// words, the business with its follow button (unless `follow` is off) and the facts with the
/// bookmark button.
fn card(frame: &Frame, card: &Card, eager: bool, follow: bool, html: &mut String) {
    let t = frame.t();
    let _ = write!(
        html,
        r#"<article class="post-card" data-post-seq="{id}"><a href="/post/{id}" class="post-card-link"><div class="post-card-cover" aria-hidden="true">"#,
        id = card.post_seq
    );
    let category = frame.category_name(card.category_id);
    if let Some(cover) = card
        .cover_thumbnail_url
        .as_ref()
        .or(card.cover_url.as_ref())
    {
        let loading = if eager { "" } else { r#" loading="lazy""# };
        let _ = write!(
            html,
            r#"<img src="{}" alt=""{loading} width="480" height="270">"#,
            e(cover)
        );
    } else {
        // ui/src/components/cards/CoverArt.tsx.
        let _ = write!(
            html,
            r#"<div class="cover-art" data-category="{}" aria-hidden="true"><span class="cover-art-category">{}</span><span class="cover-art-title">{}</span><span class="cover-art-business">{}</span></div>"#,
            card.category_id,
            e(category.unwrap_or_default()),
            e(&card.title),
            e(&card.business.name)
        );
    }
    html.push_str(r#"</div><div class="post-card-body">"#);
    if let Some(name) = category {
        let _ = write!(
            html,
            r#"<span class="post-card-category">{}</span>"#,
            e(name)
        );
    }
    let _ = write!(
        html,
        r#"<h3 class="post-card-title">{}</h3>"#,
        e(&card.title)
    );
    if !card.summary.is_empty() {
        let _ = write!(
            html,
            r#"<p class="post-card-summary">{}</p>"#,
            e(&card.summary)
        );
    }
    let _ = write!(
        html,
        r#"</div></a><footer class="post-card-meta"><div class="post-card-by"><a href="/business/profile/{}" class="post-card-business">{}"#,
        card.business.id,
        e(&card.business.name)
    );
    if card.business.verified {
        let _ = write!(
            html,
            r#"<span class="verified" aria-label="{v}" title="{v}">✓</span>"#,
            v = e(t.site.verified.as_str())
        );
    }
    html.push_str("</a>");
    if follow {
        let _ = write!(
            html,
            r#"<button type="button" class="tie-button follow-button tie-compact post-card-follow" aria-disabled="true" aria-busy="true" data-business-id="{}"><span class="tie-icon" aria-hidden="true">…</span><span class="tie-label">{}</span> <span class="visually-hidden">{}</span></button>"#,
            card.business.id,
            e(t.engagement.follow.as_str()),
            e(&card.business.name)
        );
    }
    html.push_str(r#"</div><div class="post-card-facts">"#);
    if let Some(at) = &card.published_at {
        let _ = write!(
            html,
            r#"<time datetime="{}">{}</time>"#,
            e(&datetime(at)),
            e(&date(at))
        );
    }
    let _ = write!(
        html,
        r#"<span>{} {}</span><button type="button" class="tie-button bookmark-button tie-compact post-card-bookmark" aria-disabled="true" aria-busy="true" data-post-seq="{}"><span class="tie-icon" aria-hidden="true">…</span><span class="visually-hidden">{}</span> <span class="visually-hidden">{}</span><span class="tie-count"><span class="visually-hidden">{} </span>{}</span></button></div></footer></article>"#,
        e(t.site.views.as_str()),
        e(&count(card.view_count)),
        card.post_seq,
        e(t.engagement.bookmark.as_str()),
        e(&card.title),
        e(t.engagement.bookmarks.as_str()),
        e(&count(card.bookmark_count)),
    );
}

/// How a grid of cards shows (ui/src/components/cards/CardGrid.tsx): with a follow button on
/// each card, and as one sideways row on phones.
#[derive(Clone, Copy)]
pub(super) struct Grid {
    pub(super) follow: bool,
    pub(super) row: bool,
}

impl Grid {
    pub(super) const PLAIN: Grid = Grid {
        follow: true,
        row: false,
    };
}

/// A `post-grid` of cards in its frame.
pub(super) fn grid(
    frame: &Frame,
    cards: &[Card],
    eager: &mut Eager,
    extra: &str,
    kind: Grid,
    html: &mut String,
) {
    let mut class = String::from("post-grid");
    if cards.len().is_multiple_of(3) && !cards.len().is_multiple_of(4) {
        class.push_str(" post-grid-3");
    }
    if kind.row {
        class.push_str(" post-grid-scroll");
    }
    let _ = write!(
        html,
        r#"<div class="post-grid-frame"><div class="{class}"{extra}>"#
    );
    for one in cards {
        card(frame, one, eager.next(), kind.follow, html);
    }
    html.push_str("</div></div>");
}
