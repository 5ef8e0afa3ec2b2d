//! Tests of the engagement API.

#[allow(unused_imports)]
use crate::helpers::*;
