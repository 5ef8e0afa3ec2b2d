//! The OpenAPI 3 document, generated from the handlers' annotations: served at
//! `/api-docs/openapi.json`, with an interactive reference page at `/api-docs/`.

use serde::Serialize;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{Modify, OpenApi, ToSchema};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Tidemark API",
        description = "Every answer is `{code, message, data}`; `code` is \"0\" on success and an SPEC §8 code otherwise. \
            State-changing calls need the `_off_set` header (minutes east of UTC). Sessions travel in the HttpOnly cookies \
            `tma`/`tmr`, or in the headers `_tma_token`/`_tmr_token`.",
        version = "1"
    ),
    modifiers(&SessionSchemes),
    tags(
        (name = "session", description = "Sign-in, sign-out, guest ids, token check and profile (SPEC §7)"),
        (name = "members", description = "Join, recovery, my page, withdrawal"),
        (name = "certification", description = "Identity certification (SPEC §5, §7)"),
        (name = "social", description = "Social sign-in: OAuth 2 with PKCE, and the built-in local provider"),
        (name = "analytics", description = "Beacons, reader events and the business analytics"),
        (name = "businesses", description = "Business registration, profile, managers, invitations, audit log"),
        (name = "posts", description = "Writing, scheduling, publishing and hiding posts; the post detail"),
        (name = "lists", description = "Popular, latest, category, report, interest, related and curated lists"),
        (name = "readers", description = "Follows and bookmarks"),
        (name = "search", description = "Search, suggestions, popular searches"),
        (name = "media", description = "Uploads of images and PDF reports"),
        (name = "media publication", description = "Press releases distributed to partner media"),
        (name = "operators", description = "The platform operators' calls")
    )
)]
pub struct ApiDoc;

struct SessionSchemes;

impl Modify for SessionSchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "access_cookie",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new("tma"))),
        );
        components.add_security_scheme(
            "access_header",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("_tma_token"))),
        );
    }
}

/// Every call that takes a JSON body may answer 413 when the body is over its limit (the
/// extractor's, `http/extract.rs`); uploads say so themselves.
pub fn with_body_limits(mut document: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
    let too_large = ResponseBuilder::new()
        .description("the body is over the call's limit (the limit is in the message)")
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorBody")))
                .build(),
        )
        .build();
    for item in document.paths.paths.values_mut() {
        let operations = [
            &mut item.post,
            &mut item.put,
            &mut item.patch,
            &mut item.delete,
        ];
        for operation in operations.into_iter().flatten() {
            if operation.request_body.is_some() {
                operation
                    .responses
                    .responses
                    .entry("413".into())
                    .or_insert_with(|| RefOr::T(too_large.clone()));
            }
        }
    }
    document
}

/// The error answer, for the documentation (the server builds it in `error.rs`).
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    /// An SPEC §8 code: 104 bad parameter, 1003 no or bad session, 101 no data, 2002 no such
    /// user, 2007 account exists, 429 rate limited, 999 internal; and the product's 409 (a
    /// conflict with the state of things) and 2009 (a post changed by someone else since the
    /// editor opened it).
    pub code: String,
    pub message: String,
    /// Null on errors, except 2009: `{version, updatedAt, editorNickname}` of the post as it
    /// is now.
    pub data: Option<serde_json::Value>,
}
