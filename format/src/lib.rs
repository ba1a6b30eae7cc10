//! The gametable table file format, defined once for every writer and reader.
//!
//! A table file is, in order:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | [`MAGIC`], `GMTABLE` and a NUL |
//! | 2 | [`FORMAT_VERSION`], little-endian `u16` |
//! | 4 | header length `h`, little-endian `u32` |
//! | h | the [`Header`], serialized with postcard: the game by name with its named parameters, table kind, bits per state, symmetry, stored states, compression, payload lengths, payload SHA-256, generator |
//! | `stored_len` | the payload, compressed as the header says |
//! | 32 | SHA-256 of every byte before it |
//!
//! The header's `payload_sha256` covers the *decoded* payload, so a table
//! re-encoded by another zstd version still proves the same content; the
//! trailing digest covers the file as stored, so any changed byte is caught
//! before anything is decompressed. The payload of a 2-bit table holds state
//! `i` in byte `i / 4` at bits `2 * (i % 4)`. A distance table holds state `i`
//! as a little-endian integer of 8 or 16 bits at byte `i * bits / 8`; the
//! all-ones value (255 or 65535) means "no distance": a draw, or the state
//! that is not a position.
//!
//! postcard was chosen for the header: serde-based, a documented and stable
//! wire format (postcard 1.0 froze it), maintained, no C code, and compact.
#![forbid(unsafe_code)]

mod error;
mod file;
mod header;
mod v1;

use std::borrow::Cow;

use sha2::{Digest, Sha256};

pub use error::FormatError;
pub use file::{
    dangling_link, open_for_reading, open_stream_for_reading, open_table_file, read_table_rest,
    ReadError,
};
pub use header::{
    Compression, Game, Header, Symmetry, TableKind, MAX_GENERATOR_LEN, MAX_NAME_LEN, MAX_PARAMETERS,
};

/// The first eight bytes of every table file.
pub const MAGIC: [u8; 8] = *b"GMTABLE\0";

/// The version of this layout, of the [`Header`] fields and of the codes
/// payloads use. Bump it whenever any of them changes meaning, so that old
/// readers refuse new files instead of misreading them.
///
/// Version 2: the header names any game generically (its name and an
/// ordered list of named `u64` parameters) instead of an enum that knew only
/// Cards, and `Symmetry::Orbits` means one state per orbit of the game's
/// own symmetry (for Cards, the version 1 unit orbits, numbered the same
/// way). Payloads are unchanged. Version 1 files are refused with
/// [`FormatError::RetiredVersion`], which names the command that
/// regenerates them.
pub const FORMAT_VERSION: u16 = 2;

/// The command line that generates tables, as error messages and
/// fingerprints name it.
pub const GENERATE: &str =
    "cargo run --release -p gametable-gen --no-default-features --features cli -- generate";

const PREAMBLE_LEN: usize = 8 + 2 + 4;
const DIGEST_LEN: usize = 32;

/// Everything about a table except the sizes and digests the writer derives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSpec {
    /// The game and its parameters.
    pub game: Game,
    /// What each state holds.
    pub kind: TableKind,
    /// Bits per stored state.
    pub bits_per_state: u8,
    /// Which states are stored.
    pub symmetry: Symmetry,
    /// Stored states.
    pub states: u64,
    /// How the payload is stored.
    pub compression: Compression,
    /// The maker, e.g. `gametable-gen 0.1.0`.
    pub generator: String,
}

/// A table file decoded and checked: its header and its decoded payload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The header.
    pub header: Header,
    /// The decoded payload: `header.payload_len` bytes.
    pub payload: Vec<u8>,
}

