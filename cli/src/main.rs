//! `slide`: the command-line front end of the sliding-puzzle toolkit, with this workspace's
//! puzzles. The front end itself is the `slide` library ([`slide::run`]).
//!
//! On Linux with glibc the C library calls this `main` directly (`no_main`), so that a closed
//! standard output is seen before Rust's runtime would have reopened it on `/dev/null`: see
//! [`slide::run_from_c_main`].

#![cfg_attr(all(target_os = "linux", target_env = "gnu"), no_main)]

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[unsafe(no_mangle)]
extern "C" fn main(
    _argc: std::ffi::c_int,
    _argv: *const *const std::ffi::c_char,
) -> std::ffi::c_int {
    slide::run_from_c_main(slide::App::slide(), &slide::Registry::standard())
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn main() -> std::process::ExitCode {
    slide::run(&slide::Registry::standard())
}
