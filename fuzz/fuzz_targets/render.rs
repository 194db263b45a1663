#![no_main]
//! See `mournival_fuzz::render`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| mournival_fuzz::render(mournival_fuzz::fixtures(), data));
