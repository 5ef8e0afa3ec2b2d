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

/// The document as it is published: [`with_body_limits`], [`unique_operation_ids`], then
/// [`answers_always_whole`].
pub fn finished(document: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    answers_always_whole(unique_operation_ids(with_body_limits(document)))
}

/// An answer's `Option` field is always written, as `null` when empty, yet utoipa lists it as
/// optional, so a generated client would have to check for a missing field that never is. In
/// every schema no request uses (answers, and the schemas the answers' envelopes copy), a
/// nullable property is marked required. A request's `Option`
/// field may be left out and stays optional, and so does an answer's field that serde skips
/// when empty: it is declared `#[schema(nullable = false)]`, absent but never null.
pub fn answers_always_whole(document: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    use serde_json::Value;
    use std::collections::BTreeSet;
    use utoipa::openapi::schema::{ArrayItems, Schema, SchemaType, Type};
    use utoipa::openapi::RefOr;

    fn refs(value: &Value, found: &mut BTreeSet<String>) {
        match value {
            Value::Object(map) => {
                for (key, item) in map {
                    match (key.as_str(), item) {
                        ("$ref", Value::String(target)) => {
                            if let Some(name) = target.strip_prefix("#/components/schemas/") {
                                found.insert(name.to_string());
                            }
                        }
                        _ => refs(item, found),
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|item| refs(item, found)),
            _ => {}
        }
    }
    fn closure(mut names: BTreeSet<String>, schemas: &Value) -> BTreeSet<String> {
        let mut pending: Vec<String> = names.iter().cloned().collect();
        while let Some(name) = pending.pop() {
            let mut found = BTreeSet::new();
            refs(&schemas[&name], &mut found);
            for next in found {
                if names.insert(next.clone()) {
                    pending.push(next);
                }
            }
        }
        names
    }
    fn is_null(schema: &RefOr<Schema>) -> bool {
        matches!(schema, RefOr::T(Schema::Object(object))
            if matches!(object.schema_type, SchemaType::Type(Type::Null)))
    }
    fn nullable(property: &RefOr<Schema>) -> bool {
        match property {
            RefOr::T(Schema::Object(object)) => match &object.schema_type {
                SchemaType::Array(types) => types.contains(&Type::Null),
                _ => false,
            },
            RefOr::T(Schema::OneOf(one)) => one.items.iter().any(is_null),
            _ => false,
        }
    }
    /// Requires the nullable properties of `schema` and of the schemas written inside it.
    fn require_nullable(schema: &mut RefOr<Schema>) {
        let RefOr::T(schema) = schema else {
            return;
        };
        match schema {
            Schema::Object(object) => {
                let wanted: Vec<String> = object
                    .properties
                    .iter()
                    .filter(|(name, property)| {
                        nullable(property) && !object.required.contains(name)
                    })
                    .map(|(name, _)| name.clone())
                    .collect();
                object.required.extend(wanted);
                object.properties.values_mut().for_each(require_nullable);
            }
            Schema::Array(array) => {
                if let ArrayItems::RefOrSchema(items) = &mut array.items {
                    require_nullable(items);
                }
            }
            Schema::AllOf(all) => all.items.iter_mut().for_each(require_nullable),
            Schema::OneOf(one) => one.items.iter_mut().for_each(require_nullable),
            _ => {}
        }
    }

    let json = serde_json::to_value(&document).expect("the document serializes");
    let mut asked = BTreeSet::new();
    if let Some(paths) = json["paths"].as_object() {
        for operation in paths
            .values()
            .filter_map(Value::as_object)
            .flat_map(|item| item.values())
        {
            refs(&operation["requestBody"], &mut asked);
            refs(&operation["parameters"], &mut asked);
        }
    }
    let schemas = &json["components"]["schemas"];
    let asked = closure(asked, schemas);
    let mut document = document;
    let Some(components) = document.components.as_mut() else {
        return document;
    };
    for (name, schema) in components.schemas.iter_mut() {
        if !asked.contains(name) {
            require_nullable(schema);
        }
    }
    document
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

    #[test]
    fn an_answers_empty_fields_are_required_and_a_requests_stay_optional() {
        let document = serde_json::to_value(crate::openapi_document()).unwrap();
        let schemas = &document["components"]["schemas"];
        let required = |schema: &str| -> Vec<String> {
            serde_json::from_value(schemas[schema]["required"].clone()).unwrap_or_default()
        };
        // An upload's thumbnail is null for a PDF but always there; a post's cover may be
        // left out of a request.
        assert!(required("Uploaded").contains(&"thumbnailUrl".to_string()));
        assert!(!required("PostInput").contains(&"coverUploadId".to_string()));
        // Written only for the business's own people: absent, never null.
        assert!(!required("PostDetail").contains(&"version".to_string()));
        assert_eq!(
            schemas["PostDetail"]["properties"]["version"]["type"],
            "integer"
        );
    }

    /// Two types of one name would be one schema in the document, the second hiding the
    /// first (an invitation's join took the shape of the e-mail join once): every type the
    /// document names has a name of its own, its `#[schema(as = …)]` where it has one.
    #[test]
    fn every_schema_has_a_name_of_its_own() {
        let mut seen: std::collections::HashMap<String, String> = Default::default();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut pending = vec![root];
        while let Some(dir) = pending.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    pending.push(path);
                    continue;
                }
                if path.extension().is_none_or(|ext| ext != "rs") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                let lines: Vec<&str> = text.lines().collect();
                for (index, line) in lines.iter().enumerate() {
                    if !(line.starts_with("#[derive(") && line.contains("ToSchema")) {
                        continue;
                    }
                    let mut renamed = None;
                    for next in &lines[index + 1..] {
                        let next = next.trim();
                        if let Some(rest) = next.strip_prefix("#[schema(as = ") {
                            renamed = Some(rest.trim_end_matches(")]").to_string());
                        }
                        if next.starts_with("#[") || next.starts_with("///") {
                            continue;
                        }
                        let name = next
                            .split(['{', '<', '(', ';', ' '])
                            .skip_while(|word| *word != "struct" && *word != "enum")
                            .nth(1)
                            .unwrap_or_default()
                            .to_string();
                        let name = renamed.take().unwrap_or(name);
                        let at = format!("{}:{}", path.display(), index + 1);
                        if let Some(other) = seen.insert(name.clone(), at.clone()) {
                            panic!("the schema {name} is declared at {other} and at {at}");
                        }
                        break;
                    }
                }
            }
        }
        assert!(seen.contains_key("InvitedJoinRequest"), "{:?}", seen.keys());
        assert!(seen.contains_key("PostDetail"));
    }
}
