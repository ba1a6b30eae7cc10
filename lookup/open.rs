//! Tables of any variant opened from a file at run time (feature `open`).
//!
//! [`OpenTable`] (outcomes) and [`OpenDistanceTable`] (distances) check a
//! file with the format crate (magic, version, header, length, the file's
//! SHA-256, the payload's SHA-256), then its Cards parameters, state count
//! and every code or distance, as [`CardsTable::from_packed`] and
//! [`DistanceTable::from_bytes`] do. Then they answer like the embedded table.
//!
//! - **Uncompressed payloads** are memory mapped: opening reads the file once
//!   to check both digests, and lookups read the mapped pages; nothing is
//!   copied. (A file that cannot be mapped, a shell's pipe or `/dev/stdin`,
//!   is read into memory.)
//! - **zstd payloads** are decoded into memory once, at open.
//! - **Full tables** (`Symmetry::None`) index a state as
//!   [`Position::index`] does, one load and one shift per lookup, and hand
//!   out a [`CardsTable`] / [`DistanceTable`] view ([`OpenTable::as_table`]).
//! - **Symmetry-reduced tables** (`Symmetry::Orbits`) store one state per
//!   orbit in [`Orbits`] order; a lookup canonicalises the position with
//!   [`Orbits::index`] first (a few more loads).

use core::fmt;
use std::borrow::Cow;
use std::boxed::Box;
use std::path::Path;
use std::vec::Vec;

use gametable_format::{Game, Header, Symmetry, TableKind};
use memmap2::Mmap;

use crate::code;
use crate::distance::DistanceTable;
use crate::error::{PositionError, TableError};
use crate::hand::Hand;
use crate::open_error::OpenError;
use crate::outcome::{Outcome, Player, Verdict};
use crate::position::Position;
use crate::symmetry::Orbits;
use crate::table::CardsTable;
use crate::variant::{Variant, MAX_CARDS, MAX_MODULUS};

/// The trailing file digest's length.
pub(crate) const DIGEST_LEN: usize = 32;

/// Where the payload lives.
pub(crate) enum Storage {
    /// The whole file, mapped read-only; the payload at `start..end`.
    Mapped { map: Mmap, start: usize, end: usize },
    /// The payload decoded into memory.
    Owned(Vec<u8>),
}

impl Storage {
    #[inline(always)]
    pub(crate) fn payload(&self) -> &[u8] {
        match self {
            // In range: checked at open.
            Storage::Mapped { map, start, end } => map.get(*start..*end).unwrap_or(&[]),
            Storage::Owned(bytes) => bytes,
        }
    }
}

/// A checked table file of either kind: what both public types share.
struct Opened {
    header: Header,
    variant: Variant,
    /// The orbit numbering, for symmetry-reduced tables.
    orbits: Option<Box<Orbits>>,
    storage: Storage,
}

/// The payload as [`check`] found it.
pub(crate) enum Payload {
    /// Stored uncompressed in the checked bytes, at their end before the digest.
    InFile { len: usize },
    /// Decoded into memory.
    Decoded(Vec<u8>),
}

impl Opened {
    fn open(path: &Path, kind: TableKind) -> Result<Opened, OpenError> {
        let map = map_file(path)?;
        let (header, variant, orbits, payload) = check(&map, kind)?;
        let storage = Storage::of(map, payload);
        Ok(Opened {
            header,
            variant,
            orbits,
            storage,
        })
    }

    fn from_bytes(bytes: &[u8], kind: TableKind) -> Result<Opened, OpenError> {
        let (header, variant, orbits, payload) = check(bytes, kind)?;
        Ok(Opened {
            header,
            variant,
            orbits,
            storage: Storage::copied(bytes, payload),
        })
    }

    /// The stored index of the state with hand ranks `a` to move and `b`
    /// waiting; out of range (so read as "not a position") when a rank is
    /// not below the variant's hands, as for a position of another variant.
    #[inline(always)]
    fn stored_index(&self, a: u32, b: u32) -> u64 {
        let hands = self.variant.hands();
        match &self.orbits {
            None if a >= hands || b >= hands => u64::MAX,
            None => u64::from(a) * u64::from(hands) + u64::from(b),
            // The numbering checks the ranks against its (the same) hands.
            Some(orbits) => orbits.index(a as usize, b as usize).unwrap_or(u64::MAX),
        }
    }

