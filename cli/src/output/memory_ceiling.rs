//! How much memory this process may use: the least of the machine's memory, the process's
//! resource limits (`ulimit -v`, `prlimit --as`) and its control group's memory limit
//! (containers, systemd slices). The default `--max-memory` budget is a fraction of it, so that
//! a search under a container's or a shell's limit ends with exit code 3, not with the
//! allocator's abort or the kernel's out-of-memory kill.

use std::path::{Path, PathBuf};

/// A ceiling on the bytes this process may hold, and what kind of memory it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ceiling {
    /// The bytes.
    pub bytes: u64,
    /// Whether the ceiling counts address space reserved, not only memory touched: a growing
    /// array briefly holds its old and new copies, reserved in full, so such a ceiling needs
    /// more room left above the budget than one that counts resident memory.
    pub counts_reserved: bool,
}

impl Ceiling {
    /// The budget a search may fill under this ceiling: three quarters of resident memory,
    /// half of an address-space limit (the search is told to stop once past the budget, and the
    /// allocation that passed it, a doubling table, may be as large as the budget again).
    pub fn budget(self) -> u64 {
        if self.counts_reserved {
            self.bytes / 2
        } else {
            self.bytes / 4 * 3
        }
    }
}

/// Every ceiling that applies to this process; empty if none can be told.
pub fn ceilings() -> Vec<Ceiling> {
    let mut found = Vec::new();
    if let Some(bytes) = physical_memory() {
        found.push(Ceiling {
            bytes,
            counts_reserved: false,
        });
    }
    // The soft limits, which make allocations fail. A closure, so that the resource's type,
    // which differs between C libraries, is inferred.
    let soft_limit = |resource| {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes one `rlimit` through the pointer, which points to a live,
        // writable `rlimit` of ours.
        let known = unsafe { libc::getrlimit(resource, &mut limit) } == 0;
        #[allow(
            clippy::useless_conversion,
            reason = "rlim_t is u64 on Linux, another width elsewhere"
        )]
        let bytes = u64::try_from(limit.rlim_cur).ok();
        bytes.filter(|_| known && limit.rlim_cur != libc::RLIM_INFINITY)
    };
    for resource in [libc::RLIMIT_AS, libc::RLIMIT_DATA] {
        if let Some(bytes) = soft_limit(resource) {
            found.push(Ceiling {
                bytes,
                counts_reserved: true,
            });
        }
    }
    if let Some(bytes) = control_group_limit() {
        found.push(Ceiling {
            bytes,
            counts_reserved: false,
        });
    }
    found
}

/// The default budget: the smallest that any ceiling allows, or none if none can be told.
pub fn default_budget() -> Option<u64> {
    ceilings().into_iter().map(Ceiling::budget).min()
}

/// The machine's physical memory.
fn physical_memory() -> Option<u64> {
    // SAFETY: sysconf takes a name and reads a system constant; it touches no memory of ours.
    let (pages, page_size) = unsafe {
        (
            libc::sysconf(libc::_SC_PHYS_PAGES),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    u64::try_from(pages)
        .ok()?
        .checked_mul(u64::try_from(page_size).ok()?)
}

/// The memory limit of this process's control group and its ancestors (the least of them),
/// version 2 (`memory.max`) or version 1 (`memory.limit_in_bytes`), if there is one.
fn control_group_limit() -> Option<u64> {
    let membership = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mounts = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    let mut least: Option<u64> = None;
    for line in membership.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(hierarchy), Some(controllers), Some(group)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let (file, file_system) = if hierarchy == "0" && controllers.is_empty() {
            ("memory.max", "cgroup2")
        } else if controllers
            .split(',')
            .any(|controller| controller == "memory")
        {
            ("memory.limit_in_bytes", "cgroup")
        } else {
            continue;
        };
        for (root, mount_point) in mounts_of(&mounts, file_system, file == "memory.max") {
            for directory in group_directories(&root, &mount_point, group) {
                let limit = std::fs::read_to_string(directory.join(file))
                    .ok()
                    .and_then(|text| text.trim().parse::<u64>().ok());
                // Version 1 writes "no limit" as a huge number near 2^63.
                if let Some(limit) = limit.filter(|&limit| limit < 1 << 60) {
                    least = Some(least.map_or(limit, |least| least.min(limit)));
                }
            }
        }
    }
    least
}

/// The (root, mount point) of each mount of `file_system` in `/proc/self/mountinfo`; for version
/// 1 (`unified` false) only those that carry the memory controller.
fn mounts_of(mounts: &str, file_system: &str, unified: bool) -> Vec<(String, PathBuf)> {
    mounts
        .lines()
        .filter_map(|line| {
            let (before, after) = line.split_once(" - ")?;
            let mut after = after.split(' ');
            if after.next()? != file_system {
                return None;
            }
            let options = after.nth(1).unwrap_or("");
            if !unified && !options.split(',').any(|option| option == "memory") {
                return None;
            }
            let mut before = before.split(' ');
            let root = before.nth(3)?;
            let mount_point = before.next()?;
            Some((root.to_owned(), PathBuf::from(mount_point)))
        })
        .collect()
}

/// The directories of `group` and its ancestors under a mount of `root` at `mount_point`, as far
/// as they exist. Inside a container the mount's root is often the container's own group while
/// `/proc/self/cgroup` names it from the host's root; the mount point itself is then the
/// deepest directory that exists.
fn group_directories(root: &str, mount_point: &Path, group: &str) -> Vec<PathBuf> {
    let relative = Path::new(group)
        .strip_prefix(root)
        .unwrap_or(Path::new(""))
        .to_path_buf();
    let mut deepest = mount_point.join(relative.strip_prefix("/").unwrap_or(&relative));
    while !deepest.is_dir() && deepest != mount_point {
        if !deepest.pop() {
            break;
        }
    }
    deepest
        .ancestors()
        .take_while(|directory| directory.starts_with(mount_point))
        .map(Path::to_path_buf)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_space_limit_leaves_room_for_a_doubling() {
        let reserved = Ceiling {
            bytes: 1 << 30,
            counts_reserved: true,
        };
        let resident = Ceiling {
            bytes: 1 << 30,
            counts_reserved: false,
        };
        assert_eq!(reserved.budget(), 1 << 29);
        assert_eq!(resident.budget(), 3 << 28);
    }

    #[test]
    fn version_1_and_2_mounts_are_told_apart() {
        let mounts = "\
35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
29 23 0:26 /user.slice /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw,nsdelegate";
        assert_eq!(
            mounts_of(mounts, "cgroup", false),
            [("/".to_owned(), PathBuf::from("/sys/fs/cgroup/memory"))]
        );
        assert_eq!(
            mounts_of(mounts, "cgroup2", true),
            [(
                "/user.slice".to_owned(),
                PathBuf::from("/sys/fs/cgroup/unified")
            )]
        );
    }

    #[test]
    fn a_group_outside_the_mount_falls_back_to_the_mount_point() {
        let directories = group_directories("/", Path::new("/"), "/no/such/group");
        assert_eq!(directories, [PathBuf::from("/")]);
    }

    #[test]
    fn the_default_budget_is_below_the_machine_memory() {
        let budget = default_budget().expect("Linux tells its memory");
        assert!(budget <= physical_memory().unwrap() / 4 * 3);
    }
}
