//! A distance per stored state, kept in one byte while every distance
//! fits and widened to two bytes the first time one does not.
//!
//! Most games end within 254 plies (Dobutsu shogi's longest is 173), so
//! the one-byte form halves what a solve holds beside its work cells, and
//! it is already the distance table's 8-bit payload. A game with longer
//! distances pays one widening copy when its sweep reaches level 255.

use gametable::DistanceTable;

use super::solve::{distance_of, NO_DISTANCE};

/// No distance (a draw, or no position) in the one-byte form: the distance
/// table's 8-bit "none", so that the form is that table's payload.
const NONE_8: u8 = DistanceTable::NONE_8;

/// One distance per stored state: [`NO_DISTANCE`] for draws and indices
/// that name no position.
#[derive(Clone, Debug, Eq)]
pub enum Distances {
    /// Every distance below 255, a byte each ([`u8::MAX`] for none).
    Narrow(Vec<u8>),
    /// Two bytes each ([`NO_DISTANCE`] for none).
    Wide(Vec<u16>),
}

impl Default for Distances {
    fn default() -> Self {
        Distances::Narrow(Vec::new())
    }
}

impl Distances {
    /// `len` states without a distance.
    pub fn none(len: usize) -> Distances {
        Distances::Narrow(vec![NONE_8; len])
    }

    /// The distances of `wide`, in one byte each where they fit.
    pub fn from_wide(wide: Vec<u16>) -> Distances {
        if wide
            .iter()
            .all(|&d| d == NO_DISTANCE || d < u16::from(NONE_8))
        {
            Distances::Narrow(wide.iter().map(|&d| narrow(d)).collect())
        } else {
            Distances::Wide(wide)
        }
    }

    /// How many states there are.
    pub fn len(&self) -> usize {
        match self {
            Distances::Narrow(d) => d.len(),
            Distances::Wide(d) => d.len(),
        }
    }

    /// Whether there are no states.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The distance of state `s` ([`NO_DISTANCE`] for none), `None` past
    /// the last state.
    #[inline]
    pub fn get(&self, s: usize) -> Option<u16> {
        match self {
            Distances::Narrow(d) => d.get(s).map(|&d| wide(d)),
            Distances::Wide(d) => d.get(s).copied(),
        }
    }

    /// Sets the distance of state `s` (below [`Distances::len`]) to
    /// `level`, capped at [`MAX_DISTANCE`](super::solve::MAX_DISTANCE); widens the whole array first
    /// when `level` does not fit a byte.
    #[inline]
    pub fn set(&mut self, s: usize, level: u32) {
        let distance = distance_of(level);
        if let Distances::Narrow(d) = self {
            if distance < u16::from(NONE_8) {
                if let Some(slot) = d.get_mut(s) {
                    *slot = distance as u8;
                }
                return;
            }
        }
        self.widen();
        if let Distances::Wide(d) = self {
            if let Some(slot) = d.get_mut(s) {
                *slot = distance;
            }
        }
    }

    /// Every distance in state order ([`NO_DISTANCE`] for none).
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        (0..self.len()).map(|s| self.get(s).unwrap_or(NO_DISTANCE))
    }

    /// Every distance in two bytes, as a vector.
    pub fn to_wide(&self) -> Vec<u16> {
        self.iter().collect()
    }

    /// Turns a one-byte form into the two-byte one (nothing if already).
    pub fn widen(&mut self) {
        if let Distances::Narrow(d) = self {
            *self = Distances::Wide(d.iter().map(|&d| wide(d)).collect());
        }
    }

    /// Bytes per state: 1 or 2.
    pub fn width(&self) -> usize {
        match self {
            Distances::Narrow(_) => 1,
            Distances::Wide(_) => 2,
        }
    }

    /// The distances as bytes, [`Distances::width`] a state (two-byte ones
    /// in native order): for checkpoints and messages between ranks.
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            Distances::Narrow(d) => d,
            Distances::Wide(d) => zerocopy::IntoBytes::as_bytes(&d[..]),
        }
    }

    /// [`Distances::as_bytes`], to be filled.
    pub fn as_bytes_mut(&mut self) -> &mut [u8] {
        match self {
            Distances::Narrow(d) => d,
            Distances::Wide(d) => zerocopy::IntoBytes::as_mut_bytes(&mut d[..]),
        }
    }

    /// Appends the distances in `bytes`, laid out as
    /// [`Distances::as_bytes`] lays out this form's (whole states only).
    pub fn extend_from_bytes(&mut self, bytes: &[u8]) {
        match self {
            Distances::Narrow(d) => d.extend_from_slice(bytes),
            Distances::Wide(d) => d.extend(each_in(bytes, 2)),
        }
    }

    /// Makes room for `more` states, exactly.
    pub fn reserve_exact(&mut self, more: usize) {
        match self {
            Distances::Narrow(d) => d.reserve_exact(more),
            Distances::Wide(d) => d.reserve_exact(more),
        }
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        match self {
            Distances::Narrow(d) => d.len(),
            Distances::Wide(d) => 2 * d.len(),
        }
    }
}