/// SHA-256 of `bytes`.
pub fn sha256(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

/// SHA-256 of everything `source` reads, a buffer at a time, so that a
/// large file is hashed in bounded memory.
///
/// # Errors
/// What reading `source` fails with.
pub fn sha256_of(mut source: impl std::io::Read) -> std::io::Result<[u8; 32]> {
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        match source.read(&mut buffer) {
            Ok(0) => return Ok(hasher.finalize().into()),
            Ok(n) => hasher.update(buffer.get(..n).unwrap_or_default()),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// Lowercase hexadecimal of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The payload length, in bytes, of `states` states at `bits` bits each.
pub fn payload_len(states: u64, bits: u8) -> Option<u64> {
    states.checked_mul(u64::from(bits)).map(|b| b.div_ceil(8))
}

/// The payload length of a table of `states` states at `bits` bits each,
/// when readers accept it (at most [`MAX_PAYLOAD_LEN`] bytes): a writer
/// asks before it works for a table, so that nothing is solved for a file
/// that could not be read.
///
/// # Errors
/// [`FormatError::TooLarge`] past the limit.
pub fn writable_payload_len(states: u64, bits: u8) -> Result<u64, FormatError> {
    payload_len(states, bits)
        .filter(|&len| len <= MAX_PAYLOAD_LEN)
        .ok_or(FormatError::TooLarge {
            states,
            bits_per_state: bits,
        })
}

/// Encodes a whole table file from its spec and decoded payload.
///
/// # Errors
/// [`FormatError::TooLarge`] for a payload no reader accepts (see
/// [`writable_payload_len`]); [`FormatError::PayloadPadding`] for bits set
/// past the last state; [`FormatError::Inconsistent`] when the
/// payload length does not match the spec, or the spec itself is
/// inconsistent (see [`Header::check`]).
pub fn encode(spec: &TableSpec, payload: &[u8]) -> Result<Vec<u8>, FormatError> {
    writable_payload_len(spec.states, spec.bits_per_state)?;
    check_padding(spec.states, spec.bits_per_state, payload)?;
    // The stored payload becomes the file: the preamble and header are
    // put in front of it in place, so that a large table is not held
    // twice (compressed, and copied into the file).
    let mut out = match spec.compression {
        Compression::None => payload.to_vec(),
        Compression::Zstd => {
            ruzstd::encoding::compress_to_vec(payload, ruzstd::encoding::CompressionLevel::Fastest)
        }
    };
    let stored_len = out.len();
    let header = Header {
        game: spec.game.clone(),
        kind: spec.kind,
        bits_per_state: spec.bits_per_state,
        symmetry: spec.symmetry,
        states: spec.states,
        compression: spec.compression,
        payload_len: payload.len() as u64,
        stored_len: stored_len as u64,
        payload_sha256: sha256(payload),
        generator: spec.generator.clone(),
    };
    header.check()?;
    let header_bytes = postcard::to_allocvec(&header)
        .map_err(|e| FormatError::Header(format!("cannot serialize: {e}")))?;
    let header_len = u32::try_from(header_bytes.len())
        .map_err(|_| FormatError::Header("header longer than 4 GiB".into()))?;
    let mut prefix = Vec::with_capacity(PREAMBLE_LEN + header_bytes.len());
    prefix.extend_from_slice(&MAGIC);
    prefix.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    prefix.extend_from_slice(&header_len.to_le_bytes());
    prefix.extend_from_slice(&header_bytes);
    out.reserve_exact(prefix.len() + DIGEST_LEN);
    out.splice(0..0, prefix);
    let digest = sha256(&out);
    out.extend_from_slice(&digest);
    Ok(out)
}

/// A checked view of a table file whose payload has not been decoded yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawTable<'a> {
    /// The header.
    pub header: Header,
    /// The payload as stored in the file (compressed or not).
    pub stored: &'a [u8],
}

/// The header of a table file, from its first bytes (`prefix`: at least
/// the preamble and the header), and the file length it implies, with the
/// magic and version checked but not the digests: what a program needs to
/// tell which table a file is without reading it whole. A table it names
/// is still read with [`read_raw`] or [`decode`] before use.
///
/// # Errors
/// The first [`FormatError`] found, in file order.
pub fn read_header(prefix: &[u8]) -> Result<(Header, u64), FormatError> {
    let (header, header_end) = header_of(prefix)?;
    let len = file_len(&header, header_end)?;
    Ok((header, len))
}

/// The length of a file whose header ends at `header_end`.
fn file_len(header: &Header, header_end: usize) -> Result<u64, FormatError> {
    (header_end as u64)
        .checked_add(header.stored_len)
        .and_then(|n| n.checked_add(DIGEST_LEN as u64))
        .ok_or(FormatError::Inconsistent("stored length overflows"))
}

/// The header's length as the preamble at the start of `bytes` states it.
pub(crate) fn stated_header_len(bytes: &[u8]) -> Option<u32> {
    bytes
        .get(10..14)
        .and_then(|b| b.try_into().ok())
        .map(u32::from_le_bytes)
}

/// The header of the file starting `bytes`, and where it ends.
fn header_of(bytes: &[u8]) -> Result<(Header, usize), FormatError> {
    let magic = bytes
        .get(..8)
        .ok_or(FormatError::TooShort { len: bytes.len() })?;
    if magic != MAGIC {
        let mut found = [0u8; 8];
        found.copy_from_slice(magic);
        return Err(FormatError::BadMagic { found });
    }
    let version = bytes
        .get(8..10)
        .and_then(|b| b.try_into().ok())
        .map(u16::from_le_bytes)
        .ok_or(FormatError::TooShort { len: bytes.len() })?;
    if version == 1 {
        // The header, if the file holds it, names the exact command.
        let regenerate = stated_header_len(bytes)
            .and_then(|len| bytes.get(PREAMBLE_LEN..PREAMBLE_LEN.checked_add(len as usize)?))
            .and_then(v1::regenerate);
        return Err(FormatError::RetiredVersion {
            found: version,
            supported: FORMAT_VERSION,
            regenerate,
        });
    }
    if version != FORMAT_VERSION {
        return Err(FormatError::UnsupportedVersion {
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    let header_len = stated_header_len(bytes).ok_or(FormatError::TooShort { len: bytes.len() })?;
    let header_end = PREAMBLE_LEN
        .checked_add(header_len as usize)
        .filter(|&end| end <= bytes.len())
        .ok_or(FormatError::HeaderLength {
            claimed: header_len,
            available: bytes.len().saturating_sub(PREAMBLE_LEN),
        })?;
    let header_bytes = bytes.get(PREAMBLE_LEN..header_end).unwrap_or(&[]);
    let (header, rest): (Header, &[u8]) = postcard::take_from_bytes(header_bytes).map_err(|e| {
        FormatError::Header(format!(
            "its fields do not decode ({e}): a field holds a value this reader does not \
                 know (a kind, symmetry or compression code), or the header is cut short"
        ))
    })?;
    if !rest.is_empty() {
        return Err(FormatError::Header(format!(
            "{} bytes left over after the header",
            rest.len()
        )));
    }
    Ok((header, header_end))
}

/// Checks a table file's magic, version, header, length and file digest,
/// without decoding the payload.
///
/// # Errors
/// The first [`FormatError`] found, in file order.
pub fn read_raw(bytes: &[u8]) -> Result<RawTable<'_>, FormatError> {
    let (header, header_end) = header_of(bytes).map_err(|e| damaged_or(bytes, e))?;
    let expected_len = file_len(&header, header_end)?;
    if expected_len != bytes.len() as u64 {
        return Err(FormatError::Length {
            expected: expected_len,
            found: bytes.len() as u64,
        });
    }
    let body_len = bytes.len() - DIGEST_LEN;
    let (body, digest) = bytes.split_at(body_len);
    if sha256(body) != digest {
        return Err(FormatError::FileChecksum);
    }
    header.check()?;
    let stored = body.get(header_end..).unwrap_or(&[]);
    Ok(RawTable { header, stored })
}

/// A header that does not decode, in a file whose own checksum fails, is
/// a damaged file first: said so, rather than which field the damage
/// reached. A file that checks out and still does not decode was written
/// wrong, and `error` says how.
fn damaged_or(bytes: &[u8], error: FormatError) -> FormatError {
    let damaged =
        matches!(error, FormatError::Header(_)) && bytes.len() >= PREAMBLE_LEN + DIGEST_LEN && {
            let (body, digest) = bytes.split_at(bytes.len() - DIGEST_LEN);
            sha256(body) != digest
        };
    if damaged {
        FormatError::FileChecksum
    } else {
        error
    }
}

/// Reads and checks a whole table file: everything [`read_raw`] checks, then
/// decodes the payload and checks its length and SHA-256.
///
/// # Errors
/// The first [`FormatError`] found.
pub fn decode(bytes: &[u8]) -> Result<Table, FormatError> {
    let raw = read_raw(bytes)?;
    let payload = decode_payload(&raw)?;
    Ok(Table {
        header: raw.header,
        payload,
    })
}

/// The largest decoded payload a reader accepts: 4 GiB. Larger headers are
/// refused before anything is decoded or allocated.
///
/// Within the limit, memory follows the bytes that actually decode, never
/// the length a header claims: a header that promises gigabytes over a
/// payload that holds kilobytes costs kilobytes.
pub const MAX_PAYLOAD_LEN: u64 = 1 << 32;

/// The longest table file a reader reads: [`MAX_PAYLOAD_LEN`] plus 1 MiB
/// for the preamble, header, zstd framing and digest. Longer input is
/// refused once this much has been read, never read to its end.
pub const MAX_FILE_LEN: u64 = MAX_PAYLOAD_LEN + (1 << 20);

/// The length of the fixed preamble (magic, version, header length): a
/// reader can check the magic and version from this many bytes before
/// reading the rest.
pub const PREAMBLE: usize = PREAMBLE_LEN;

/// Decodes and checks the payload of a checked raw table.
///
/// # Errors
/// [`FormatError::OutOfMemory`] (over [`MAX_PAYLOAD_LEN`] or not
/// addressable here), [`FormatError::NoMemory`] (none left to decompress
/// it), [`FormatError::Decompress`],
/// [`FormatError::PayloadLength`] or [`FormatError::PayloadChecksum`].
pub fn decode_payload(raw: &RawTable<'_>) -> Result<Vec<u8>, FormatError> {
    payload(raw).map(Cow::into_owned)
}

/// The checked payload of a checked raw table: borrowed from the file when
/// it is stored uncompressed (no copy, so a memory-mapped file stays
/// mapped), decoded into memory when it is compressed.
///
/// # Errors
/// As [`decode_payload`].
pub fn payload<'a>(raw: &RawTable<'a>) -> Result<Cow<'a, [u8]>, FormatError> {
    let too_large = FormatError::OutOfMemory {
        bytes: raw.header.payload_len,
    };
    if raw.header.payload_len > MAX_PAYLOAD_LEN {
        return Err(too_large);
    }
    let payload = match raw.header.compression {
        Compression::None => Cow::Borrowed(raw.stored),
        Compression::Zstd => Cow::Owned(decompress(raw.stored, raw.header.payload_len)?),
    };
    if payload.len() as u64 != raw.header.payload_len {
        return Err(FormatError::PayloadLength {
            expected: raw.header.payload_len,
            found: Some(payload.len() as u64),
        });
    }
    let digest = sha256(&payload);
    if digest != raw.header.payload_sha256 {
        return Err(FormatError::PayloadChecksum {
            expected: hex(&raw.header.payload_sha256),
            found: hex(&digest),
        });
    }
    check_padding(raw.header.states, raw.header.bits_per_state, &payload)?;
    Ok(payload)
}

/// The bits of `payload`'s last byte past the last of `states` states of
/// `bits` bits are zero, so that one table has one file.
///
/// # Errors
/// [`FormatError::PayloadPadding`] naming the bits set.
fn check_padding(states: u64, bits: u8, payload: &[u8]) -> Result<(), FormatError> {
    let used = (states % 8) * u64::from(bits) % 8;
    match (payload.last(), used) {
        (Some(&last), 1..) if last >> used != 0 => Err(FormatError::PayloadPadding {
            found: last >> used << used,
        }),
        _ => Ok(()),
    }
}

/// Decompresses one zstd frame of at most `limit` decoded bytes, growing the
/// output as bytes arrive (never reserving `limit` up front), and refusing
/// anything after the frame.
fn decompress(stored: &[u8], limit: u64) -> Result<Vec<u8>, FormatError> {
    use std::io::Read;
    let mut source = stored;
    let mut decoder = ruzstd::decoding::StreamingDecoder::new(&mut source)
        .map_err(|e| FormatError::Decompress(e.to_string()))?;
    let mut out = Vec::new();
    // One byte past the limit tells "too long" from "exactly right".
    (&mut decoder)
        .take(limit.saturating_add(1))
        .read_to_end(&mut out)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::OutOfMemory => FormatError::NoMemory { bytes: limit },
            _ => FormatError::Decompress(e.to_string()),
        })?;
    if out.len() as u64 > limit {
        return Err(FormatError::PayloadLength {
            expected: limit,
            found: None,
        });
    }
    drop(decoder);
    if !source.is_empty() {
        return Err(FormatError::Decompress(format!(
            "{} bytes after the zstd frame",
            source.len()
        )));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(states: u64) -> TableSpec {
        TableSpec {
            game: Game::new("cards", &[("cards", 1), ("modulus", 2)]),
            kind: TableKind::Outcome,
            bits_per_state: 2,
            symmetry: Symmetry::None,
            states,
            compression: Compression::Zstd,
            generator: "test".into(),
        }
    }

    #[test]
    fn round_trips_compressed_and_plain() {
        let payload = vec![0b0110_0111u8; 250];
        for compression in [Compression::Zstd, Compression::None] {
            let spec = TableSpec {
                compression,
                ..spec(1000)
            };
            let bytes = encode(&spec, &payload).unwrap();
            let table = decode(&bytes).unwrap();
            assert_eq!(table.payload, payload);
            assert_eq!(table.header.payload_sha256, sha256(&payload));
            assert_eq!(encode(&spec, &payload).unwrap(), bytes, "deterministic");
        }
    }

    #[test]
    fn refuses_each_kind_of_damage() {
        let bytes = encode(&spec(1000), &[7u8; 250]).unwrap();
        let err = |b: &[u8]| decode(b).unwrap_err().to_string();
        assert!(err(&bytes[..5]).starts_with("file too short"));
        let mut b = bytes.clone();
        b[0] = b'X';
        assert!(err(&b).starts_with("bad magic"));
        let mut b = bytes.clone();
        b[8] = 9;
        assert_eq!(
            err(&b),
            "unsupported format version 9 (this reader reads version 2)"
        );
        let mut b = bytes.clone();
        b[12] = 0xff;
        assert!(err(&b).starts_with("bad header length"));
        assert!(err(&bytes[..bytes.len() - 1]).starts_with("bad length"));
        let mut b = bytes.clone();
        let last = b.len() - 1;
        b[last] ^= 1;
        assert_eq!(
            err(&b),
            "checksum mismatch: the file was changed or damaged"
        );
        // The parameter count, past the name: the header no longer decodes,
        // and the file's checksum says why.
        let mut b = bytes.clone();
        b[PREAMBLE_LEN + 6] = 0x7f;
        assert_eq!(
            err(&b),
            "checksum mismatch: the file was changed or damaged"
        );
        let body = b.len() - DIGEST_LEN;
        let resigned = sha256(&b[..body]);
        b[body..].copy_from_slice(&resigned);
        assert!(err(&b).starts_with("bad header: its fields do not decode"));
        assert!(
            encode(&spec(1000), &[0u8; 10]).is_err(),
            "payload length must fit the spec"
        );
    }

    /// The bits past the last state are zero in every file, so that one
    /// table has one file: a set bit there is refused, naming it.
    #[test]
    fn bits_past_the_last_state_must_be_zero() {
        // 1,001 states of 2 bits: the last byte holds one state, 6 spare bits.
        for compression in [Compression::None, Compression::Zstd] {
            let spec = TableSpec {
                compression,
                ..spec(1001)
            };
            let mut payload = vec![0b1001_0110u8; 251];
            payload[250] = 0b10;
            let good = encode(&spec, &payload).unwrap();
            assert!(decode(&good).is_ok());
            payload[250] = 0b0100_0010;
            let padding = FormatError::PayloadPadding { found: 0b0100_0000 };
            // Refused by the writer, and by the reader of a file re-signed.
            assert_eq!(encode(&spec, &payload).unwrap_err(), padding);
            if compression == Compression::None {
                let mut forged = good.clone();
                let at = forged.len() - DIGEST_LEN - 1;
                forged[at] = 0b0100_0010;
                let old = read_raw(&good).unwrap().header;
                let header = Header {
                    payload_sha256: sha256(&payload),
                    ..old.clone()
                };
                let (old, new) = (
                    postcard::to_allocvec(&old).unwrap(),
                    postcard::to_allocvec(&header).unwrap(),
                );
                assert_eq!(old.len(), new.len());
                forged[PREAMBLE_LEN..PREAMBLE_LEN + new.len()].copy_from_slice(&new);
                let body = forged.len() - DIGEST_LEN;
                let digest = sha256(&forged[..body]);
                forged[body..].copy_from_slice(&digest);
                assert_eq!(decode(&forged).unwrap_err(), padding);
            }
        }
        // Whole bytes have no spare bits: 1,000 states of 2 bits, 9 of 8.
        let full = vec![0xffu8; 250];
        assert!(decode(&encode(&spec(1000), &full).unwrap()).is_ok());
        let distances = TableSpec {
            kind: TableKind::Distance,
            bits_per_state: 8,
            ..spec(9)
        };
        assert!(decode(&encode(&distances, &[0xff; 9]).unwrap()).is_ok());
        assert_eq!(
            FormatError::PayloadPadding { found: 0xc0 }.to_string(),
            "bad payload: the bits past the last state in its last byte are 0xc0, not zero"
        );
    }

    #[test]
    fn version_1_is_refused_naming_the_command() {
        // A real version 1 file (Cards (2, 3), written before version 2).
        let old = include_bytes!("../tests/data/v1-cards-2-3.gtbl");
        let message = decode(old).unwrap_err().to_string();
        assert_eq!(
            message,
            format!("format version 1 is no longer read (this build reads version 2): regenerate the table with `{GENERATE} cards --cards 2 --modulus 3`")
        );
        // Only the preamble: no header to name the table by.
        let message = read_raw(&old[..PREAMBLE_LEN]).unwrap_err().to_string();
        assert!(message.starts_with("format version 1 is no longer read (this build reads version 2): regenerate the table with `"), "{message}");
        assert!(message.contains("--cards N --modulus M"), "{message}");
    }

    #[test]
    fn game_names_are_checked_generically() {
        let with = |game: Game| {
            let spec = TableSpec { game, ..spec(4) };
            encode(&spec, &[0u8]).map(|bytes| decode(&bytes).unwrap().header.game)
        };
        let connect4 = Game::new("connect4", &[("width", 7), ("height", 6)]);
        assert_eq!(with(connect4.clone()).unwrap(), connect4);
        assert_eq!(connect4.parameter("height"), Some(6));
        assert!(connect4.is("connect4", &["width", "height"]));
        assert!(!connect4.is("connect4", &["height", "width"]));
        assert_eq!(connect4.to_string(), "connect4 (width = 7, height = 6)");
        assert_eq!(
            with(Game::new("tictactoe", &[])).unwrap().to_string(),
            "tictactoe"
        );
        for bad in [
            Game::new("", &[]),
            Game::new("Cards", &[]),
            Game::new("4inarow", &[]),
            Game::new("tic tac", &[]),
            Game::new(&"a".repeat(MAX_NAME_LEN + 1), &[]),
            Game::new("cards", &[("cards", 8), ("cards", 5)]),
            Game::new("cards", &[("", 8)]),
            Game::new("cards", &[("Modulus", 8)]),
            Game::new("cards", &[("p", 1); MAX_PARAMETERS + 1]),
        ] {
            assert!(
                matches!(with(bad.clone()), Err(FormatError::Inconsistent(_))),
                "{bad:?}"
            );
        }
        // The generator: one line of printable text, as fingerprints quote it.
        let made_by = |generator: &str| {
            encode(
                &TableSpec {
                    generator: generator.into(),
                    ..spec(1000)
                },
                &[7u8; 250],
            )
        };
        assert!(made_by(&"g".repeat(MAX_GENERATOR_LEN)).is_ok());
        for bad in [
            String::new(),
            "g".repeat(MAX_GENERATOR_LEN + 1),
            "gametable-gen 0.1.0\nstates = 1".into(),
            "gametable-gen\u{e9}".into(),
        ] {
            assert_eq!(
                made_by(&bad).unwrap_err().to_string(),
                "bad header: the generator is not 1 to 128 printable ascii characters",
                "{bad:?}"
            );
        }
    }

    /// A re-signed file whose header claims 1 GiB over a tiny zstd frame.
    fn claiming(payload_len: u64) -> Vec<u8> {
        let small = encode(&spec(1000), &[7u8; 250]).unwrap();
        let raw = read_raw(&small).unwrap();
        let header = Header {
            states: payload_len * 4,
            payload_len,
            ..raw.header.clone()
        };
        let header_bytes = postcard::to_allocvec(&header).unwrap();
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(header_bytes.len() as u32).to_le_bytes());
        out.extend_from_slice(&header_bytes);
        out.extend_from_slice(raw.stored);
        let digest = sha256(&out);
        out.extend_from_slice(&digest);
        out
    }

    #[test]
    fn writers_refuse_what_readers_would() {
        assert_eq!(
            writable_payload_len(4 * MAX_PAYLOAD_LEN, 2),
            Ok(MAX_PAYLOAD_LEN)
        );
        let over = FormatError::TooLarge {
            states: 4 * MAX_PAYLOAD_LEN + 1,
            bits_per_state: 2,
        };
        assert_eq!(
            writable_payload_len(4 * MAX_PAYLOAD_LEN + 1, 2),
            Err(over.clone())
        );
        assert_eq!(
            over.to_string(),
            "a table of 17179869185 states at 2 bits per state needs 4294967297 payload bytes, over the format's limit of 4294967296 bytes that every reader holds to"
        );
        // Lengths that overflow are over the limit too.
        assert!(writable_payload_len(u64::MAX, 16).is_err());
        // `encode` asks first: a spec past the limit is refused before its
        // payload is looked at.
        let spec = TableSpec {
            states: MAX_PAYLOAD_LEN + 1,
            bits_per_state: 8,
            ..spec(1)
        };
        assert_eq!(
            encode(&spec, &[0]),
            Err(FormatError::TooLarge {
                states: MAX_PAYLOAD_LEN + 1,
                bits_per_state: 8
            })
        );
    }

    #[test]
    fn claimed_lengths_cost_nothing_until_decoded() {
        // Memory follows the decoded bytes: 250 of them, not 1 GiB.
        assert_eq!(
            decode(&claiming(1 << 30)).unwrap_err(),
            FormatError::PayloadLength {
                expected: 1 << 30,
                found: Some(250)
            }
        );
        assert_eq!(
            decode(&claiming(MAX_PAYLOAD_LEN + 1)).unwrap_err(),
            FormatError::OutOfMemory {
                bytes: MAX_PAYLOAD_LEN + 1
            }
        );
        // A frame longer than claimed is cut at the claim.
        assert_eq!(
            decode(&claiming(100)).unwrap_err(),
            FormatError::PayloadLength {
                expected: 100,
                found: None
            }
        );
    }
}
