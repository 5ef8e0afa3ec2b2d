//! `/dev/mail`: what demo mode sent, as a page.

use crate::settings::Mode;
use crate::state::AppState;

/// `/dev/mail`: the outbox as a page, newest first (demo mode only; production answers 404).
/// Without SMTP this is where sign-up codes and reset links are read.
pub async fn outbox_page(
    axum::extract::State(state): axum::extract::State<AppState>,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    if state.settings.mode != Mode::Demo {
        return crate::http::error::ApiError::NotFound("no such page".into()).into_response();
    }
    let rows = match crate::outbox::recent(&state.db, 100).await {
        Ok(rows) => rows,
        Err(error) => return crate::http::error::ApiError::from(error).into_response(),
    };
    let mut html = String::from(
        "<!doctype html><html lang=\"ko\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Tidemark · 메일함 / Outbox</title><style>body{font-family:system-ui,'Noto Sans KR',sans-serif;margin:2rem auto;max-width:52rem;padding:0 1rem;color:#14213d}\
         article{border:1px solid #dde3ee;border-radius:10px;padding:1rem 1.25rem;margin:1rem 0}h1{font-size:1.5rem}h2{font-size:1.05rem;margin:.25rem 0}\
         pre{white-space:pre-wrap;word-break:break-all;background:#f4f6fb;padding:.75rem;border-radius:8px}small{color:#4a5568}</style></head><body>\
         <h1>메일함 / Outbox</h1><p><small>데모 모드에서 보낸 메일 (최근 100통) · Mail sent in demo mode (latest 100)</small></p>",
    );
    if rows.is_empty() {
        html.push_str("<p>아직 보낸 메일이 없습니다. / No mail yet.</p>");
    }
    for row in rows {
        html.push_str(&format!(
            "<article><small>#{} · {} · {} · {}</small><h2>{}</h2><p><small>To: {}</small></p><pre>{}</pre></article>",
            row.id,
            crate::kernel::html::escape_html(&row.created_at.to_rfc3339()),
            crate::kernel::html::escape_html(&row.kind),
            crate::kernel::html::escape_html(row.status.as_str()),
            crate::kernel::html::escape_html(&row.subject),
            crate::kernel::html::escape_html(&row.to_address),
            crate::kernel::html::escape_html(&row.body_text)
        ));
    }
    html.push_str("</body></html>");
    (
        [
            (axum::http::header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (axum::http::header::CACHE_CONTROL, "no-store"),
        ],
        html,
    )
        .into_response()
}
