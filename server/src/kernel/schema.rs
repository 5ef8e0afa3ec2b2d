//! Fixed vocabularies in the OpenAPI document: a field or parameter that holds one word of a
//! list (a status, a reason, a kind, a sort) is published as a string schema with `enum`, so
//! the generated client types name the words instead of `string`.
//!
//! [`named_words!`](crate::named_words) lists describe themselves; the code columns' enums
//! (`tidemark_migration::codes`) and the lists that live only in a handler's parsing get a
//! schema-only type from [`word_schema!`](crate::word_schema). A field keeps its Rust type and
//! names the schema with `#[schema(value_type = …)]`.

use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;

/// A string schema whose value is one of `words`, in their order.
pub fn words<'a>(description: &str, words: impl IntoIterator<Item = &'a str>) -> RefOr<Schema> {
    // A doc comment's lines, each with the space after `///`, make one sentence.
    let description = description
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(words.into_iter().map(str::to_string)))
        .description((!description.is_empty()).then_some(description))
        .into()
}

/// Declares `pub struct $name;`, a type that exists only as the OpenAPI schema "one of these
/// words" (see the module's docs): `word_schema!(/// doc… SearchSort = ["POPULAR", "LATEST"]);`.
#[macro_export]
macro_rules! word_schema {
    ($(#[doc = $doc:literal])* $name:ident = $words:expr) => {
        $(#[doc = $doc])*
        pub struct $name;

        impl ::utoipa::PartialSchema for $name {
            fn schema() -> ::utoipa::openapi::RefOr<::utoipa::openapi::schema::Schema> {
                $crate::kernel::schema::words(concat!($($doc, "\n"),*), $words)
            }
        }

        impl ::utoipa::ToSchema for $name {}
    };
}

/// The code columns' words (`tidemark_migration::codes`) as schemas of the same names.
pub mod codes {
    use sea_orm::Iterable;
    use tidemark_migration::codes as column;

    macro_rules! code_schemas {
        ($($(#[doc = $doc:literal])* $name:ident),+ $(,)?) => {
            $(
                $(#[doc = $doc])*
                pub struct $name;

                impl ::utoipa::PartialSchema for $name {
                    fn schema() -> ::utoipa::openapi::RefOr<::utoipa::openapi::schema::Schema> {
                        super::words(
                            concat!($($doc, "\n"),*),
                            column::$name::iter().map(column::$name::as_str),
                        )
                    }
                }

                impl ::utoipa::ToSchema for $name {}
            )+
        };
    }

    code_schemas! {
        /// A member's account: `ACTIVE`, `WITHDRAWN` (left the platform) or `LOCKED` (by an operator).
        MemberStatus,
        /// A role in a business: `BUSINESS_MASTER` (owns it, manages its team) or `BUSINESS` (a manager, writes its posts).
        BusinessRole,
        /// A post's state: `DRAFT` → `SCHEDULED` (publish time in the future) → `PUBLISHED` → `HIDDEN` (by the business) or `REMOVED` (by an operator).
        PostStatus,
        /// A press release's request: `REQUESTED` → `IN_REVIEW` → `PUBLISHED` or `REJECTED`.
        MediaRequestStatus,
        /// What a reader says is wrong with a post.
        FlagReason,
        /// A reader's flag on a post: `OPEN`, `DISMISSED` or `ACTIONED` (the post was removed).
        FlagStatus,
    }
}

#[cfg(test)]
mod tests {
    use utoipa::{PartialSchema, ToSchema};

    crate::word_schema! {
        /// Two words.
        Pair = ["ONE", "TWO"]
    }

    #[test]
    fn a_word_schema_is_a_named_string_enum_with_its_doc() {
        assert_eq!(Pair::name(), "Pair");
        let schema = serde_json::to_value(Pair::schema()).unwrap();
        assert_eq!(schema["type"], "string");
        assert_eq!(schema["enum"], serde_json::json!(["ONE", "TWO"]));
        assert_eq!(schema["description"], "Two words.");
        let post = serde_json::to_value(super::codes::PostStatus::schema()).unwrap();
        assert_eq!(
            post["enum"],
            serde_json::json!(["DRAFT", "SCHEDULED", "PUBLISHED", "HIDDEN", "REMOVED"])
        );
    }
}