    /// The stored index of a full dense state index (`u64::MAX` out of range).
    fn stored_index_of(&self, index: u64) -> u64 {
        let hands = u64::from(self.variant.hands());
        if index >= self.variant.states() {
            return u64::MAX;
        }
        self.stored_index((index / hands) as u32, (index % hands) as u32)
    }

    fn check_variant(&self, variant: Variant) -> Result<(), PositionError> {
        let own = self.variant;
        if own.cards() != variant.cards() || own.modulus() != variant.modulus() {
            return Err(PositionError::VariantMismatch);
        }
        Ok(())
    }
}

/// A table file's bytes: mapped when it is a regular file, else (a shell's
/// pipe, `/dev/stdin`, a device) read into memory, since those cannot be
/// mapped.
pub(crate) enum FileBytes {
    /// A regular file, mapped read-only.
    Mapped(Mmap),
    /// Anything else, read whole (at most [`gametable_format::MAX_FILE_LEN`] bytes).
    Read(Vec<u8>),
}

impl core::ops::Deref for FileBytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            FileBytes::Mapped(map) => map,
            FileBytes::Read(bytes) => bytes,
        }
    }
}

/// The table file at `path`, after reading its preamble: a file of another
/// kind (or `/dev/zero`) is refused by its first bytes, as every reader
/// does, before anything more is mapped or read.
pub(crate) fn map_file(path: &Path) -> Result<FileBytes, OpenError> {
    use gametable_format::ReadError;
    let io = |source| OpenError::Io {
        path: path.to_path_buf(),
        source,
    };
    let fail = |e| match e {
        ReadError::Io(e) => io(e),
        ReadError::Format(e) => OpenError::Format(e),
        e @ ReadError::TooLong => io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            std::format!("{e}"),
        )),
    };
    let (file, start) = gametable_format::open_table_file(path).map_err(fail)?;
    if !file.metadata().map_err(io)?.is_file() {
        return gametable_format::read_table_rest(&file, start)
            .map(FileBytes::Read)
            .map_err(fail);
    }
    // SAFETY: `Mmap::map` is unsafe because the mapped bytes change if
    // another process writes the file (or truncates it, which faults)
    // while it is mapped, and Rust assumes a `&[u8]` never changes. We
    // map read-only, verify the whole file's SHA-256 once after mapping
    // (every caller checks it with `read_raw`), and document that a file
    // must not be changed in place while it is open; `gametable generate`
    // replaces tables by renaming a new file over the old one, which
    // leaves existing mappings intact.
    #[allow(unsafe_code)]
    let map = unsafe { Mmap::map(&file) }.map_err(io)?;
    Ok(FileBytes::Mapped(map))
}

/// The Cards variant a header names: the game `cards` with the parameters
/// `cards` and `modulus`, in that order, of values [`Variant::new`] takes.
///
/// # Errors
/// [`OpenError::Game`] for another game, other parameter names or values
/// beyond a byte; [`OpenError::Variant`] for values no variant has.
pub fn cards_variant(game: &Game) -> Result<Variant, OpenError> {
    let other = |expected: &'static str| OpenError::Game {
        found: game.clone(),
        expected: expected.into(),
    };
    if game.name != "cards" {
        return Err(other("cards"));
    }
    if !game.is("cards", &["cards", "modulus"]) {
        return Err(other(
            "cards with the parameters cards and modulus, in that order",
        ));
    }
    let value = |name| {
        game.parameter(name)
            .and_then(|v| u8::try_from(v).ok())
            .ok_or_else(|| OpenError::Game {
                found: game.clone(),
                expected: std::format!(
                    "cards with cards in 1..={MAX_CARDS} and modulus in 2..={MAX_MODULUS}"
                )
                .into(),
            })
    };
    Ok(Variant::new(value("cards")?, value("modulus")?)?)
}

