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

/// The document as it is published: [`with_body_limits`], then [`unique_operation_ids`].
pub fn finished(document: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    unique_operation_ids(with_body_limits(document))
}

/// An operation's id is its handler's name (`publish`), which two domains may share; OpenAPI
/// wants each id once, and generated clients name their functions by it. A shared name is
/// qualified by the words of its path, without the version, the parameters and the name
/// itself: `POST /api/v1/posts/{id}/publish` is `publishPosts`, `POST
/// /api/v1/admin/recommendations/{id}/publish` `publishAdminRecommendations`.
pub fn unique_operation_ids(mut document: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    use std::collections::HashMap;
    let mut uses: HashMap<String, usize> = HashMap::new();
    for item in document.paths.paths.values() {
        for operation in operations(item) {
            if let Some(id) = &operation.operation_id {
                *uses.entry(id.clone()).or_default() += 1;
            }
        }
    }
    for (path, item) in document.paths.paths.iter_mut() {
        for operation in operations_mut(item) {
            let Some(id) = operation.operation_id.clone() else {
                continue;
            };
            if uses.get(&id).copied().unwrap_or(0) < 2 {
                continue;
            }
            let words: String = path
                .split('/')
                .filter(|word| {
                    let version =
                        word.starts_with('v') && word[1..].chars().all(|c| c.is_ascii_digit());
                    let skipped =
                        word.is_empty() || *word == "api" || word.starts_with('{') || version;
                    !skipped && *word != id
                })
                .flat_map(|word| word.split('-'))
                .map(|word| {
                    let mut chars = word.chars();
                    chars
                        .next()
                        .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
                        .unwrap_or_default()
                })
                .collect();
            operation.operation_id = Some(format!("{id}{words}"));
        }
    }
    document
}

fn operations(
    item: &utoipa::openapi::PathItem,
) -> impl Iterator<Item = &utoipa::openapi::path::Operation> {
    [&item.get, &item.post, &item.put, &item.patch, &item.delete]
        .into_iter()
        .flatten()
}

fn operations_mut(
    item: &mut utoipa::openapi::PathItem,
) -> impl Iterator<Item = &mut utoipa::openapi::path::Operation> {
    [
        &mut item.get,
        &mut item.post,
        &mut item.put,
        &mut item.patch,
        &mut item.delete,
    ]
    .into_iter()
    .flatten()
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

#[cfg(test)]
mod tests {
    #[test]
    fn every_operation_has_an_id_of_its_own() {
        let document = crate::openapi_document();
        let mut seen = std::collections::HashMap::new();
        for (path, item) in &document.paths.paths {
            for operation in super::operations(item) {
                let id = operation
                    .operation_id
                    .clone()
                    .unwrap_or_else(|| panic!("{path}: an operation without an id"));
                if let Some(other) = seen.insert(id.clone(), path.clone()) {
                    panic!("{id} names an operation of {other} and one of {path}");
                }
            }
        }
        assert!(seen.contains_key("publishPosts"), "{:?}", seen.keys());
        assert!(seen.contains_key("publishAdminRecommendations"));
    }
}
