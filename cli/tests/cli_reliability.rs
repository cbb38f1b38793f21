//! Promises that need the real binary and the real operating system: a cache file that is not a
//! regular file, temporary files left by a killed writer, a slow reader of a batch's output,
//! Ctrl-C while a batch waits for input, and a closed standard output.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use crate::common::slide_path;

/// One of the hardest 8-puzzles, 31 moves from blank-last.
const HARD: &str = "867254301";

/// `slide` with its pattern-database cache under `cache_home`.
fn slide(cache_home: &Path) -> Command {
    let mut command = Command::new(slide_path());
    command.env("XDG_CACHE_HOME", cache_home);
    command
}

/// How long a test waits for a process that should end before calling it hung: a guard, not a
/// measure of speed (that is the benchmarks' business), so generous for a loaded machine.
const HANG_GUARD: Duration = Duration::from_secs(60);

/// Waits for `child` for at most `limit`; kills it and fails the test if it is still running.
fn wait_within(child: &mut std::process::Child, limit: Duration) -> std::process::ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The pattern-database files of `cache_home`'s cache, after a `-H pdb` solve built them.
fn cached_databases(cache_home: &Path) -> Vec<std::path::PathBuf> {
    let status = slide(cache_home)
        .args(["solve", HARD, "-H", "pdb"])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let mut files: Vec<_> = std::fs::read_dir(cache_home.join("slide/pdb"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "pdb"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    files
}

#[cfg(unix)]
#[test]
fn a_fifo_in_the_cache_is_refused_not_waited_on() {
    let cache = tempfile::tempdir().unwrap();
    let database = cached_databases(cache.path()).remove(0);
    std::fs::remove_file(&database).unwrap();
    let made = Command::new("mkfifo").arg(&database).status().unwrap();
    assert!(made.success());
    let mut child = slide(cache.path())
        .args(["solve", HARD, "-H", "pdb", "--timeout", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status = wait_within(&mut child, HANG_GUARD);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(status.success(), "{stderr}");
    assert!(stderr.contains("not a regular file"), "{stderr}");
    assert!(String::from_utf8_lossy(&output.stdout).contains("31"));
    // Rebuilt and saved in its place.
    assert!(std::fs::metadata(&database).unwrap().is_file());
}

#[test]
fn temporary_files_of_dead_writers_are_removed() {
    let cache = tempfile::tempdir().unwrap();
    let databases = cached_databases(cache.path());
    let directory = databases[0].parent().unwrap().to_path_buf();
    let name = databases[0]
        .file_name()
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    // No process has id 999999999 (beyond Linux's largest); this one is alive.
    let dead = directory.join(format!(".{name}.999999999.0.tmp"));
    let dead_build = directory.join(".pdb-build-999999999-3.tmp");
    let alive = directory.join(format!(".{name}.{}.0.tmp", std::process::id()));
    let fresh = directory.join(format!(".{name}.999999998.0.tmp"));
    let an_hour_ago = SystemTime::now() - Duration::from_secs(3600);
    for path in [&dead, &dead_build, &alive, &fresh] {
        let file = std::fs::File::create(path).unwrap();
        if path != &fresh {
            file.set_modified(an_hour_ago).unwrap();
        }
    }
    // A save is what looks for them: make the solve build a database again.
    std::fs::remove_file(&databases[0]).unwrap();
    cached_databases(cache.path());
    assert!(!dead.exists() && !dead_build.exists());
    // A live writer's file, and one written just now (maybe by a writer we cannot see), stay.
    assert!(alive.exists() && fresh.exists());
}

#[test]
fn a_batch_behind_a_slow_reader_keeps_its_memory_flat() {
    let scratch = tempfile::tempdir().unwrap();
    let mut generator = slide(scratch.path())
        .args([
            "random", "--size", "3x3", "--count", "1000000", "--seed", "7",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut batch = slide(scratch.path())
        .arg("batch")
        .stdin(generator.stdout.take().unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Nobody reads the batch's output: the pipe fills within milliseconds, and a million lines
    // wait behind it.
    std::thread::sleep(Duration::from_secs(3));
    let status = std::fs::read_to_string(format!("/proc/{}/status", batch.id()));
    let _ = batch.kill();
    let _ = generator.kill();
    let _ = batch.wait();
    let _ = generator.wait();
    let Ok(status) = status else {
        eprintln!("no /proc: skipping");
        return;
    };
    let resident_kib: u64 = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    // About 5 MiB in practice; without backpressure it grows by tens of MiB a second.
    assert!(resident_kib < 32 * 1024, "resident: {resident_kib} KiB");
}

#[cfg(unix)]
#[test]
fn ctrl_c_ends_a_batch_blocked_on_its_input() {
    let scratch = tempfile::tempdir().unwrap();
    let mut batch = slide(scratch.path())
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = batch.stdin.take().unwrap();
    writeln!(input, "{HARD}").unwrap();
    input.flush().unwrap();
    // The line's answer proves the batch is running with its Ctrl-C handler; then it waits for
    // more input, which never comes.
    let mut stdout = std::io::BufReader::new(batch.stdout.take().unwrap());
    let mut first = String::new();
    std::io::BufRead::read_line(&mut stdout, &mut first).unwrap();
    assert!(first.contains(r#""length":31"#), "{first}");
    let signalled = Command::new("kill")
        .args(["-INT", &batch.id().to_string()])
        .status()
        .unwrap();
    assert!(signalled.success());
    // A guard against a hang, not a measure of speed: the batch ends on the signal.
    let status = wait_within(&mut batch, HANG_GUARD);
    assert_eq!(status.code(), Some(130));
    let output = batch.wait_with_output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("solved 1"), "{stderr}");
    drop(input);
}

/// Where `slide` starts from the C library's `main` (see `slide::run_from_c_main`).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn a_closed_standard_output_exits_4_at_once() {
    let scratch = tempfile::tempdir().unwrap();
    let slide = slide_path().display().to_string();
    let run = |script: &str| {
        let mut child = Command::new("sh")
            .args(["-c", script])
            .env("XDG_CACHE_HOME", scratch.path())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let status = wait_within(&mut child, HANG_GUARD);
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
        (status.code(), stderr)
    };
    let (code, stderr) = run(&format!("'{slide}' solve {HARD} >&-"));
    assert_eq!(code, Some(4), "{stderr}");
    assert!(
        stderr.starts_with("slide: standard output is closed"),
        "{stderr}"
    );
    // An endless generator does not run until killed.
    let (code, _) = run(&format!(
        "'{slide}' random --size 4x4 --count 1000000000 >&-"
    ));
    assert_eq!(code, Some(4));
    // Output thrown away on purpose is no error.
    let (code, stderr) = run(&format!("'{slide}' solve {HARD} >/dev/null"));
    assert_eq!(code, Some(0), "{stderr}");
    // Also when the caller opened it read-write, as Python's `subprocess.DEVNULL` does: the
    // descriptor is looked at before anything reopens a closed one.
    let (code, stderr) = run(&format!("'{slide}' solve {HARD} 1<>/dev/null"));
    assert_eq!(code, Some(0), "{stderr}");
    // What the runtime's start did is still done: a closed standard input is reopened (so
    // that no file takes its number), and a reader that stops reading ends the run quietly.
    let (code, stderr) = run(&format!("'{slide}' solve {HARD} <&- >/dev/null"));
    assert_eq!(code, Some(0), "{stderr}");
    let (_, stderr) = run(&format!(
        "{{ '{slide}' random --size 4x4 --count 1000000000; echo \"slide: $?\" >&2; }} | head -n 1 >/dev/null"
    ));
    assert_eq!(stderr, "slide: 0\n");
}

/// A 7x6 board whose cluster holds millions of placements, solved by breadth-first search in
/// an instant: what enumerates the whole cluster first (bidirectional search, `--farthest`)
/// must stop at the same limits as the search.
const LARGE_CLUSTER: &str =
    "goal: A at 6,7\nA......\n.BB....\n.CC....\n.......\n...DD..\n......E\n";

#[test]
fn enumerating_a_cluster_stops_at_the_limits() {
    let scratch = tempfile::tempdir().unwrap();
    for args in [
        &[
            "solve",
            "-p",
            "blocks",
            "-",
            "-a",
            "bidirectional",
            "--max-stored",
            "1000",
        ][..],
        &["blocks", "-", "--farthest", "--max-stored", "1000"][..],
        &[
            "blocks",
            "-",
            "--farthest",
            "--max-nodes",
            "1000",
            "--max-stored",
            "1000",
        ][..],
    ] {
        let output = slide(scratch.path())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                child
                    .stdin
                    .take()
                    .unwrap()
                    .write_all(LARGE_CLUSTER.as_bytes())?;
                child.wait_with_output()
            })
            .unwrap();
        assert_eq!(output.status.code(), Some(3), "{args:?}: {output:?}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert!(
            stdout.contains("gave up, stored-node limit"),
            "{args:?}: {stdout}"
        );
    }
}

/// The memory budget stops what enumerates a whole cluster (`blocks --farthest`) as it stops
/// a search, and says so: exit code 3 and the memory guard named, where it reported a Ctrl-C
/// ("search cancelled") nobody pressed.
#[test]
fn the_memory_budget_is_named_when_it_stops_an_enumeration() {
    let scratch = tempfile::tempdir().unwrap();
    let layout = scratch.path().join("large.txt");
    std::fs::write(&layout, LARGE_CLUSTER).unwrap();
    let output = slide(scratch.path())
        .args(["blocks", layout.to_str().unwrap(), "--farthest"])
        .args(["--max-memory", "20"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains("gave up, memory budget reached (--max-memory)"),
        "{stdout}"
    );
    assert!(stderr.contains("--max-memory budget"), "{stderr}");
}

/// A FIFO nobody writes to, as the input of every reader that takes a file: each gives up
/// when its --timeout passes (exit 3), instead of waiting for a writer for ever.
#[cfg(unix)]
#[test]
fn a_fifo_with_no_writer_is_given_up_on_at_the_timeout() {
    let scratch = tempfile::tempdir().unwrap();
    let fifo = scratch.path().join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let fifo = fifo.to_str().unwrap();
    for args in [
        &["klotski", fifo, "--timeout", "0.5"][..],
        &["blocks", fifo, "--timeout", "0.5"][..],
        &["batch", fifo, "--timeout", "0.5"][..],
    ] {
        let mut child = slide(scratch.path())
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let status = wait_within(&mut child, HANG_GUARD);
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
        assert_eq!(status.code(), Some(3), "{args:?}: {stderr}");
        assert!(stderr.contains("gave up waiting"), "{args:?}: {stderr}");
    }
}

/// Standard input is read within a bound, whatever it holds: an endless stream of zeros is
/// refused once past the bound, not read into memory.
#[test]
fn solve_reads_a_bounded_standard_input() {
    let scratch = tempfile::tempdir().unwrap();
    let zeros = std::fs::File::open("/dev/zero").unwrap();
    let output = slide(scratch.path())
        .args(["solve", "-"])
        .stdin(zeros)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("longer than"), "{stderr}");
}

/// A graph is bounded by the nodes it stores, not only those it expands: a sliding-block
/// puzzle adds dozens of successors an expansion.
#[test]
fn graphs_are_bounded_by_the_nodes_they_hold() {
    let scratch = tempfile::tempdir().unwrap();
    let layout = LARGE_CLUSTER.trim_end().replace('\n', "/");
    let output = slide(scratch.path())
        .args([
            "graph",
            "-p",
            "blocks",
            &layout,
            "--depth",
            "30",
            "--max-nodes",
            "2000",
            "-f",
            "json",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(output.stdout, b"");
    let output = slide(scratch.path())
        .args([
            "graph",
            "-p",
            "blocks",
            &layout,
            "--depth",
            "2",
            "--max-nodes",
            "100000",
            "-f",
            "json",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let graph: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let nodes = graph["nodes"].as_array().unwrap().len();
    assert!(nodes > 1 && nodes <= 100_000, "{nodes}");
}

/// `slide random` hands its lines to a reader on a pipe as it makes them: the first line
/// arrives while the rest are still being made, not when the process ends.
#[test]
fn random_lines_reach_a_pipe_as_they_are_made() {
    let scratch = tempfile::tempdir().unwrap();
    // Two hundred 8-puzzles (ten bytes a line, well within one buffer), each a million random
    // moves from the goal: seconds of work in all.
    let mut child = slide(scratch.path())
        .args([
            "random", "--size", "3x3", "--walk", "1000000", "--count", "200", "--seed", "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    std::io::BufRead::read_line(&mut stdout, &mut first).unwrap();
    assert_eq!(first.trim_end().len(), 9, "{first}");
    let still_running = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        still_running,
        "the first line came only when slide random ended"
    );
}

/// A hint's command can be pasted into a shell as printed: a goal of numbers separated by
/// spaces is quoted as one word.
#[test]
fn a_build_hint_quotes_a_goal_of_several_words() {
    let scratch = tempfile::tempdir().unwrap();
    let goal = "1 2 3 4 5 6 7 8 9 10 11 12 0 13 14 15 16 17 18 19 20 21 22 23 24";
    let start = "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15 16 17 18 19 20 21 22 23 24";
    let output = slide(scratch.path())
        .args(["solve", start, goal])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains(&format!("--goal '{goal}'")), "{stderr}");
}

/// `slide blocks --list -f json` lists the shipped layouts as JSON, one object a line.
#[test]
fn the_shipped_layouts_list_as_json() {
    let scratch = tempfile::tempdir().unwrap();
    let output = slide(scratch.path())
        .args(["blocks", "--list", "-f", "json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let layouts: Vec<serde_json::Value> = (stdout.lines())
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(layouts.len(), puzzles::blocks::SHIPPED.len());
    assert_eq!(layouts[0]["piece_moves"], 81);
}

/// Under an address-space limit (`ulimit -v`, `prlimit --as`) the default budget is half of it,
/// so a breadth-first search stops with exit code 3 and a message, where it used to take the
/// default from the machine's memory and end in the allocator's abort (exit 134).
#[cfg(target_os = "linux")]
#[test]
fn an_address_space_limit_lowers_the_default_memory_budget() {
    use std::os::unix::process::CommandExt;
    const LIMIT: libc::rlim_t = 300 << 20;
    let mut command = std::process::Command::new(slide_path());
    command.args([
        "solve",
        "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0",
        "blank-first",
        "-a",
        "bfs",
    ]);
    // SAFETY: the closure runs in the child between fork and exec and only calls setrlimit,
    // which is async-signal-safe, on a value on its own stack.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: LIMIT,
                rlim_max: LIMIT,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let output = command.output().unwrap();
    assert_eq!(output.status.code(), Some(3), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("reached the --max-memory budget"),
        "{stderr}"
    );
}

/// A search that outgrows `--max-memory` stops with exit code 3 and says which limit and what
/// to try, instead of ending in the allocator's abort (exit 134) when the machine runs out.
#[test]
fn the_memory_budget_stops_a_search_with_exit_3() {
    // Breadth-first search on a 51-move 15-puzzle stores millions of nodes, far past 50 MiB,
    // long before its --max-stored limit.
    let output = std::process::Command::new(slide_path())
        .args([
            "solve",
            "12 1 10 2 7 11 4 14 5 0 9 15 8 13 6 3",
            "-a",
            "bfs",
        ])
        .args(["--max-memory", "50", "--max-stored", "1000000000"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains("result: gave up, memory budget reached (--max-memory)"),
        "{stdout}"
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("reached the --max-memory budget"),
        "{stderr}"
    );
}