impl Storage {
    /// The storage of a checked payload of the checked file `file`.
    pub(crate) fn of(file: FileBytes, payload: Payload) -> Storage {
        let map = match file {
            FileBytes::Mapped(map) => map,
            FileBytes::Read(mut bytes) => {
                return Storage::Owned(match payload {
                    Payload::Decoded(decoded) => decoded,
                    Payload::InFile { len } => {
                        // The payload alone, kept in place: before the digest.
                        let end = bytes.len().saturating_sub(DIGEST_LEN);
                        bytes.truncate(end);
                        bytes.drain(..end.saturating_sub(len));
                        bytes
                    }
                });
            }
        };
        match payload {
            Payload::Decoded(bytes) => Storage::Owned(bytes),
            Payload::InFile { len } => {
                let end = map.len().saturating_sub(DIGEST_LEN);
                Storage::Mapped {
                    start: end.saturating_sub(len),
                    end,
                    map,
                }
            }
        }
    }

    /// The storage of a checked payload of the checked bytes `bytes`, in memory.
    pub(crate) fn copied(bytes: &[u8], payload: Payload) -> Storage {
        match payload {
            Payload::Decoded(bytes) => Storage::Owned(bytes),
            Payload::InFile { len } => {
                let end = bytes.len().saturating_sub(DIGEST_LEN);
                Storage::Owned(
                    bytes
                        .get(end.saturating_sub(len)..end)
                        .unwrap_or(&[])
                        .to_vec(),
                )
            }
        }
    }

    /// Whether the payload is read from a mapped file.
    pub(crate) fn is_mapped(&self) -> bool {
        matches!(self, Storage::Mapped { .. })
    }
}

impl Payload {
    /// Where a checked payload borrowed from (or decoded from) the file is.
    pub(crate) fn of(payload: Cow<'_, [u8]>) -> Payload {
        match payload {
            Cow::Borrowed(stored) => Payload::InFile { len: stored.len() },
            Cow::Owned(decoded) => Payload::Decoded(decoded),
        }
    }
}

impl fmt::Debug for Opened {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OpenTable")
            .field("variant", &self.variant)
            .field("header", &self.header)
            .field("mapped", &matches!(self.storage, Storage::Mapped { .. }))
            .finish()
    }
}

/// Checks a whole table file of `kind`: format, parameters, state count, contents.
#[allow(clippy::type_complexity)]
fn check(
    bytes: &[u8],
    kind: TableKind,
) -> Result<(Header, Variant, Option<Box<Orbits>>, Payload), OpenError> {
    let raw = gametable_format::read_raw(bytes)?;
    let header = raw.header.clone();
    // The game first: a table of another game is named as such, whatever
    // its kind.
    let variant = cards_variant(&header.game)?;
    if header.kind != kind {
        return Err(OpenError::Kind {
            expected: kind,
            found: header.kind,
        });
    }
    let modulus = variant.modulus();
    let states_error = |expected| OpenError::States {
        symmetry: header.symmetry,
        expected,
        found: header.states,
    };
    match header.symmetry {
        Symmetry::None if header.states != variant.states() => {
            return Err(states_error(Some(variant.states())));
        }
        // Each orbit holds at most `modulus - 1` states (one per unit): a
        // count below that bound is wrong, and not worth building the
        // numbering (linear in the hands) to count exactly.
        Symmetry::Orbits
            if header.states.saturating_mul(u64::from(modulus - 1)) < variant.states()
                || header.states > variant.states() =>
        {
            return Err(states_error(None));
        }
        _ => {}
    }
    // Decoded (or found in the file) before the orbit numbering is built:
    // the bound above keeps the numbering far smaller than the payload.
    let payload = gametable_format::payload(&raw)?;
    let orbits = match header.symmetry {
        Symmetry::None => None,
        Symmetry::Orbits => {
            let orbits = Orbits::new(variant);
            if orbits.states() != header.states {
                return Err(states_error(Some(orbits.states())));
            }
            Some(Box::new(orbits))
        }
    };
    let bits = header.bits_per_state;
    match (kind, &orbits) {
        (TableKind::Outcome, None) => {
            CardsTable::from_packed(variant, &payload)?;
        }
        (TableKind::Outcome, Some(orbits)) => check_orbit_codes(orbits, &payload)?,
        (TableKind::Distance, None) => {
            DistanceTable::from_bytes(variant, bits, &payload)?;
        }
        (TableKind::Distance, Some(orbits)) => check_orbit_distances(orbits, bits, &payload)?,
    }
    Ok((header, variant, orbits, Payload::of(payload)))
}

