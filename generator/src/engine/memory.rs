//! How much memory this process may use, as far as the system says: the
//! machine's memory and swap (`/proc/meminfo`), less where a limit is set
//! on the process (`ulimit -v`, `prlimit --as`: `/proc/self/limits`) or on
//! its control group (`systemd-run -p MemoryMax`, a container's limit:
//! cgroup v2 `memory.max`, v1 `memory.limit_in_bytes`). A sweep is refused
//! up front when its first table alone exceeds this, instead of ending on a
//! failed allocation.

use std::fs;

/// The least of the bounds the system states, in bytes; `None` when it
/// states none (not Linux).
pub fn limit() -> Option<u64> {
    let meminfo = fs::read_to_string("/proc/meminfo").ok();
    let swap = meminfo
        .as_deref()
        .and_then(|m| meminfo_field(m, "SwapTotal:"));
    let machine = meminfo
        .as_deref()
        .and_then(|m| Some(meminfo_field(m, "MemTotal:")? + swap.unwrap_or(0)));
    let address_space = fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|l| address_space_limit(&l));
    let group = cgroup_limit().map(|g| g.saturating_add(swap.unwrap_or(0)));
    [machine, address_space, group].into_iter().flatten().min()
}

/// A `/proc/meminfo` field (`MemTotal:`), in bytes.
fn meminfo_field(info: &str, name: &str) -> Option<u64> {
    let kib = info
        .lines()
        .find_map(|line| line.strip_prefix(name))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse::<u64>()
        .ok()?;
    Some(kib.saturating_mul(1024))
}

/// The soft limit of `Max address space` in `/proc/self/limits`, unless
/// unlimited.
fn address_space_limit(limits: &str) -> Option<u64> {
    let rest = limits
        .lines()
        .find_map(|line| line.strip_prefix("Max address space"))?;
    rest.split_whitespace().next()?.parse().ok()
}

/// The memory limit of this process's control group, if one is set: the
/// files of cgroup v2 and v1, at the group's path and at the root (which
/// is the group's own inside a container).
fn cgroup_limit() -> Option<u64> {
    let groups = fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let path_of = |controller: &str| {
        groups.lines().find_map(|line| {
            let mut fields = line.splitn(3, ':');
            let (_, names, path) = (fields.next()?, fields.next()?, fields.next()?);
            (names == controller || names.split(',').any(|n| n == controller))
                .then(|| path.to_string())
        })
    };
    let v2 = path_of("").unwrap_or_default();
    let v1 = path_of("memory").unwrap_or_default();
    [
        format!("/sys/fs/cgroup{v2}/memory.max"),
        "/sys/fs/cgroup/memory.max".to_string(),
        format!("/sys/fs/cgroup/memory{v1}/memory.limit_in_bytes"),
        "/sys/fs/cgroup/memory/memory.limit_in_bytes".to_string(),
    ]
    .iter()
    .filter_map(|file| group_value(&fs::read_to_string(file).ok()?))
    .min()
}

/// A cgroup limit file's value, unless it says there is none (`max`, or
/// v1's page-rounded `i64::MAX`).
fn group_value(text: &str) -> Option<u64> {
    let value: u64 = text.trim().parse().ok()?;
    (value < 1 << 60).then_some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_system_s_files() {
        let info = "MemTotal:       24576000 kB\nSwapTotal:         1024 kB\n";
        assert_eq!(meminfo_field(info, "MemTotal:"), Some(24_576_000 * 1024));
        assert_eq!(meminfo_field(info, "SwapTotal:"), Some(1024 * 1024));
        assert_eq!(meminfo_field(info, "MemFree:"), None);
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max address space         4000000000           unlimited            bytes\n";
        assert_eq!(address_space_limit(limits), Some(4_000_000_000));
        let unlimited =
            "Max address space         unlimited            unlimited            bytes\n";
        assert_eq!(address_space_limit(unlimited), None);
        assert_eq!(group_value("max\n"), None);
        assert_eq!(group_value("9223372036854771712\n"), None);
        assert_eq!(group_value("536870912\n"), Some(536_870_912));
        // Whatever this machine says, it is some bound above a megabyte.
        assert!(limit().is_none_or(|bytes| bytes > 1 << 20));
    }
}
