//! Data for demos and benchmarks: the demo content of the embedded default (PRODUCT "Demo
//! data") and the large set for benchmarks.

pub mod demo;
pub mod large;