/// The 2-bit code of stored state `index`; "not a position" out of range.
#[inline(always)]
pub(crate) fn code_or_none_at(packed: &[u8], index: u64) -> u8 {
    crate::packing::code_at(packed, index).unwrap_or(code::NOT_A_POSITION)
}

/// The distance of stored state `index` at `bits` (8 or 16) bits per state;
/// `None` for "no distance" or out of range.
#[inline(always)]
pub(crate) fn distance_in(bytes: &[u8], bits: u8, index: u64) -> Option<u16> {
    crate::packing::distance_at(bytes, bits, index)
}

/// Only the orbit of the both-zero state may say "not a position". Errors
/// name the orbit index.
fn check_orbit_codes(orbits: &Orbits, packed: &[u8]) -> Result<(), TableError> {
    // Some(_): every variant has a hand of rank 0.
    let zero = orbits.index(0, 0);
    match (0..orbits.states())
        .find(|&i| (code_or_none_at(packed, i) == code::NOT_A_POSITION) != (Some(i) == zero))
    {
        Some(index) => Err(TableError::Code { index }),
        None => Ok(()),
    }
}

/// What the rules alone fix, per orbit (as [`DistanceTable::from_bytes`]
/// checks per state). Errors name the orbit index.
fn check_orbit_distances(orbits: &Orbits, bits: u8, bytes: &[u8]) -> Result<(), TableError> {
    if bits != 8 && bits != 16 {
        return Err(TableError::Bits { bits });
    }
    let bad = (0..orbits.states()).find(|&index| {
        // Hand rank 0 is the all-zero hand; units fix it, so a canonical
        // state has an all-zero hand exactly when its orbit's states do.
        let (a, b) = orbits.state(index);
        let distance = distance_in(bytes, bits, index);
        !crate::consistency::ending_fits(a == 0, b == 0, distance)
    });
    match bad {
        Some(index) => Err(TableError::Distance { index }),
        None => Ok(()),
    }
}

/// An outcome table of any Cards variant, opened from a file and checked.
///
/// The same queries as [`CardsTable`]: [`outcome`](OpenTable::outcome),
/// [`try_outcome`](OpenTable::try_outcome), [`probe`](OpenTable::probe),
/// [`verdict`](OpenTable::verdict), [`code`](OpenTable::code).
///
/// ```no_run
/// use gametable::{Hand, OpenTable, Player};
///
/// let table = OpenTable::open("data/cards-8-5.gtbl")?;
/// let v = table.variant();
/// let alice = Hand::from_cards(v, &[1, 0, 0, 0, 0, 0, 0, 0])?;
/// let bob = Hand::from_cards(v, &[0, 0, 0, 4, 0, 0, 2, 0])?;
/// println!("{}", table.verdict(Player::Alice, alice, bob)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A memory-mapped file must not be changed in place while it is open
/// (replacing it by a rename, as `gametable generate` does, is fine).
#[derive(Debug)]
pub struct OpenTable {
    inner: Opened,
}

impl OpenTable {
    /// Opens and checks the outcome table at `path`: memory mapped if its
    /// payload is uncompressed (read into memory from a pipe or a device,
    /// which cannot be mapped), decoded into memory if it is zstd.
    ///
    /// # Errors
    /// [`OpenError::Io`] when the file cannot be opened, read or mapped;
    /// [`OpenError::Format`] for bytes that are not a valid table file
    /// (magic, version, header, length, a checksum, decompression);
    /// [`OpenError::Game`] for a table of another game than Cards;
    /// [`OpenError::Kind`] for a distance table; [`OpenError::Variant`] or
    /// [`OpenError::States`] for parameters or a state count this crate
    /// does not know; [`OpenError::Table`] for an impossible code.
    pub fn open(path: impl AsRef<Path>) -> Result<OpenTable, OpenError> {
        Opened::open(path.as_ref(), TableKind::Outcome).map(|inner| OpenTable { inner })
    }

