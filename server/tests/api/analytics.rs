//! Tests of the analytics API.

#[allow(unused_imports)]
use crate::helpers::*;
