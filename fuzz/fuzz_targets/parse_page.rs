#![no_main]
//! See `mournival_fuzz::parse_page`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| mournival_fuzz::parse_page(mournival_fuzz::fixtures(), data));