    /// Checks the table file `bytes` as [`OpenTable::open`] does and keeps
    /// its decoded payload in memory.
    ///
    /// # Errors
    /// As [`OpenTable::open`], except [`OpenError::Io`].
    pub fn from_bytes(bytes: &[u8]) -> Result<OpenTable, OpenError> {
        Opened::from_bytes(bytes, TableKind::Outcome).map(|inner| OpenTable { inner })
    }

    /// The variant this table solves.
    pub fn variant(&self) -> Variant {
        self.inner.variant
    }

    /// The file's header.
    pub fn header(&self) -> &Header {
        &self.inner.header
    }

    /// True when the payload is read from the mapped file, false when it was
    /// decoded into memory.
    pub fn is_mapped(&self) -> bool {
        matches!(self.inner.storage, Storage::Mapped { .. })
    }

    /// The packed 2-bit codes as stored: one per state, or one per orbit in
    /// [`Orbits`] order for a symmetry-reduced table.
    pub fn as_bytes(&self) -> &[u8] {
        self.inner.storage.payload()
    }

    /// A [`CardsTable`] view of a full table (`None` for a reduced one), for
    /// APIs that take one, such as [`crate::PerfectPlay`].
    pub fn as_table(&self) -> Option<CardsTable<'_>> {
        match self.inner.orbits {
            None => CardsTable::check_length(self.inner.variant, self.as_bytes()).ok(),
            Some(_) => None,
        }
    }

    /// The 2-bit code ([`code`]) of the state with dense index `index`
    /// ([`Position::index`]); `NOT_A_POSITION` for an index out of range.
    pub fn code(&self, index: u64) -> u8 {
        code_or_none_at(self.as_bytes(), self.inner.stored_index_of(index))
    }

    /// The outcome of a position for the player to move.
    ///
    /// A position of another variant gets some answer without an error;
    /// use [`OpenTable::try_outcome`] when the variant is not known to match.
    #[inline]
    pub fn outcome(&self, position: &Position) -> Outcome {
        let index = self
            .inner
            .stored_index(position.to_move().rank(), position.waiting().rank());
        Outcome::from_code(code_or_none_at(self.as_bytes(), index)).unwrap_or(Outcome::Draw)
    }

    /// The outcome of a position, checking that it is of this table's variant.
    ///
    /// # Errors
    /// [`PositionError::VariantMismatch`].
    pub fn try_outcome(&self, position: &Position) -> Result<Outcome, PositionError> {
        self.inner.check_variant(position.variant())?;
        Ok(self.outcome(position))
    }

    /// The outcome for the player to move holding `to_move` against `waiting`.
    ///
    /// # Errors
    /// As [`Position::new`], and [`PositionError::VariantMismatch`] when the
    /// hands are not of this table's variant.
    pub fn probe(&self, to_move: Hand, waiting: Hand) -> Result<Outcome, PositionError> {
        self.try_outcome(&Position::new(to_move, waiting)?)
    }

    /// The answer to a judge situation: `first` moves, Alice holds `alice`,
    /// Bob holds `bob`.
    ///
    /// # Errors
    /// As [`OpenTable::probe`].
    pub fn verdict(&self, first: Player, alice: Hand, bob: Hand) -> Result<Verdict, PositionError> {
        let (to_move, waiting) = match first {
            Player::Alice => (alice, bob),
            Player::Bob => (bob, alice),
        };
        Ok(Verdict::from_outcome(first, self.probe(to_move, waiting)?))
    }
}

/// A distance table of any Cards variant, opened from a file and checked.
///
/// The same queries as [`DistanceTable`]: [`distance`](OpenDistanceTable::distance)
/// and [`distance_at`](OpenDistanceTable::distance_at). Storage as for
/// [`OpenTable`].
#[derive(Debug)]
pub struct OpenDistanceTable {
    inner: Opened,
}

