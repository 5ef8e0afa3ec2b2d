//! Fixed vocabularies stored as words (event kinds, audit actions): one enum per list, each
//! variant with the one word it is stored and filtered by, so a misspelt word is a compile
//! error and a list of accepted words is never typed twice.

/// Declares `pub enum $name` with `ALL`, `as_str`, `parse` and `Display`, from
/// `Variant = "WORD"` pairs.
#[macro_export]
macro_rules! named_words {
    ($(#[$meta:meta])* pub enum $name:ident { $($(#[$vmeta:meta])* $variant:ident = $word:literal,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)*
        }

        impl $name {
            /// Every word of the list, in its order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The word it is stored as.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $word,)*
                }
            }

            /// The variant `word` names (exactly), if any.
            pub fn parse(word: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|item| item.as_str() == word)
            }

            /// The variant `word` names, or the product's words for a wrong one (`field` must be
            /// one of the list).
            pub fn read(word: &str, field: &str) -> Result<Self, String> {
                Self::parse(word).ok_or_else(|| {
                    format!("{field} must be one of {}", Self::words(Self::ALL))
                })
            }

            /// The words of `items`, joined by `, ` (for the product's error messages).
            pub fn words(items: &[Self]) -> String {
                items.iter().map(|item| item.as_str()).collect::<Vec<_>>().join(", ")
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        /// In the OpenAPI document, a string that is one of the words (a field holding one
        /// names it with `#[schema(value_type = …)]`).
        impl ::utoipa::PartialSchema for $name {
            fn schema() -> ::utoipa::openapi::RefOr<::utoipa::openapi::schema::Schema> {
                $crate::kernel::schema::words("", $name::ALL.iter().map(|item| item.as_str()))
            }
        }

        impl ::utoipa::ToSchema for $name {}
    };
}

#[cfg(test)]
mod tests {
    crate::named_words! {
        /// A sample list.
        pub enum Sample {
            One = "ONE",
            TwoWords = "TWO_WORDS",
        }
    }

    #[test]
    fn words_round_trip_and_unknown_words_are_refused() {
        for item in Sample::ALL {
            assert_eq!(Sample::parse(item.as_str()), Some(*item));
        }
        assert_eq!(Sample::parse("one"), None);
        assert_eq!(Sample::TwoWords.to_string(), "TWO_WORDS");
        assert_eq!(Sample::words(Sample::ALL), "ONE, TWO_WORDS");
        assert_eq!(Sample::read("ONE", "sample"), Ok(Sample::One));
        assert_eq!(
            Sample::read("THREE", "sample"),
            Err("sample must be one of ONE, TWO_WORDS".to_string())
        );
    }
}
