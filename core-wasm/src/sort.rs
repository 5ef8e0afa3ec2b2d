//! Sort codes and the sort redirect of SPEC §2.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Sort {
    Popular,
    Latest,
    Interest,
}

impl Sort {
    pub fn code(self) -> &'static str {
        match self {
            Sort::Popular => "POPULAR",
            Sort::Latest => "LATEST",
            Sort::Interest => "INTEREST",
        }
    }

    /// The short code of SPEC §3 (INTEREST has none).
    pub fn short_code(self) -> Option<&'static str> {
        match self {
            Sort::Popular => Some("PO"),
            Sort::Latest => Some("LA"),
            Sort::Interest => None,
        }
    }

    /// A sort a list page accepts in its `sort` query value: exactly POPULAR or LATEST.
    pub fn from_list_query(value: &str) -> Option<Sort> {
        match value {
            "POPULAR" => Some(Sort::Popular),
            "LATEST" => Some(Sort::Latest),
            _ => None,
        }
    }
}

/// The default sort (SPEC §9).
pub const DEFAULT_SORT: Sort = Sort::Popular;

/// Long or short code, any letter case, surrounding blanks ignored.
pub fn normalize_sort(value: &str) -> Option<Sort> {
    let value = value.trim();
    [Sort::Popular, Sort::Latest, Sort::Interest]
        .into_iter()
        .find(|sort| {
            value.eq_ignore_ascii_case(sort.code())
                || sort
                    .short_code()
                    .is_some_and(|short| value.eq_ignore_ascii_case(short))
        })
}

/// Does this path need a `sort` query value (category, interest, latest and popular lists,
/// /search and its tabs)?
pub fn requires_sort(path: &str) -> bool {
    let path = path
        .strip_suffix('/')
        .filter(|p| !p.is_empty())
        .unwrap_or(path);
    if matches!(
        path,
        "/post/interest/list"
            | "/post/latest/list"
            | "/post/popular/list"
            | "/search"
            | "/search/business"
            | "/search/contents"
    ) {
        return true;
    }
    path.strip_prefix("/post/category/list/")
        .is_some_and(|id| !id.is_empty() && !id.contains('/'))
}

/// Where a list page with a missing or invalid sort must go instead: the same path, the other
/// query parameters kept as they were, and `sort=POPULAR`. `None` when nothing is to be done.
///
/// `search` is `location.search`: empty or starting with `?`.
pub fn sort_redirect(path: &str, search: &str) -> Option<String> {
    if !requires_sort(path) {
        return None;
    }
    let query = search.strip_prefix('?').unwrap_or(search);
    let pairs: Vec<&str> = query.split('&').filter(|pair| !pair.is_empty()).collect();
    let is_sort =
        |pair: &&str| pair.split('=').next().map(decode_component).as_deref() == Some("sort");
    let current = pairs
        .iter()
        .find(|pair| is_sort(pair))
        .map(|pair| decode_component(pair.split_once('=').map(|(_, value)| value).unwrap_or("")));
    if current.as_deref().and_then(Sort::from_list_query).is_some() {
        return None;
    }

    let fixed = format!("sort={}", DEFAULT_SORT.code());
    let mut kept: Vec<&str> = Vec::with_capacity(pairs.len() + 1);
    let mut placed = false;
    for pair in &pairs {
        if is_sort(pair) {
            if !placed {
                kept.push(&fixed);
                placed = true;
            }
        } else {
            kept.push(pair);
        }
    }
    if !placed {
        kept.push(&fixed);
    }
    Some(format!("{path}?{}", kept.join("&")))
}

/// Percent-decoding of a query component (`+` is a space); invalid escapes stay as written.
pub fn decode_component(raw: &str) -> String {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(high), Some(low)) => {
                    out.push(high * 16 + low);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            byte => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(byte: u8) -> Option<u8> {
    (byte as char).to_digit(16).map(|d| d as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizes_long_and_short_codes() {
        assert_eq!(normalize_sort("POPULAR"), Some(Sort::Popular));
        assert_eq!(normalize_sort("po"), Some(Sort::Popular));
        assert_eq!(normalize_sort(" LA "), Some(Sort::Latest));
        assert_eq!(normalize_sort("latest"), Some(Sort::Latest));
        assert_eq!(normalize_sort("INTEREST"), Some(Sort::Interest));
        assert_eq!(normalize_sort("IN"), None);
        assert_eq!(normalize_sort(""), None);
    }

    #[test]
    fn missing_sort_redirects_to_popular() {
        assert_eq!(
            sort_redirect("/post/latest/list", "").as_deref(),
            Some("/post/latest/list?sort=POPULAR")
        );
        assert_eq!(
            sort_redirect("/search", "?keyword=%EB%A7%88&tab=1").as_deref(),
            Some("/search?keyword=%EB%A7%88&tab=1&sort=POPULAR")
        );
        assert_eq!(
            sort_redirect("/post/category/list/3", "?").as_deref(),
            Some("/post/category/list/3?sort=POPULAR")
        );
    }

    #[test]
    fn invalid_sort_is_replaced_in_place() {
        assert_eq!(
            sort_redirect("/post/popular/list", "?a=1&sort=po&b=2").as_deref(),
            Some("/post/popular/list?a=1&sort=POPULAR&b=2")
        );
        assert_eq!(
            sort_redirect("/post/interest/list", "?sort=INTEREST").as_deref(),
            Some("/post/interest/list?sort=POPULAR")
        );
        assert_eq!(
            sort_redirect("/search/contents", "?sort=&sort=LATEST").as_deref(),
            Some("/search/contents?sort=POPULAR")
        );
    }

    #[test]
    fn valid_sort_and_other_pages_are_left_alone() {
        assert_eq!(sort_redirect("/post/latest/list", "?sort=LATEST"), None);
        assert_eq!(
            sort_redirect("/post/latest/list", "?x=1&sort=POPULAR"),
            None
        );
        assert_eq!(sort_redirect("/post/latest/list", "?sort=POP%55LAR"), None);
        assert_eq!(sort_redirect("/post/report/list", ""), None);
        assert_eq!(sort_redirect("/post/recommend/list/2", ""), None);
        assert_eq!(sort_redirect("/", ""), None);
        assert_eq!(sort_redirect("/post/category/list/", ""), None);
        assert_eq!(sort_redirect("/post/12", ""), None);
    }

    #[test]
    fn decodes_components() {
        assert_eq!(decode_component("a+b%20c%"), "a b c%");
        assert_eq!(decode_component("%ED%95%9C%zz"), "한%zz");
        assert_eq!(decode_component("%4"), "%4");
    }
}
