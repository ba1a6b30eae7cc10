//! The packing of 2-bit outcome codes, four to a byte: state `i` sits at
//! bits `2 * (i % 4)` of byte `i / 4`; and of distances, one byte or two
//! (little-endian) per state, all ones meaning "no distance". Part of the
//! table format, written once here: the lookup crate, its build script
//! (which includes this file) and every reader in the generator use it.

/// The code of state `index` taken from its byte `byte` (the byte
/// `index / 4` of a packed table).
#[inline(always)]
pub const fn code_in(byte: u8, index: u64) -> u8 {
    (byte >> ((index % 4) * 2)) & 3
}

/// The code of state `index` in `packed`, or `None` past the end of its
/// bytes (a caller bounds `index` by its states: the last byte's spare
/// codes read as 0).
#[inline(always)]
pub const fn code_at(packed: &[u8], index: u64) -> Option<u8> {
    // Compared before narrowing: on a 32-bit target `index / 4` as usize
    // would wrap to another state's byte.
    if index / 4 >= packed.len() as u64 {
        return None;
    }
    #[allow(clippy::indexing_slicing)] // bounds checked above, so it fits usize
    Some(code_in(packed[(index / 4) as usize], index))
}

/// Sets the code of state `index` in `packed` to `code` (its other states'
/// bits kept); nothing past its end.
#[inline(always)]
pub fn put_code(packed: &mut [u8], index: u64, code: u8) {
    if let Some(byte) = usize::try_from(index / 4)
        .ok()
        .and_then(|i| packed.get_mut(i))
    {
        let shift = (index % 4) * 2;
        *byte = (*byte & !(3 << shift)) | (code & 3) << shift;
    }
}

/// "No distance" at 8 bits per state.
pub const NO_DISTANCE_8: u8 = u8::MAX;

/// "No distance" at 16 bits per state, and as a decoded value.
pub const NO_DISTANCE_16: u16 = u16::MAX;

/// The distance of state `index` in a distance payload of `bits` bits per
/// state (8, else 16, little-endian); `None` for "no distance" or past its
/// end.
#[inline(always)]
pub const fn distance_at(bytes: &[u8], bits: u8, index: u64) -> Option<u16> {
    let width: u64 = if bits == 8 { 1 } else { 2 };
    let start = index.saturating_mul(width);
    if start.saturating_add(width) > bytes.len() as u64 {
        return None;
    }
    let start = start as usize;
    #[allow(clippy::indexing_slicing)] // bounds checked above
    let value = if width == 1 {
        match bytes[start] {
            NO_DISTANCE_8 => NO_DISTANCE_16,
            byte => byte as u16,
        }
    } else {
        u16::from_le_bytes([bytes[start], bytes[start + 1]])
    };
    if value == NO_DISTANCE_16 {
        None
    } else {
        Some(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back_where_they_were_put_and_nowhere_else() {
        let codes: Vec<u8> = (0..23u64).map(|i| ((i * 7 + i / 3) % 4) as u8).collect();
        let mut packed = vec![0u8; codes.len().div_ceil(4)];
        for (i, &c) in codes.iter().enumerate() {
            put_code(&mut packed, i as u64, c);
        }
        // State i at bits 2 * (i % 4) of byte i / 4.
        assert_eq!(
            packed[0],
            codes[0] | codes[1] << 2 | codes[2] << 4 | codes[3] << 6
        );
        for (i, &c) in codes.iter().enumerate() {
            assert_eq!(code_at(&packed, i as u64), Some(c), "{i}");
            assert_eq!(code_in(packed[i / 4], i as u64), c, "{i}");
        }
        // The last byte's unused slot reads 0; past the end, nothing.
        assert_eq!(code_at(&packed, 23), Some(0));
        assert_eq!(code_at(&packed, 24), None);
        // Far past the end (on a 32-bit target, where `index / 4` wrapped
        // as usize before the comparison).
        assert_eq!(code_at(&packed, 1 << 34), None);
        assert_eq!(code_at(&packed, u64::MAX), None);
        put_code(&mut packed, 1 << 40, 3);
        assert_eq!(packed.len(), 6);
        // Putting again replaces the code, and only it.
        for (i, &c) in codes.iter().enumerate().rev() {
            put_code(&mut packed, i as u64, 3 - c);
            assert_eq!(code_at(&packed, i as u64), Some(3 - c), "{i}");
        }
        for (i, &c) in codes.iter().enumerate() {
            assert_eq!(code_at(&packed, i as u64), Some(3 - c), "{i}");
        }
    }
}
