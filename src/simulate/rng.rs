//! The random numbers of a simulation: xoshiro256++ seeded through SplitMix64, written here so
//! that a seed gives the same deals in every build, forever.
//!
//! A published page quotes figures "from seed 1"; they must not change because a dependency
//! changed how it shuffles (the `rand` crate promises no such stability across versions). Both
//! generators are public-domain reference algorithms by Blackman and Vigna, checked against
//! their reference outputs below. Each deal has its own generator, made from the run's seed and
//! the deal's index, so a deal is the same whichever thread plays it and however many there are.

/// SplitMix64: used only to spread a seed over the generator's state.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// xoshiro256++: fast, small, and good enough for shuffling cards by the million.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator whose state is four outputs of SplitMix64 from `seed` (as the authors advise).
    pub fn from_seed(seed: u64) -> Rng {
        let mut sm = SplitMix64::new(seed);
        Rng {
            s: [sm.next_u64(), sm.next_u64(), sm.next_u64(), sm.next_u64()],
        }
    }

    /// The generator of one deal of a run: the run's seed and the deal's index, mixed so that
    /// neighbouring indexes give unrelated streams. The two are combined asymmetrically (the
    /// seed mixed, the index folded in, the whole mixed again): deal `i` of seed `s` is not deal
    /// `s` of seed `i`, as it was when the two were mixed alike and combined by XOR.
    pub fn for_deal(seed: u64, index: u64) -> Rng {
        let mix = |x: u64| SplitMix64::new(x).next_u64();
        Rng::from_seed(mix(mix(seed) ^ index))
    }

    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` (`n` > 0), without bias (Lemire's multiply-and-reject).
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "a range of no numbers");
        let n64 = u64::from(n);
        let threshold = (u32::MAX - n + 1) % n;
        loop {
            let m = (self.next_u64() >> 32) * n64;
            if (m as u32) >= threshold {
                return (m >> 32) as u32;
            }
        }
    }

    /// Shuffles in place (Fisher and Yates): every order equally likely.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// Draws `k` items to the front, in random order, the rest left behind: a shuffle that
    /// stops once the cards dealt are known.
    pub fn draw<T>(&mut self, items: &mut [T], k: usize) {
        let n = items.len();
        for i in 0..k.min(n) {
            let j = i + self.below((n - i) as u32) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference() {
        // The reference implementation (splitmix64.c) seeded with 1234567.
        let mut sm = SplitMix64::new(1234567);
        let got: Vec<u64> = (0..3).map(|_| sm.next_u64()).collect();
        assert_eq!(
            got,
            [
                6457827717110365317,
                3203168211198807973,
                9817491932198370423
            ]
        );
    }

    #[test]
    fn xoshiro256plusplus_matches_the_reference() {
        // The reference implementation (xoshiro256plusplus.c) with state {1, 2, 3, 4}.
        let mut r = Rng { s: [1, 2, 3, 4] };
        let got: Vec<u64> = (0..4).map(|_| r.next_u64()).collect();
        assert_eq!(
            got,
            [41943041, 58720359, 3588806011781223, 3591011842654386]
        );
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut r = Rng::from_seed(7);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[r.below(7) as usize] += 1;
        }
        // Each value about 1000 times: far from 0 and from 7000.
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }

    #[test]
    fn a_shuffle_is_a_permutation_and_depends_on_the_seed() {
        let shuffled = |seed| {
            let mut v: Vec<u32> = (0..44).collect();
            Rng::from_seed(seed).shuffle(&mut v);
            v
        };
        let a = shuffled(1);
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (0..44).collect::<Vec<_>>());
        assert_eq!(a, shuffled(1));
        assert_ne!(a, shuffled(2));
    }

    #[test]
    fn a_draw_reaches_every_item() {
        let mut seen = [0u32; 10];
        let mut r = Rng::from_seed(3);
        for _ in 0..3000 {
            let mut v: Vec<usize> = (0..10).collect();
            r.draw(&mut v, 3);
            let mut front = v[..3].to_vec();
            front.sort();
            front.dedup();
            assert_eq!(front.len(), 3);
            for &x in &v[..3] {
                seen[x] += 1;
            }
        }
        // Each item drawn about 900 times.
        assert!(seen.iter().all(|&n| (750..1050).contains(&n)), "{seen:?}");
    }

    #[test]
    fn deals_have_streams_of_their_own() {
        let first = |seed, index| Rng::for_deal(seed, index).next_u64();
        assert_eq!(first(1, 5), first(1, 5));
        assert_ne!(first(1, 5), first(1, 6));
        assert_ne!(first(1, 5), first(2, 5));
    }

    #[test]
    fn a_deal_of_one_seed_is_not_the_same_deal_of_another_seed_swapped() {
        let first = |seed, index| Rng::for_deal(seed, index).next_u64();
        for s in 0..40u64 {
            for i in 0..40u64 {
                if s != i {
                    assert_ne!(first(s, i), first(i, s), "seed {s}, deal {i}");
                }
            }
        }
    }
}
