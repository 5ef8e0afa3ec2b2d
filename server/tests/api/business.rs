//! Tests of the business API.

#[allow(unused_imports)]
use crate::helpers::*;
