//! Fuzz target `cli_args`: see `generator/tests/support/oracles.rs` for what must hold.
#![no_main]

#[path = "../../generator/tests/support/oracles.rs"]
mod oracles;

libfuzzer_sys::fuzz_target!(|data: &[u8]| oracles::check_cli(data));
