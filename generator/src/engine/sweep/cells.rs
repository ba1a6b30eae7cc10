//! The sweep's working memory: one byte per stored state, zeroed.
//!
//! Count-downs land on cells all over the array, so on large tables the
//! cost is as much in address translation as in the cache: 4 KiB pages
//! need a page walk per miss once the array outgrows the TLB. On Linux a
//! large array is mapped anonymously and marked for transparent huge pages
//! (2 MiB), which the kernel honours when `transparent_hugepage` is
//! `always` or `madvise`; elsewhere, or if mapping fails, it is a plain
//! zeroed vector. Either way the cells read as one `[u8]`.

use std::ops::{Deref, DerefMut};

/// Below this many bytes the array stays on the heap: huge pages only pay
/// once it outgrows the TLB's reach.
const MAPPED_FROM: usize = 4 << 20;

/// Zeroed bytes, in huge pages where the system offers them.
pub struct Cells {
    memory: Memory,
}

enum Memory {
    #[cfg(target_os = "linux")]
    Mapped(memmap2::MmapMut),
    Heap(Vec<u8>),
}

impl Cells {
    /// `len` zeroed cells.
    pub fn zeroed(len: usize) -> Cells {
        #[cfg(target_os = "linux")]
        if len >= MAPPED_FROM {
            if let Ok(map) = memmap2::MmapMut::map_anon(len) {
                // Advice only: if the kernel declines, the pages stay small.
                let _ = map.advise(memmap2::Advice::HugePage);
                return Cells {
                    memory: Memory::Mapped(map),
                };
            }
        }
        Cells {
            memory: Memory::Heap(vec![0; len]),
        }
    }
}

impl Deref for Cells {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match &self.memory {
            #[cfg(target_os = "linux")]
            Memory::Mapped(map) => map,
            Memory::Heap(cells) => cells,
        }
    }
}

impl DerefMut for Cells {
    fn deref_mut(&mut self) -> &mut [u8] {
        match &mut self.memory {
            #[cfg(target_os = "linux")]
            Memory::Mapped(map) => map,
            Memory::Heap(cells) => cells,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_and_large_arrays_start_zeroed_and_keep_writes() {
        for len in [0, 1, 4096, MAPPED_FROM + 3] {
            let mut cells = Cells::zeroed(len);
            assert_eq!(cells.len(), len);
            assert!(cells.iter().all(|&c| c == 0));
            if let Some(last) = cells.last_mut() {
                *last = 7;
            }
            assert_eq!(cells.last().copied(), (len > 0).then_some(7));
        }
    }
}
