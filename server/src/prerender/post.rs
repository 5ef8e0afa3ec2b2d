//! The first view of a post's page: the post, its business card, its share box and the
//! related posts.

use super::texts::Texts;
use super::{
    count, date, datetime, follow_button, grid, initial, layout, uri_component, verified_mark,
    Eager, Frame, Grid,
};
use crate::content::view::{Card, PostDetail};
use crate::kernel::html::escape_html as e;
use std::fmt::Write;
use tidemark_core::breadcrumbs::breadcrumbs;

/// ui/src/components/engagement/BookmarkButton.tsx before the session is known: pending (the
/// document is the same for every visitor, and a guest's answer shown to a reader who
/// bookmarked the post would be false).
fn bookmark_button(t: &Texts, post: &PostDetail) -> String {
    format!(
        r#"<button type="button" class="tie-button bookmark-button" aria-disabled="true" aria-busy="true" data-post-seq="{id}"><span class="tie-icon" aria-hidden="true">…</span><span class="tie-label">{label}</span><span class="tie-count"><span class="visually-hidden">{sr} </span>{count}</span></button>"#,
        id = post.post_seq,
        label = e(t.engagement.bookmark.as_str()),
        sr = e(t.engagement.bookmarks.as_str()),
        count = e(&count(post.bookmark_count)),
    )
}