/// The distances in `bytes` as [`Distances::as_bytes`] lays them out at
/// `width` bytes a state (1 or 2), two bytes each ([`NO_DISTANCE`] for
/// none).
pub fn each_in(bytes: &[u8], width: usize) -> impl Iterator<Item = u16> + '_ {
    bytes.chunks_exact(width.clamp(1, 2)).map(|c| match *c {
        [d] => wide(d),
        [a, b] => u16::from_ne_bytes([a, b]),
        _ => NO_DISTANCE,
    })
}

/// Equal when every distance is, in either form.
impl PartialEq for Distances {
    fn eq(&self, other: &Distances) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl PartialEq<Vec<u16>> for Distances {
    fn eq(&self, other: &Vec<u16>) -> bool {
        self.len() == other.len() && self.iter().zip(other).all(|(a, &b)| a == b)
    }
}

/// A two-byte distance below 255 (or none) in one byte.
fn narrow(d: u16) -> u8 {
    u8::try_from(d).unwrap_or(NONE_8)
}

/// A one-byte distance in two bytes.
fn wide(d: u8) -> u16 {
    if d == NONE_8 {
        NO_DISTANCE
    } else {
        u16::from(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::solve::MAX_DISTANCE;

    #[test]
    fn distances_widen_when_one_does_not_fit_a_byte() {
        let mut d = Distances::none(4);
        d.set(1, 0);
        d.set(2, 254);
        assert!(matches!(d, Distances::Narrow(_)));
        assert_eq!(d, vec![NO_DISTANCE, 0, 254, NO_DISTANCE]);
        assert_eq!(d.bytes(), 4);
        d.set(3, 255);
        assert!(matches!(d, Distances::Wide(_)));
        assert_eq!(d, vec![NO_DISTANCE, 0, 254, 255]);
        d.set(0, 1 << 20);
        assert_eq!(d.get(0), Some(MAX_DISTANCE));
        assert_eq!(d.get(4), None);
        assert_eq!(d.bytes(), 8);
        assert_eq!(Distances::from_wide(d.to_wide()), d);
        // Equal values are equal in either form.
        let narrow = Distances::from_wide(vec![3, NO_DISTANCE]);
        assert_eq!(narrow, Distances::Wide(vec![3, NO_DISTANCE]));
        assert_ne!(narrow, Distances::Wide(vec![3, 4]));
        let short = Distances::from_wide(vec![3, NO_DISTANCE]);
        assert_eq!(short, Distances::Narrow(vec![3, NONE_8]));
    }

    #[test]
    fn distances_appended_as_bytes_read_back_in_either_form() {
        let parts: [&[u16]; 3] = [&[0, NO_DISTANCE], &[], &[254, 3, NO_DISTANCE]];
        let whole: Vec<u16> = parts.concat();
        for wide in [false, true] {
            let form = |d: &[u16]| {
                let mut d = Distances::from_wide(d.to_vec());
                if wide {
                    d.widen();
                }
                d
            };
            let mut gathered = form(parts[0]);
            gathered.reserve_exact(whole.len() - parts[0].len());
            for part in &parts[1..] {
                gathered.extend_from_bytes(form(part).as_bytes());
            }
            assert_eq!(gathered.width(), if wide { 2 } else { 1 });
            assert_eq!(gathered.to_wide(), whole, "wide: {wide}");
        }
    }

    #[test]
    fn bytes_are_one_or_two_a_state_and_widening_keeps_every_distance() {
        let mut d = Distances::none(3);
        d.set(0, 7);
        assert_eq!((d.width(), d.as_bytes()), (1, &[7, NONE_8, NONE_8][..]));
        d.as_bytes_mut()[2] = 254;
        d.widen();
        assert_eq!(d.width(), 2);
        assert_eq!(d, vec![7, NO_DISTANCE, 254]);
        let native = |v: u16| v.to_ne_bytes();
        let expected: Vec<u8> = [7, NO_DISTANCE, 254].into_iter().flat_map(native).collect();
        assert_eq!(d.as_bytes(), &expected[..]);
        d.as_bytes_mut()[..2].copy_from_slice(&native(300));
        assert_eq!(d.get(0), Some(300));
        // Widening twice changes nothing.
        d.widen();
        assert_eq!(d, vec![300, NO_DISTANCE, 254]);
        // Bytes read back in either width.
        assert!(each_in(d.as_bytes(), 2).eq([300, NO_DISTANCE, 254]));
        assert!(each_in(&[0, NONE_8, 254], 1).eq([0, NO_DISTANCE, 254]));
    }
}
