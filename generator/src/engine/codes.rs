//! An outcome code per stored state, packed four to a byte as the outcome
//! table stores them ([`gametable::packing`]).
//!
//! The sweep hands its codes over packed; keeping them so (instead of a
//! byte each) saves a solve three quarters of that memory, and the packed
//! bytes are the outcome table's payload as they are.

use gametable::packing::{code_at, put_code};

/// One 2-bit outcome code ([`gametable::code`]) per stored state.
#[derive(Clone, Debug, Default, Eq)]
pub struct Codes {
    /// State `s` at bits `2 * (s % 4)` of byte `s / 4`.
    packed: Vec<u8>,
    /// How many states there are.
    len: usize,
}

impl Codes {
    /// `len` states, each with code 0, whatever the packed bytes past them.
    pub fn zeroed(len: usize) -> Codes {
        Codes {
            packed: vec![0; len.div_ceil(4)],
            len,
        }
    }

    /// The codes of `len` states packed in `packed` (four to a byte, as
    /// [`crate::engine::sweep::SpaceSolution::packed`]), or `None` when
    /// the bytes are not `len` states' worth.
    pub fn from_packed(packed: Vec<u8>, len: usize) -> Option<Codes> {
        (packed.len() == len.div_ceil(4)).then_some(Codes { packed, len })
    }

    /// The codes `code(s)` of `len` states, in state order (`Some`, for
    /// the callers of [`Codes::from_packed`]).
    pub fn from_fn(len: usize, mut code: impl FnMut(usize) -> u8) -> Option<Codes> {
        let mut codes = Codes::zeroed(len);
        for s in 0..len {
            put_code(&mut codes.packed, s as u64, code(s));
        }
        Some(codes)
    }

    /// One code per byte, packed.
    pub fn from_bytes(codes: &[u8]) -> Codes {
        let mut packed = Codes::zeroed(codes.len());
        for (s, &code) in codes.iter().enumerate() {
            put_code(&mut packed.packed, s as u64, code);
        }
        packed
    }

    /// How many states there are.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no states.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The code of state `s`, `None` past the last state.
    #[inline]
    pub fn get(&self, s: usize) -> Option<u8> {
        if s >= self.len {
            return None;
        }
        code_at(&self.packed, s as u64)
    }

    /// Sets the code of state `s` (nothing past [`Codes::len`]).
    pub fn set(&mut self, s: usize, code: u8) {
        if s >= self.len {
            return;
        }
        if let Some(byte) = self.packed.get_mut(s / 4) {
            let shift = (s % 4) * 2;
            *byte = (*byte & !(3 << shift)) | (code & 3) << shift;
        }
    }

    /// Every code in state order.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.len).filter_map(|s| self.get(s))
    }

    /// The packed bytes: the outcome table's payload.
    pub fn packed(&self) -> &[u8] {
        &self.packed
    }
}

/// Equal when every code is (whatever the bits past the last state).
impl PartialEq for Codes {
    fn eq(&self, other: &Codes) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl PartialEq<Vec<u8>> for Codes {
    fn eq(&self, other: &Vec<u8>) -> bool {
        self.len == other.len() && self.iter().zip(other).all(|(a, &b)| a == b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_pack_four_to_a_byte() {
        let mut codes = Codes::from_bytes(&[1, 2, 3, 0, 2]);
        assert_eq!(codes.packed(), &[0b00_11_10_01, 0b10]);
        assert_eq!(codes, vec![1, 2, 3, 0, 2]);
        codes.set(2, 1);
        codes.set(4, 0);
        assert_eq!(codes, vec![1, 2, 1, 0, 0]);
        assert_eq!(codes.get(5), None);
        codes.set(7, 3);
        assert_eq!(codes.packed(), &[0b00_01_10_01, 0]);
        assert!(Codes::from_packed(vec![0; 2], 9).is_none());
        let again = Codes::from_packed(codes.packed().to_vec(), 5).unwrap();
        assert_eq!(again, codes);
    }
}
