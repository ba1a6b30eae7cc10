//! The parameters of a Cards game: cards per hand and modulus.
//!
//! Every size the rest of the crate uses (hands, states, bytes) is derived
//! here once, with overflow checked, so that ranking can use plain `u32`
//! arithmetic afterwards.

use crate::binomial::binomial;
use crate::error::VariantError;

/// The largest modulus supported. Keeps a hand's counts in a fixed array and a
/// state's remaining-move counter, at most `(m - 1)^2`, in one byte.
pub const MAX_MODULUS: u8 = 16;

/// The largest hand supported.
pub const MAX_CARDS: u8 = 64;

/// A Cards variant: `cards` cards per hand, values `0..modulus`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    cards: u8,
    modulus: u8,
    hands: u32,
}

impl Variant {
    /// The contest game (Codeforces 919F): 8 cards, values mod 5.
    pub const CLASSIC: Variant = Variant {
        cards: 8,
        modulus: 5,
        hands: 495,
    };

    /// A variant with `cards` cards per hand and values `0..modulus`.
    ///
    /// # Errors
    /// [`VariantError`] when `cards` is not in `1..=64`, `modulus` is not in
    /// `2..=16`, or the number of hands does not fit in a `u32`.
    pub const fn new(cards: u8, modulus: u8) -> Result<Variant, VariantError> {
        if cards == 0 || cards > MAX_CARDS {
            return Err(VariantError::Cards(cards));
        }
        if modulus < 2 || modulus > MAX_MODULUS {
            return Err(VariantError::Modulus(modulus));
        }
        // Stars and bars: a multiset of `cards` values out of `modulus`.
        let hands = binomial(cards as u32 + modulus as u32 - 1, modulus as u32 - 1);
        if hands > u32::MAX as u64 {
            return Err(VariantError::TooLarge { cards, modulus });
        }
        Ok(Variant {
            cards,
            modulus,
            hands: hands as u32,
        })
    }

    /// Cards per hand.
    #[inline]
    pub const fn cards(self) -> u8 {
        self.cards
    }

    /// The modulus: card values are `0..modulus`.
    #[inline]
    pub const fn modulus(self) -> u8 {
        self.modulus
    }

    /// The number of distinct hands (multisets), `C(cards + modulus - 1, modulus - 1)`.
    #[inline]
    pub const fn hands(self) -> u32 {
        self.hands
    }

    /// The number of (to-move, waiting) pairs: `hands()^2`.
    #[inline]
    pub const fn states(self) -> u64 {
        self.hands as u64 * self.hands as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_matches_new() {
        assert_eq!(Variant::new(8, 5), Ok(Variant::CLASSIC));
        assert_eq!(Variant::CLASSIC.states(), 245_025);
    }

    #[test]
    fn sizes() {
        assert_eq!(Variant::new(16, 5).map(|v| v.hands()), Ok(4845));
        assert_eq!(Variant::new(12, 7).map(|v| v.states()), Ok(18_564 * 18_564));
        assert_eq!(Variant::new(1, 2).map(|v| v.hands()), Ok(2));
    }

    #[test]
    fn rejects_out_of_range() {
        assert_eq!(Variant::new(0, 5), Err(VariantError::Cards(0)));
        assert_eq!(Variant::new(65, 5), Err(VariantError::Cards(65)));
        assert_eq!(Variant::new(8, 1), Err(VariantError::Modulus(1)));
        assert_eq!(Variant::new(8, 17), Err(VariantError::Modulus(17)));
        assert_eq!(
            Variant::new(64, 16),
            Err(VariantError::TooLarge {
                cards: 64,
                modulus: 16
            })
        );
    }
}
