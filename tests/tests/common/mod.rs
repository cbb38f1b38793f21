//! What the test files that run the `slide` binary share.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The `slide` binary, built on first use: `cargo test -p tests` builds only this package's
/// targets, and would otherwise run a stale binary from an earlier build, or none. The test
/// profile is the one `cargo test --workspace` builds the binary with, so there it is a no-op.
pub fn slide_path() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let status = Command::new(cargo)
            .args([
                "build",
                "--quiet",
                "--package",
                "slide",
                "--bin",
                "slide",
                "--profile",
                // The binary goes where `cargo_bin` looks: beside this test's own executable,
                // under `release` when the tests run with `--release`.
                if cfg!(debug_assertions) {
                    "test"
                } else {
                    "release"
                },
            ])
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building slide failed");
        assert_cmd::cargo::cargo_bin("slide")
    })
}

/// The `torus_cli` example, built on first use (as `slide` is, by [`slide_path`]).
#[allow(dead_code)] // Not every test file runs the example.
pub fn torus_cli_path() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let profile = if cfg!(debug_assertions) {
            "test"
        } else {
            "release"
        };
        let status = std::process::Command::new(cargo)
            .args(["build", "--quiet", "-p", "tests", "--example", "torus_cli"])
            .args(["--profile", profile])
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building the torus_cli example failed");
        // Beside this test's executable (target/PROFILE/deps), under examples.
        let deps = std::env::current_exe().unwrap();
        let profile_dir = deps.parent().and_then(Path::parent).unwrap();
        profile_dir
            .join("examples")
            .join(format!("torus_cli{}", std::env::consts::EXE_SUFFIX))
    })
}
