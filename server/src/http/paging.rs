//! Cursor paging, the same on every list: `cursor` (opaque, from the previous page's
//! `nextCursor`) and `size` (20 by default, 50 at most).

use crate::http::error::{ApiError, ApiResult};
use base64::Engine;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub const DEFAULT_SIZE: u64 = 20;
pub const MAX_SIZE: u64 = 50;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// The previous page's `nextCursor`; absent for the first page.
    pub cursor: Option<String>,
    /// Items per page: 1 to 50, 20 when absent.
    pub size: Option<u64>,
}

impl PageQuery {
    pub fn size(&self) -> ApiResult<u64> {
        match self.size {
            None => Ok(DEFAULT_SIZE),
            Some(size) if (1..=MAX_SIZE).contains(&size) => Ok(size),
            Some(_) => Err(ApiError::bad_request("size must be between 1 and 50")),
        }
    }

    /// For lists paged by row id, newest first ([`cut`]): the id the previous page ended at.
    pub fn before_id(&self) -> ApiResult<Option<i64>> {
        Ok(self.position()?.and_then(|parts| parts.first().copied()))
    }

    /// The decoded cursor: the numbers it was made of.
    pub fn position(&self) -> ApiResult<Option<Vec<i64>>> {
        self.cursor.as_deref().map(decode).transpose()
    }
}

/// Cuts rows fetched with `limit(size + 1)`, newest id first, to one page: the extra row
/// says there is a next page, which starts after the last row kept (its id is the cursor).
pub fn cut<T>(mut rows: Vec<T>, size: u64, id: impl Fn(&T) -> i64) -> (Vec<T>, Option<String>) {
    if rows.len() as u64 > size {
        rows.truncate(size as usize);
        let next = rows.last().map(|row| encode(&[id(row)]));
        (rows, next)
    } else {
        (rows, None)
    }
}

/// A cursor made of numbers (a position, or a sort key and an id).
pub fn encode(parts: &[i64]) -> String {
    let text = parts
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(".");
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(text)
}

fn decode(cursor: &str) -> ApiResult<Vec<i64>> {
    let bad =
        || ApiError::bad_request("cursor is not valid (use the nextCursor of the previous page)");
    if cursor.len() > 128 {
        return Err(bad());
    }
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(cursor)
        .map_err(|_| bad())?;
    let text = String::from_utf8(bytes).map_err(|_| bad())?;
    text.split('.')
        .map(|part| part.parse::<i64>().map_err(|_| bad()))
        .collect()
}

/// One page of a list.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T: Serialize> {
    pub items: Vec<T>,
    /// The cursor of the next page; null on the last one.
    pub next_cursor: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip() {
        let query = PageQuery {
            cursor: Some(encode(&[1_732_000_000_000, 42])),
            size: None,
        };
        assert_eq!(query.position().unwrap(), Some(vec![1_732_000_000_000, 42]));
        assert_eq!(query.size().unwrap(), 20);
    }

    #[test]
    fn bad_cursors_and_sizes_are_refused() {
        for cursor in ["", "!!", "bm90LWEtbnVtYmVy", &"A".repeat(200)] {
            let query = PageQuery {
                cursor: Some(cursor.into()),
                size: None,
            };
            assert!(query.position().is_err(), "{cursor}");
        }
        for size in [0, 51, 1000] {
            let query = PageQuery {
                cursor: None,
                size: Some(size),
            };
            assert!(query.size().is_err());
        }
    }
}
