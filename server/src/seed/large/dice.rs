//! The large set's dice and its seed: the same data set on every run.

/// The seed: the same data set on every run.
pub(super) const SEED: u64 = 0x7469_6465_6d61_726b;

/// SplitMix64: a small, fast, seedable generator, so the data set is the same on every run
/// whatever version of `rand` is in the tree.
pub(super) struct Dice(pub(super) u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// In `0..n` (`n` > 0).
    pub(super) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// In `[0, 1)`.
    pub(super) fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub(super) fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    pub(super) fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    /// In `0..n`, small values far more often than large ones (`power` > 1: the share of
    /// the first fraction `f` of `0..n` is `f^(1/power)`).
    pub(super) fn skewed(&mut self, n: usize, power: f64) -> usize {
        ((self.unit().powf(power) * n as f64) as usize).min(n - 1)
    }
}
