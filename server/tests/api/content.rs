//! Tests of the content API.

#[allow(unused_imports)]
use crate::helpers::*;
