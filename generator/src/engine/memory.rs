//! How much memory this process may use, as far as the system says: the
//! machine's memory and swap (`/proc/meminfo`), less where a limit is set
//! on the process (`ulimit -v`, `prlimit --as`: `/proc/self/limits`) or on
//! its control group (`systemd-run -p MemoryMax`, a container's limit:
//! cgroup v2 `memory.max`, v1 `memory.limit_in_bytes`). A sweep is refused
//! up front when its first table alone exceeds this, instead of ending on a
//! failed allocation. And how much it holds ([`status_kib`]), for the
//! figures the sweeps report.

use std::fs;

/// A memory figure of this process in KiB from `/proc/self/status`
/// (`VmHWM:` its peak resident memory, `VmRSS:` its resident memory now);
/// `None` where the system does not say (not Linux).
pub fn status_kib(field: &str) -> Option<u64> {
    let status = fs::read_to_string("/proc/self/status").ok()?;
    status.lines().find_map(|line| {
        line.strip_prefix(field)?
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()
    })
}

/// The least of the bounds the system states, in bytes; `None` when it
/// states none (not Linux).
pub fn limit() -> Option<u64> {
    let meminfo = fs::read_to_string("/proc/meminfo").ok();
    let swap = meminfo
        .as_deref()
        .and_then(|m| meminfo_field(m, "SwapTotal:"));
    let ram = meminfo
        .as_deref()
        .and_then(|m| meminfo_field(m, "MemTotal:"));
    let machine = ram.map(|ram| ram + swap.unwrap_or(0));
    let address_space = fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|l| address_space_limit(&l));
    let group = cgroup_limit(ram.unwrap_or(u64::MAX), swap.unwrap_or(0));
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

/// The memory limit of this process's control group and every group above
/// it, where one is set (a limit on a parent binds its children): cgroup
/// v2's least `memory.max` and least `memory.swap.max` ([`v2_bound`]); per
/// v1 group `memory.memsw.limit_in_bytes`, else `memory.limit_in_bytes`
/// and the machine's swap `swap`. Inside a container the root is the
/// container's own group.
fn cgroup_limit(ram: u64, swap: u64) -> Option<u64> {
    let groups = fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let path_of = |controller: &str| {
        groups.lines().find_map(|line| {
            let mut fields = line.splitn(3, ':');
            let (_, names, path) = (fields.next()?, fields.next()?, fields.next()?);
            (names == controller || names.split(',').any(|n| n == controller))
                .then(|| path.to_string())
        })
    };
    let read = |file: String| group_value(&fs::read_to_string(file).ok()?);
    let v2_groups: Vec<(Option<u64>, Option<u64>)> = ancestors(&path_of("").unwrap_or_default())
        .into_iter()
        .map(|dir| {
            let dir = format!("/sys/fs/cgroup{dir}");
            (
                read(format!("{dir}/memory.max")),
                read(format!("{dir}/memory.swap.max")),
            )
        })
        .collect();
    let v2 = v2_bound(&v2_groups, ram, swap);
    let v1 = ancestors(&path_of("memory").unwrap_or_default())
        .into_iter()
        .filter_map(|dir| {
            let dir = format!("/sys/fs/cgroup/memory{dir}");
            read(format!("{dir}/memory.memsw.limit_in_bytes")).or_else(|| {
                Some(read(format!("{dir}/memory.limit_in_bytes"))?.saturating_add(swap))
            })
        });
    v2.into_iter().chain(v1).min()
}

/// What cgroup v2 lets a process use, from each group's `memory.max` and
/// `memory.swap.max` (`None` where unset), the process's group and those
/// above it: memory and swap are capped apart, each by its least limit
/// on the path, the machine's `ram` and `swap` where no group caps it. A
/// group that caps only swap (`memory.swap.max` 0 under an unlimited
/// `memory.max`) still lowers the bound to the machine's memory; `None`
/// when no group caps either.
fn v2_bound(groups: &[(Option<u64>, Option<u64>)], ram: u64, swap: u64) -> Option<u64> {
    let memory = groups.iter().filter_map(|g| g.0).min();
    let swap_cap = groups.iter().filter_map(|g| g.1).min();
    if memory.is_none() && swap_cap.is_none() {
        return None;
    }
    Some(
        memory
            .unwrap_or(ram)
            .saturating_add(swap_cap.unwrap_or(swap).min(swap)),
    )
}

/// `path` and every group above it up to the root: `/a/b` gives `/a/b`,
/// `/a` and `` (the root itself).
fn ancestors(path: &str) -> Vec<String> {
    let mut dirs = Vec::new();
    let mut path = path.trim_end_matches('/').to_string();
    loop {
        dirs.push(path.clone());
        match path.rfind('/') {
            Some(at) => path.truncate(at),
            None => break,
        }
    }
    if dirs.last().is_some_and(|d| !d.is_empty()) {
        dirs.push(String::new());
    }
    dirs
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
        assert_eq!(
            ancestors("/a/b.slice/c"),
            ["/a/b.slice/c", "/a/b.slice", "/a", ""]
        );
        assert_eq!(ancestors("/"), [""]);
        // cgroup v2: memory and swap capped apart, each by its least limit.
        let (gib, ram, swap) = (1u64 << 30, 16u64 << 30, 8u64 << 30);
        assert_eq!(v2_bound(&[(None, None), (None, None)], ram, swap), None);
        assert_eq!(v2_bound(&[(None, Some(0))], ram, swap), Some(ram));
        assert_eq!(v2_bound(&[(Some(gib), None)], ram, swap), Some(gib + swap));
        assert_eq!(
            v2_bound(&[(None, Some(0)), (Some(gib), None)], ram, swap),
            Some(gib)
        );
        assert_eq!(
            v2_bound(
                &[(Some(4 * gib), Some(gib)), (Some(2 * gib), Some(3 * gib))],
                ram,
                swap
            ),
            Some(3 * gib)
        );
        // A swap limit above the machine's swap allows no more than there is.
        assert_eq!(
            v2_bound(&[(Some(gib), Some(64 * gib))], ram, swap),
            Some(gib + swap)
        );
        assert_eq!(ancestors(""), [""]);
        // Whatever this machine says, it is some bound above a megabyte.
        assert!(limit().is_none_or(|bytes| bytes > 1 << 20));
    }
}
