//! How much of the machine other processes took while the bench ran.
//!
//! The machines these figures come from are shared: another session's build or search takes
//! processor time from the bench, and it takes more from a run on two threads than from a run
//! on one (on two cores, a second busy process leaves a two-thread run one core and a
//! one-thread run its whole core). The wall-time ratios are then the machine's, not the code's.
//! The kernel counts every process's time, so the bench can say how busy the others were:
//! the machine's processor time less its own and its children's, over the wall time.
//!
//! Linux only (`/proc/stat` and `/proc/self/stat`); elsewhere the figures are absent.

use std::time::Instant;

/// Clock ticks a second in the kernel's process and machine counters (`USER_HZ`, 100 on
/// every Linux architecture the bench runs on).
const TICKS_PER_SECOND: f64 = 100.0;

/// The machine's busy time and this process's (with its waited-for children's) at one moment.
#[derive(Clone, Copy, Debug)]
pub struct CpuSnapshot {
    /// Ticks all processors spent on anything but idling, the hypervisor's steal included.
    machine_busy: u64,
    /// Ticks this process and its finished children spent, in user and system mode.
    ours: u64,
    at: Instant,
}

impl CpuSnapshot {
    /// The counters now, or `None` where the kernel does not offer them.
    pub fn now() -> Option<CpuSnapshot> {
        Some(CpuSnapshot {
            machine_busy: machine_busy_ticks()?,
            ours: own_ticks()?,
            at: Instant::now(),
        })
    }

    /// The processors other processes kept busy on average since `self`, in cores (0.5: half
    /// of one core); never below zero, which the counters' sampling could otherwise give.
    pub fn others_since(&self) -> Option<f64> {
        let now = CpuSnapshot::now()?;
        let seconds = now.at.duration_since(self.at).as_secs_f64();
        if seconds <= 0.0 {
            return Some(0.0);
        }
        let machine = now.machine_busy.saturating_sub(self.machine_busy) as f64;
        let ours = now.ours.saturating_sub(self.ours) as f64;
        Some(((machine - ours) / TICKS_PER_SECOND / seconds).max(0.0))
    }
}

/// The machine's busy ticks, from `/proc/stat`.
fn machine_busy_ticks() -> Option<u64> {
    busy_ticks(&std::fs::read_to_string("/proc/stat").ok()?)
}

/// The busy ticks in the text of `/proc/stat`, whose `cpu` line holds user, nice, system, idle,
/// iowait, irq, softirq, steal, ... (guest time is already inside user): all but idle and
/// iowait.
fn busy_ticks(stat: &str) -> Option<u64> {
    let line = stat.lines().find(|line| line.starts_with("cpu "))?;
    let fields: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .map(|field| field.parse().ok())
        .collect::<Option<_>>()?;
    let field = |index: usize| fields.get(index).copied().unwrap_or(0);
    Some(field(0) + field(1) + field(2) + field(5) + field(6) + field(7))
}

/// Fields 14 to 17 of `/proc/self/stat`: this process's user and system ticks, then those of
/// its waited-for children.
fn own_ticks() -> Option<u64> {
    self_stat_ticks(14..=17)
}

/// User and system time of this process's waited-for children, in seconds (fields 16 and 17
/// of `/proc/self/stat`).
pub fn children_processor_seconds() -> Option<f64> {
    Some(self_stat_ticks(16..=17)? as f64 / TICKS_PER_SECOND)
}

/// The sum of the tick counts in `fields` (numbered from 1, as in `man 5 proc`) of
/// `/proc/self/stat`.
fn self_stat_ticks(fields: std::ops::RangeInclusive<usize>) -> Option<u64> {
    stat_ticks(&std::fs::read_to_string("/proc/self/stat").ok()?, fields)
}

/// The sum of the tick counts in `fields` of a process's `stat` text.
fn stat_ticks(stat: &str, fields: std::ops::RangeInclusive<usize>) -> Option<u64> {
    // The command name (field 2, in parentheses) may hold spaces and parentheses; the fields
    // after its last closing parenthesis do not.
    let rest = stat.get(stat.rfind(')')? + 2..)?;
    let values: Vec<&str> = rest.split_whitespace().collect();
    // `rest` starts at field 3.
    fields
        .map(|field| values.get(field.checked_sub(3)?)?.parse::<u64>().ok())
        .sum()
}

/// `cores` as the bench prints it, or why it is missing.
pub fn describe(cores: Option<f64>) -> String {
    match cores {
        Some(cores) => format!("{cores:.2} cores"),
        None => "not measured (no /proc)".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn busy_time_is_all_but_idle_and_iowait() {
        let stat = "cpu  100 20 30 4000 500 6 7 8 0 0\ncpu0 50 10 15 2000 250 3 3 4 0 0\n";
        assert_eq!(busy_ticks(stat), Some(100 + 20 + 30 + 6 + 7 + 8));
        assert_eq!(busy_ticks("intr 1 2 3\n"), None);
        assert_eq!(busy_ticks("cpu  1 two 3\n"), None);
    }

    #[test]
    fn process_ticks_are_read_past_a_command_name_with_spaces_and_parentheses() {
        // Fields 14-17 are 11, 12, 13, 14; the name holds ") 9 9 (" to mislead a naive split.
        let stat = "42 (a) 9 9 (b) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 20 0 1 0";
        assert_eq!(stat_ticks(stat, 14..=17), Some(11 + 12 + 13 + 14));
        assert_eq!(stat_ticks(stat, 16..=17), Some(13 + 14));
        assert_eq!(stat_ticks("42 (a) S 1", 14..=17), None);
    }

    #[test]
    fn the_counters_read_on_linux_and_others_are_never_negative() {
        if cfg!(target_os = "linux") {
            let before = CpuSnapshot::now().expect("Linux has /proc/stat");
            let others = before.others_since().expect("and still has it");
            assert!(others >= 0.0);
        }
    }
}