impl OpenDistanceTable {
    /// Opens and checks the distance table at `path`: memory mapped if its
    /// payload is uncompressed (read into memory from a pipe or a device,
    /// which cannot be mapped), decoded into memory if it is zstd.
    ///
    /// # Errors
    /// As [`OpenTable::open`]; [`OpenError::Kind`] for an outcome table, and
    /// [`OpenError::Table`] for a distance the rules alone forbid.
    pub fn open(path: impl AsRef<Path>) -> Result<OpenDistanceTable, OpenError> {
        Opened::open(path.as_ref(), TableKind::Distance).map(|inner| OpenDistanceTable { inner })
    }

    /// Checks the table file `bytes` as [`OpenDistanceTable::open`] does and
    /// keeps its decoded payload in memory.
    ///
    /// # Errors
    /// As [`OpenDistanceTable::open`], except [`OpenError::Io`].
    pub fn from_bytes(bytes: &[u8]) -> Result<OpenDistanceTable, OpenError> {
        Opened::from_bytes(bytes, TableKind::Distance).map(|inner| OpenDistanceTable { inner })
    }

    /// The variant this table solves.
    pub fn variant(&self) -> Variant {
        self.inner.variant
    }

    /// The file's header.
    pub fn header(&self) -> &Header {
        &self.inner.header
    }

    /// Bits per stored state: 8 or 16.
    pub fn bits(&self) -> u8 {
        self.inner.header.bits_per_state
    }

    /// True when the payload is read from the mapped file.
    pub fn is_mapped(&self) -> bool {
        matches!(self.inner.storage, Storage::Mapped { .. })
    }

    /// The raw little-endian distances as stored (per state or per orbit).
    pub fn as_bytes(&self) -> &[u8] {
        self.inner.storage.payload()
    }

    /// A [`DistanceTable`] view of a full table (`None` for a reduced one).
    pub fn as_table(&self) -> Option<DistanceTable<'_>> {
        match self.inner.orbits {
            None => {
                DistanceTable::check_length(self.inner.variant, self.bits(), self.as_bytes()).ok()
            }
            Some(_) => None,
        }
    }

    /// The distance of the state with dense index `index`; `None` for a
    /// draw, the both-zero state, or an index out of range.
    pub fn distance_at(&self, index: u64) -> Option<u16> {
        distance_in(
            self.as_bytes(),
            self.bits(),
            self.inner.stored_index_of(index),
        )
    }

    /// The distance of a position: `None` for a draw.
    ///
    /// # Errors
    /// [`PositionError::VariantMismatch`] for a position of another variant.
    pub fn distance(&self, position: &Position) -> Result<Option<u16>, PositionError> {
        self.inner.check_variant(position.variant())?;
        let index = self
            .inner
            .stored_index(position.to_move().rank(), position.waiting().rank());
        Ok(distance_in(self.as_bytes(), self.bits(), index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each way a header can fail to name a Cards variant has its own
    /// message, none contradicting itself.
    #[test]
    fn a_header_that_names_no_cards_variant_says_why() {
        let says = |name, parameters: &[(&str, u64)]| {
            cards_variant(&Game::new(name, parameters))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(says("tictactoe", &[]), "a table of tictactoe, not of cards");
        assert_eq!(
            says("cards", &[("modulus", 5), ("cards", 8)]),
            "a table of cards (modulus = 5, cards = 8), not of cards with the parameters cards and modulus, in that order"
        );
        assert_eq!(
            says("cards", &[("cards", 264), ("modulus", 5)]),
            "a table of cards (cards = 264, modulus = 5), not of cards with cards in 1..=64 and modulus in 2..=16"
        );
        assert_eq!(
            says("cards", &[("cards", 65), ("modulus", 5)]),
            "bad parameters: cards per hand must be in 1..=64, not 65"
        );
        assert_eq!(
            cards_variant(&Game::new("cards", &[("cards", 8), ("modulus", 5)])).ok(),
            Some(Variant::CLASSIC)
        );
    }
}
