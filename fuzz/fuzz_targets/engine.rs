#![no_main]
//! See `mournival_fuzz::engine`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| mournival_fuzz::engine(mournival_fuzz::fixtures(), data));
