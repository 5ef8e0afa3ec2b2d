//! Tests of the search API.

#[allow(unused_imports)]
use crate::helpers::*;
