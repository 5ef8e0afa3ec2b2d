//! Addresses: a query appended to a base address, each value encoded as the browser's
//! `encodeURIComponent` does.

/// `base` with `params` appended to its query, encoded as `encodeURIComponent` does.
pub fn with_query(base: &str, params: &[(&str, &str)]) -> String {
    let query: Vec<String> = params
        .iter()
        .map(|(name, value)| format!("{name}={}", tidemark_core::route::encode_component(value)))
        .collect();
    let separator = if base.contains('?') { '&' } else { '?' };
    format!("{base}{separator}{}", query.join("&"))
}