/// `/post/{id}`: ui/src/features/posts/PostDetailPage.tsx for a guest. The body goes into its
/// host as plain HTML (React then moves it into the host's shadow root). `related` is `None`
/// when its call has no answer inline (the UI asks it).
pub fn post(frame: &Frame, base: &str, post: &PostDetail, related: Option<&[Card]>) -> String {
    let t = frame.t();
    let mut html = String::with_capacity(post.body_html.len() + 16 * 1024);
    let _ = write!(
        html,
        r#"<div class="page post-detail-page"><article class="post-detail" data-post-seq="{}" aria-labelledby="post-title"><header class="post-head"><p class="post-kicker">"#,
        post.post_seq
    );
    if let Some(name) = frame.category_name(post.category_id) {
        let href = breadcrumbs(frame.now_ms, frame.lang)
            .into_iter()
            .find(|crumb| i16::from(crumb.category_id) == post.category_id)
            .map(|crumb| crumb.href);
        match href {
            Some(href) => {
                let _ = write!(
                    html,
                    r#"<a href="{}" class="post-category">{}</a>"#,
                    e(&href),
                    e(name)
                );
            }
            None => {
                let _ = write!(html, r#"<span class="post-category">{}</span>"#, e(name));
            }
        }
    }
    if let Some(order) = post.series_order {
        let _ = write!(
            html,
            r#"<span class="post-series">{} {order}</span>"#,
            e(t.detail.series_order.as_str())
        );
    }
    if post.is_report {
        let _ = write!(
            html,
            r#"<span class="post-report-flag">{}</span>"#,
            e(t.detail.report.as_str())
        );
    }
    let _ = write!(
        html,
        r#"</p><h1 id="post-title" class="post-title">{}</h1>"#,
        e(&post.title)
    );
    if !post.summary.is_empty() {
        let _ = write!(html, r#"<p class="post-summary">{}</p>"#, e(&post.summary));
    }
    let business = &post.business;
    let _ = write!(
        html,
        r#"<div class="post-byline"><a href="/business/profile/{}" class="post-byline-business"><span class="post-byline-logo" aria-hidden="true">"#,
        business.badge.id
    );
    match &business.badge.logo_url {
        Some(logo) => {
            let _ = write!(
                html,
                r#"<img src="{}" alt="" width="32" height="32">"#,
                e(logo)
            );
        }
        None => html.push_str(&e(&initial(&business.badge.name))),
    }
    let _ = write!(html, "</span>{}</a>", e(&business.badge.name));
    if business.badge.verified {
        html.push_str(&verified_mark(t, "detail-verified"));
    }
    html.push_str(r#"<dl class="post-facts">"#);
    if let Some(at) = &post.published_at {
        let _ = write!(
            html,
            r#"<div><dt class="visually-hidden">{}</dt><dd><time datetime="{}">{}</time></dd></div>"#,
            e(t.detail.published.as_str()),
            e(&datetime(at)),
            e(&date(at))
        );
    }
    let _ = write!(
        html,
        r#"<div><dt>{}</dt><dd>{}</dd></div><div><dt>{}</dt><dd>{}</dd></div></dl></div><div class="post-actions" role="group" aria-label="{}">{}</div></header>"#,
        e(t.detail.views.as_str()),
        e(&count(post.view_count)),
        e(t.detail.bookmarks.as_str()),
        e(&count(post.bookmark_count)),
        e(t.detail.actions.as_str()),
        bookmark_button(t, post),
    );
    if let Some(cover) = &post.cover_url {
        let _ = write!(
            html,
            r#"<figure class="post-cover"><img src="{}" alt="" width="960" height="504" fetchpriority="high"></figure>"#,
            e(cover)
        );
    }
    // Sanitised when it was written (the server's one HTML policy).
    let _ = write!(
        html,
        r#"<div class="post-body" role="region" aria-label="{}" data-testid="post-body">{}</div><div class="post-body-end" aria-hidden="true"></div>"#,
        e(t.detail.body.as_str()),
        post.body_html
    );
    // The foot ends with the way to report a problem, where a reader finishes the post.
    {
        html.push_str(r#"<footer class="post-foot">"#);
        if !post.tags.is_empty() {
            let _ = write!(
                html,
                r#"<ul class="post-tags" aria-label="{}">"#,
                e(t.detail.tags.as_str())
            );
            for tag in &post.tags {
                let _ = write!(html, "<li>#{}</li>", e(tag));
            }
            html.push_str("</ul>");
        }
        if let Some(report) = &post.report_url {
            let _ = write!(
                html,
                r#"<a class="post-report-link" href="{}" target="_blank" rel="noopener" type="application/pdf"><svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M4 1.5h5.5L12.5 4.5v10h-8.5z M9.5 1.5v3h3 M6 8.5h4.5 M6 11h4.5"></path></svg>{}</a>"#,
                e(report),
                e(t.detail.download_report.as_str())
            );
        }
        let _ = write!(
            html,
            r#"<div class="post-flag"><button type="button" class="post-flag-button" aria-haspopup="dialog" aria-disabled="true">{}</button></div>"#,
            e(t.detail.flag.as_str())
        );
        html.push_str("</footer>");
    }
    html.push_str(r#"</article><aside class="post-aside">"#);
    business_card(t, post, &mut html);
    share_box(t, base, post, &mut html);
    let _ = write!(
        html,
        r#"</aside><section class="post-related" aria-labelledby="related-title"><h2 id="related-title">{}</h2>"#,
        e(t.detail.related.as_str())
    );
    match related {
        None => {
            let _ = write!(
                html,
                r#"<p class="loading" role="status">{}</p>"#,
                e(t.site.loading.as_str())
            );
        }
        Some([]) => {
            let _ = write!(
                html,
                r#"<p class="empty-state">{}</p>"#,
                e(t.detail.related_empty.as_str())
            );
        }
        Some(cards) => grid(
            frame,
            cards,
            &mut Eager(0),
            "",
            Grid {
                follow: true,
                row: true,
            },
            &mut html,
        ),
    }
    html.push_str("</section></div>");
    layout(frame, &html)
}

/// ui/src/features/posts/detail/BusinessCard.tsx.
fn business_card(t: &Texts, post: &PostDetail, html: &mut String) {
    let business = &post.business;
    let profile = format!("/business/profile/{}", business.badge.id);
    let _ = write!(
        html,
        r#"<section class="detail-business" aria-labelledby="detail-business-title"><h2 id="detail-business-title" class="visually-hidden">{}</h2><div class="detail-business-head"><span class="detail-business-logo" aria-hidden="true">"#,
        e(t.detail.business_title.as_str())
    );
    match &business.badge.logo_url {
        Some(logo) => {
            let _ = write!(
                html,
                r#"<img src="{}" alt="" width="56" height="56" loading="lazy">"#,
                e(logo)
            );
        }
        None => html.push_str(&e(&initial(&business.badge.name))),
    }
    let _ = write!(
        html,
        r#"</span><div class="detail-business-name"><a href="{}" class="detail-business-link">{}</a>"#,
        e(&profile),
        e(&business.badge.name)
    );
    if business.badge.verified {
        html.push_str(&verified_mark(t, "detail-verified"));
    }
    let _ = write!(
        html,
        r#"<p class="detail-business-sub">{}</p></div></div>"#,
        e(&business.industry)
    );
    if !business.description.is_empty() {
        let _ = write!(
            html,
            r#"<p class="detail-business-description">{}</p>"#,
            e(&business.description)
        );
    }
    let _ = write!(
        html,
        r#"<div class="detail-business-actions">{}<a href="{}" class="detail-profile-link">{}</a></div></section>"#,
        follow_button(t, business.badge.id, business.follower_count),
        e(&profile),
        e(t.detail.view_profile.as_str())
    );
}

/// ui/src/features/posts/detail/ShareBox.tsx (the address is the site's public one).
fn share_box(t: &Texts, base: &str, post: &PostDetail, html: &mut String) {
    let url = format!("{}/post/{}", base.trim_end_matches('/'), post.post_seq);
    let address = uri_component(&url);
    let _ = write!(
        html,
        r#"<section class="share-box" aria-labelledby="share-title"><h2 id="share-title" class="share-title">{}</h2><ul class="share-list"><li><button type="button" class="share-item share-copy"><span class="share-mark" aria-hidden="true"><svg viewBox="0 0 16 16" focusable="false"><path d="M6.6 9.4a2.8 2.8 0 0 0 4 0l2.2-2.2a2.8 2.8 0 0 0-4-4l-.9.9"></path><path d="M9.4 6.6a2.8 2.8 0 0 0-4 0L3.2 8.8a2.8 2.8 0 0 0 4 4l.9-.9"></path></svg></span>{}</button></li>"#,
        e(t.detail.share.as_str()),
        e(t.detail.copy_link.as_str())
    );
    let services = [
        (
            "kakao",
            t.detail.share_kakao.as_str(),
            "K",
            format!("https://story.kakao.com/share?url={address}"),
        ),
        (
            "linkedin",
            t.detail.share_linked_in.as_str(),
            "in",
            format!("https://www.linkedin.com/sharing/share-offsite/?url={address}"),
        ),
        (
            "x",
            t.detail.share_x.as_str(),
            "𝕏",
            format!(
                "https://twitter.com/intent/tweet?url={address}&text={}",
                uri_component(&post.title)
            ),
        ),
    ];
    for (service, name, mark, href) in services {
        let _ = write!(
            html,
            r#"<li><a class="share-item share-{service}" href="{}" target="_blank" rel="noopener noreferrer" data-share="{service}"><span class="share-mark" aria-hidden="true">{mark}</span>{}<span class="visually-hidden">{}</span></a></li>"#,
            e(&href),
            e(name),
            e(t.detail.share_on.as_str())
        );
    }
    html.push_str(r#"</ul><p class="share-status share-status-idle" role="status"></p></section>"#);
}
