//! Analytics intake: the visit and click beacons of SPEC §7.

mod beacons;

pub use beacons::router;
