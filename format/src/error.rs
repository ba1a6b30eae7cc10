//! Why a table file was refused.

use std::fmt;

/// A table file that cannot be used, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FormatError {
    /// Shorter than the fixed preamble.
    TooShort {
        /// The file's length.
        len: usize,
    },
    /// The first eight bytes are not [`crate::MAGIC`].
    BadMagic {
        /// The bytes found.
        found: [u8; 8],
    },
    /// A format version this reader does not know.
    UnsupportedVersion {
        /// The version in the file.
        found: u16,
        /// The version this reader reads.
        supported: u16,
    },
    /// A format version this reader knew once and no longer reads.
    RetiredVersion {
        /// The version in the file.
        found: u16,
        /// The version this reader reads.
        supported: u16,
        /// The command that regenerates the table, when the old header
        /// says which table it is.
        regenerate: Option<String>,
    },
    /// The header length runs past the end of the file.
    HeaderLength {
        /// The length the preamble claims.
        claimed: u32,
        /// Bytes after the preamble.
        available: usize,
    },
    /// The header does not deserialize.
    Header(String),
    /// The header's fields disagree with each other.
    Inconsistent(&'static str),
    /// The file is not as long as its header says.
    Length {
        /// Bytes the header implies.
        expected: u64,
        /// Bytes found.
        found: u64,
    },
    /// The trailing SHA-256 does not match the file.
    FileChecksum,
    /// The payload cannot be decompressed.
    Decompress(String),
    /// The bits of the payload's last byte past the last state are not
    /// zero, as every writer leaves them: a faulty writer, or a forgery.
    PayloadPadding {
        /// The last byte's bits past the last state.
        found: u8,
    },
    /// The decoded payload is not as long as the header says.
    PayloadLength {
        /// Bytes the header says.
        expected: u64,
        /// Bytes decoded (`None`: more than expected).
        found: Option<u64>,
    },
    /// The decoded payload's SHA-256 does not match the header.
    PayloadChecksum {
        /// The digest in the header.
        expected: String,
        /// The digest of the decoded payload.
        found: String,
    },
    /// The payload is larger than [`crate::MAX_PAYLOAD_LEN`].
    OutOfMemory {
        /// Bytes needed.
        bytes: u64,
    },
    /// This process ran out of memory decompressing a payload of this
    /// many bytes: nothing is known to be wrong with the file.
    NoMemory {
        /// The decoded payload's length, as the header gives it.
        bytes: u64,
    },
    /// A table to be written would hold more than [`crate::MAX_PAYLOAD_LEN`]
    /// payload bytes, which no reader accepts.
    TooLarge {
        /// The states it would hold.
        states: u64,
        /// Its bits per state.
        bits_per_state: u8,
    },
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::TooShort { len } => {
                write!(f, "file too short ({len} bytes) to be a table")
            }
            FormatError::BadMagic { found } => write!(
                f,
                "bad magic: not a gametable table (starts with {})",
                found.escape_ascii()
            ),
            FormatError::UnsupportedVersion { found, supported } => write!(
                f,
                "unsupported format version {found} (this reader reads version {supported})"
            ),
            FormatError::RetiredVersion {
                found,
                supported,
                regenerate,
            } => {
                write!(
                    f,
                    "format version {found} is no longer read (this build reads version {supported}): regenerate the table with "
                )?;
                match regenerate {
                    Some(command) => write!(f, "`{command}`"),
                    None => write!(
                        f,
                        "`{} cards --cards N --modulus M` for its game and parameters",
                        crate::GENERATE
                    ),
                }
            }
            FormatError::HeaderLength { claimed, available } => write!(
                f,
                "bad header length: {claimed} bytes claimed, {available} available \
                 (a file cut short, or a damaged preamble)"
            ),
            FormatError::Header(e) => write!(f, "bad header: {e}"),
            FormatError::Inconsistent(what) => write!(f, "bad header: {what}"),
            FormatError::Length { expected, found } => write!(
                f,
                "bad length: the header implies {expected} bytes, the file has {found}"
            ),
            FormatError::FileChecksum => {
                f.write_str("checksum mismatch: the file was changed or damaged")
            }
            FormatError::Decompress(e) => write!(
                f,
                "payload does not decompress as the zstd frame the header says it is: {e}"
            ),
            FormatError::PayloadPadding { found } => write!(
                f,
                "bad payload: the bits past the last state in its last byte are {found:#04x}, not zero"
            ),
            FormatError::PayloadLength {
                expected,
                found: Some(found),
            } => write!(
                f,
                "bad payload length: {found} bytes decoded, header says {expected}"
            ),
            FormatError::PayloadLength {
                expected,
                found: None,
            } => write!(
                f,
                "bad payload length: more than the {expected} bytes the header says"
            ),
            FormatError::PayloadChecksum { expected, found } => write!(
                f,
                "payload checksum mismatch: header says sha256 {expected}, payload has {found}"
            ),
            FormatError::OutOfMemory { bytes } => write!(
                f,
                "payload of {bytes} bytes is over this reader's limit of {} bytes",
                crate::MAX_PAYLOAD_LEN
            ),
            FormatError::NoMemory { bytes } => write!(
                f,
                "not enough memory to decompress its payload of {bytes} bytes (nothing is known to be wrong with the file)"
            ),
            FormatError::TooLarge {
                states,
                bits_per_state,
            } => write!(
                f,
                "a table of {states} states at {bits_per_state} bits per state needs {} payload bytes, over the format's limit of {} bytes that every reader holds to",
                (u128::from(*states) * u128::from(*bits_per_state)).div_ceil(8),
                crate::MAX_PAYLOAD_LEN
            ),
        }
    }
}

impl std::error::Error for FormatError {}
