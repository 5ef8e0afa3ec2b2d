//! Data for demos and benchmarks: the demo content of the embedded default (PRODUCT "Demo
//! data"), the large set for benchmarks, and a business's followers for the fan-out
//! benchmark.

pub mod demo;
pub mod followers;
pub mod large;
