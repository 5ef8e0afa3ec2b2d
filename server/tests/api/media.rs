//! Tests of the media API.

#[allow(unused_imports)]
use crate::helpers::*;
