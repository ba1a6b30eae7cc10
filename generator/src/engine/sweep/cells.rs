//! The sweep's working memory: one cell (a byte, or two) per stored state,
//! zeroed.
//!
//! Count-downs land on cells all over the array, so on large tables the
//! cost is as much in address translation as in the cache: 4 KiB pages
//! need a page walk per miss once the array outgrows the TLB. On Linux a
//! large array is mapped anonymously and marked for transparent huge pages
//! (2 MiB), which the kernel honours when `transparent_hugepage` is
//! `always` or `madvise`; elsewhere, or if mapping fails, it is a plain
//! zeroed vector. Either way the cells read as one `[C]`.

#[cfg(target_os = "linux")]
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

use super::countdown::Cell;

/// Below this many bytes the array stays on the heap: huge pages only pay
/// once it outgrows the TLB's reach. (Elsewhere than on Linux only the
/// tests name it.)
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
const MAPPED_FROM: usize = 4 << 20;

/// Zeroed cells, in huge pages where the system offers them.
pub struct Cells<C = u8> {
    memory: Memory<C>,
}

enum Memory<C> {
    #[cfg(target_os = "linux")]
    Mapped(memmap2::MmapMut, PhantomData<C>),
    Heap(Vec<C>),
}

impl<C: Cell> Cells<C> {
    /// `len` zeroed cells.
    pub fn zeroed(len: usize) -> Cells<C> {
        #[cfg(target_os = "linux")]
        if len * size_of::<C>() >= MAPPED_FROM {
            if let Ok(map) = memmap2::MmapMut::map_anon(len * size_of::<C>()) {
                // Advice only: if the kernel declines, the pages stay small.
                let _ = map.advise(memmap2::Advice::HugePage);
                return Cells {
                    memory: Memory::Mapped(map, PhantomData),
                };
            }
        }
        Cells {
            memory: Memory::Heap(vec![C::default(); len]),
        }
    }
}

impl<C: Cell> Deref for Cells<C> {
    type Target = [C];
    fn deref(&self) -> &[C] {
        match &self.memory {
            #[cfg(target_os = "linux")]
            Memory::Mapped(map, _) => C::cast(map),
            Memory::Heap(cells) => cells,
        }
    }
}

impl<C: Cell> DerefMut for Cells<C> {
    fn deref_mut(&mut self) -> &mut [C] {
        match &mut self.memory {
            #[cfg(target_os = "linux")]
            Memory::Mapped(map, _) => C::cast_mut(map),
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
            let mut cells = Cells::<u8>::zeroed(len);
            assert_eq!(cells.len(), len);
            assert!(cells.iter().all(|&c| c == 0));
            if let Some(last) = cells.last_mut() {
                *last = 7;
            }
            assert_eq!(cells.last().copied(), (len > 0).then_some(7));
        }
    }

    #[test]
    fn wide_arrays_start_zeroed_and_keep_writes() {
        for len in [0, 1, MAPPED_FROM / 2 + 3] {
            let mut cells = Cells::<u16>::zeroed(len);
            assert_eq!(cells.len(), len);
            assert!(cells.iter().all(|&c| c == 0));
            if let Some(last) = cells.last_mut() {
                *last = 0xfff7;
            }
            assert_eq!(cells.last().copied(), (len > 0).then_some(0xfff7));
        }
    }
}
