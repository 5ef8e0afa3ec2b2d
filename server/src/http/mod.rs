//! The web's vocabulary, shared by every domain's handlers: the error answer and the
//! envelope, the extractors that turn bad input into the product's own words, the security
//! headers and the client's address, the rate limits, cursor paging and the OpenAPI parts.
//! Nothing here knows a domain; the router that joins the domains is `crate::web`.

pub mod envelope;
pub mod error;
pub mod extract;
pub mod limits;
pub mod openapi;
pub mod outage;
pub mod paging;
pub mod security;
