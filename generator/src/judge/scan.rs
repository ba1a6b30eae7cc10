//! A whitespace-separated unsigned-integer scanner for judge input.
//!
//! Reads its source in fixed 64 KiB blocks and parses digits by hand: no
//! `String` per token, no allocation after construction, memory bounded
//! whatever the input's size. Tracks line numbers (a line ends at `\n`,
//! `\r\n` or a lone `\r`) so that every error names the line and the token
//! at fault.

use std::fmt;
use std::io::{self, Read};

const BLOCK: usize = 64 * 1024;
/// Longest token kept whole for parsing; anything longer is refused.
const MAX_TOKEN: usize = 64;

/// One unsigned integer read from the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// Its value.
    pub value: u64,
    /// The line it stands on, from 1.
    pub line: u64,
}

/// Judge input that cannot be answered: where, what was found, what was wanted.
#[derive(Debug)]
pub struct InputError {
    /// The line, from 1.
    pub line: u64,
    /// The token at fault, or `None` when the input ended.
    pub token: Option<String>,
    /// What was expected or what is wrong.
    pub message: String,
    /// The I/O error, if reading failed.
    pub io: Option<io::Error>,
    /// Whether the token is a number too large for 64 bits, which a caller
    /// expecting a range names by that range.
    too_large: bool,
}

impl InputError {
    /// An error about `token` on `line` (empty: about the line's numbers
    /// together, shown without a token).
    pub fn at(line: u64, token: impl Into<String>, message: impl Into<String>) -> InputError {
        InputError {
            line,
            token: Some(token.into()),
            message: message.into(),
            io: None,
            too_large: false,
        }
    }

    /// An error about a number read: names its value.
    pub fn value(token: Token, message: impl Into<String>) -> InputError {
        InputError::at(token.line, token.value.to_string(), message)
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.io, &self.token) {
            (Some(e), _) => write!(f, "line {}: cannot read input: {e}", self.line),
            // No one token is at fault (a hand as a whole): the line alone.
            (None, Some(token)) if token.is_empty() => {
                write!(f, "line {}: {}", self.line, self.message)
            }
            (None, Some(token)) => {
                // Control characters and quotes escaped: a token is shown,
                // never played to the terminal.
                write!(
                    f,
                    "line {}: {} (found \"{}\")",
                    self.line,
                    self.message,
                    token.escape_debug()
                )
            }
            (None, None) => write!(f, "line {}: {} (input ended)", self.line, self.message),
        }
    }
}

impl std::error::Error for InputError {}

/// Reads unsigned integers separated by any run of whitespace.
pub struct Scanner<R> {
    reader: R,
    buf: Box<[u8]>,
    pos: usize,
    len: usize,
    line: u64,
    /// The line of the last token read: where an "input ended" error points.
    last_line: u64,
    eof: bool,
    /// Whether the start of the input was looked at for a byte-order mark.
    bom_checked: bool,
}

/// The UTF-8 byte-order mark that some editors write before the first line.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

impl<R: Read> Scanner<R> {
    /// A scanner over `reader`.
    pub fn new(reader: R) -> Scanner<R> {
        Scanner {
            reader,
            buf: vec![0u8; BLOCK].into_boxed_slice(),
            pos: 0,
            len: 0,
            line: 1,
            last_line: 1,
            eof: false,
            bom_checked: false,
        }
    }

    /// The line the scanner stands on.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// An error for input that ended while `what` was expected, pointing at
    /// the line of the last number read.
    pub fn ended(&self, what: impl std::fmt::Display) -> InputError {
        InputError {
            line: self.last_line,
            token: None,
            message: format!("expected {what}"),
            io: None,
            too_large: false,
        }
    }

    /// Moves unread bytes to the front and reads more; false at end of input.
    fn refill(&mut self) -> Result<bool, InputError> {
        if self.eof {
            return Ok(false);
        }
        self.buf.copy_within(self.pos..self.len, 0);
        self.len -= self.pos;
        self.pos = 0;
        loop {
            let free = self.buf.get_mut(self.len..).unwrap_or(&mut []);
            match self.reader.read(free) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.len += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(InputError {
                        line: self.line,
                        token: None,
                        message: String::new(),
                        io: Some(e),
                        too_large: false,
                    })
                }
            }
        }
    }

    /// The bytes read and not yet consumed.
    fn unread(&self) -> &[u8] {
        self.buf.get(self.pos..self.len).unwrap_or(&[])
    }

    /// Skips a byte-order mark at the very start of the input, once: text
    /// saved by Notepad and some other editors begins with one.
    fn skip_bom(&mut self) -> Result<(), InputError> {
        self.bom_checked = true;
        // Reads until three bytes are in or they cannot be the mark.
        while self.unread().len() < BOM.len() && BOM.starts_with(self.unread()) {
            if !self.refill()? {
                break;
            }
        }
        if self.unread().starts_with(BOM) {
            self.pos += BOM.len();
        }
        Ok(())
    }

    /// Whether the `\r` at the read position ends a line by itself (old
    /// Mac files), not as the first half of `\r\n`; reads on to see.
    fn ends_line_alone(&mut self) -> Result<bool, InputError> {
        if self.len - self.pos < 2 && !self.refill()? {
            return Ok(true);
        }
        Ok(self.unread().get(1) != Some(&b'\n'))
    }

    /// Skips whitespace (and a byte-order mark at the start); false when the
    /// input ends first.
    fn skip_space(&mut self) -> Result<bool, InputError> {
        if !self.bom_checked {
            self.skip_bom()?;
        }
        loop {
            while let Some(&b) = self.unread().first() {
                match b {
                    b'\n' => self.line += 1,
                    b'\r' => {
                        if self.ends_line_alone()? {
                            self.line += 1;
                        }
                    }
                    b' ' | b'\t' | b'\x0b' | b'\x0c' => {}
                    _ => return Ok(true),
                }
                self.pos += 1;
            }
            if !self.refill()? {
                return Ok(false);
            }
        }
    }

    /// The next number, or `None` at the end of the input.
    ///
    /// Not an `Iterator`: a scan error must stop the caller with its position,
    /// which `Iterator<Item = Result<..>>` would make easy to skip past.
    /// # Errors
    /// A token that is not an unsigned decimal integer below 2^64, or a read failure.
    // Not `Iterator::next`: it can fail, and the caller decides what ends input.
    #[allow(clippy::should_implement_trait)]
    #[inline(always)]
    pub fn next(&mut self) -> Result<Option<Token>, InputError> {
        match self.next_in_block() {
            Some(token) => Ok(Some(token)),
            None => self.next_general(),
        }
    }

    /// [`Scanner::next`] for any token, wherever it stands.
    #[cold]
    #[inline(never)]
    fn next_general(&mut self) -> Result<Option<Token>, InputError> {
        if !self.skip_space()? {
            return Ok(None);
        }
        // Make sure the whole token is in the buffer (or the buffer holds
        // MAX_TOKEN of it), past its leading zeros, which `scanf` takes
        // however many they are.
        let mut end = self.pos;
        let mut zeros = 0;
        loop {
            let window = self.buf.get(end..self.len).unwrap_or(&[]);
            match window.iter().position(|&b| is_space(b)) {
                Some(i) => {
                    end += i;
                    break;
                }
                None => {
                    end = self.len;
                    if end - self.pos > MAX_TOKEN {
                        let skip = leading_zeros(self.buf.get(self.pos..end).unwrap_or(&[]));
                        if skip == 0 {
                            break;
                        }
                        self.pos += skip;
                        zeros += skip;
                    }
                    let consumed = self.pos;
                    if !self.refill()? {
                        end = self.len;
                        break;
                    }
                    end -= consumed;
                }
            }
        }
        let mut text = self.buf.get(self.pos..end).unwrap_or(&[]);
        if text.len() > MAX_TOKEN {
            let skip = leading_zeros(text);
            text = text.get(skip..).unwrap_or(&[]);
            zeros += skip;
        }
        let line = self.line;
        // A token longer than MAX_TOKEN is not seen whole: it may be no
        // number at all.
        let seen_whole = text.len() <= MAX_TOKEN;
        let parsed = if seen_whole { parse_u64(text) } else { None };
        let value = parsed.ok_or_else(|| {
            // The token's first MAX_TOKEN characters; past a run of zeros
            // skipped, the end of that run and what follows it, where the
            // fault is.
            let shown: Vec<u8> =
                std::iter::repeat_n(b'0', zeros.min(MAX_TOKEN.saturating_sub(text.len())))
                    .chain(text.iter().copied())
                    .take(MAX_TOKEN)
                    .collect();
            let mut token = String::from_utf8_lossy(&shown).into_owned();
            if zeros > 0 {
                token.insert_str(0, "...");
            }
            if !seen_whole {
                token.push_str("...");
            }
            // Digits alone that do not parse: a number past 64 bits.
            let too_large = seen_whole && text.iter().all(u8::is_ascii_digit);
            let why = if !seen_whole {
                format!("expected an unsigned integer, not a token of over {MAX_TOKEN} characters")
            } else if too_large {
                format!("expected an unsigned integer up to {}", u64::MAX)
            } else {
                "expected an unsigned integer".to_string()
            };
            InputError {
                too_large,
                ..InputError::at(line, token, why)
            }
        })?;
        self.pos = end;
        self.last_line = line;
        Ok(Some(Token { value, line }))
    }

    /// The fast path of [`Scanner::next`]: the next number when the
    /// whitespace before it and the byte after it lie in the current block
    /// and it has at most 19 digits (so it fits a `u64` unchecked). One pass
    /// over its bytes. Otherwise `None` with nothing consumed, and the
    /// general path decides (refills, the end of the input, long numbers,
    /// errors).
    #[inline(always)]
    fn next_in_block(&mut self) -> Option<Token> {
        let bytes = self.buf.get(self.pos..self.len)?;
        // Quicker still: a one-digit number between single separators
        // (spaces or line breaks), the bulk of Cards input.
        if let [separator @ (b' ' | b'\n'), digit, b' ' | b'\n', ..] = *bytes {
            if digit.is_ascii_digit() {
                self.pos += 2;
                self.line += u64::from(separator == b'\n');
                self.last_line = self.line;
                return Some(Token {
                    value: u64::from(digit - b'0'),
                    line: self.line,
                });
            }
        }
        let mut line = self.line;
        let mut i = 0;
        let mut value: u64 = 0;
        let mut digits = 0;
        // One loop, one likely branch per byte: whitespace, then digits.
        loop {
            let b = *bytes.get(i)?;
            let digit = b.wrapping_sub(b'0');
            if digit <= 9 && digits == 0 {
                // A number starts: take its first eight digits at once when
                // it has that many (the a_i of Stones input have ten).
                if let Some(eight) = bytes.get(i..i + 8).and_then(eight_digits) {
                    value = eight;
                    digits = 8;
                    i += 8;
                    continue;
                }
            }
            if digit <= 9 {
                // Wraps only past 19 digits, which are refused below.
                value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
                digits += 1;
            } else if digits > 0 {
                if digits > 19 || !is_space(b) {
                    return None;
                }
                break;
            } else {
                match b {
                    b'\n' => line += 1,
                    // A line ends at a `\r` alone; at the block's end the
                    // general path looks on.
                    b'\r' => line += u64::from(*bytes.get(i + 1)? != b'\n'),
                    b' ' | b'\t' | b'\x0b' | b'\x0c' => {}
                    _ => return None,
                }
            }
            i += 1;
        }
        self.pos += i;
        self.line = line;
        self.last_line = line;
        Some(Token { value, line })
    }

    /// Reads `out.len()` one-digit numbers at once when the current block
    /// holds them in the commonest layout, each after a single space or line
    /// break: the first at most `first_max`, the rest at most `rest_max`.
    /// Returns the line of the first, or `None` with nothing consumed (the
    /// caller then reads them one by one, which also finds any error).
    #[inline]
    pub fn take_digits(&mut self, out: &mut [u8], first_max: u8, rest_max: u8) -> Option<u64> {
        let bytes = self.buf.get(self.pos..self.len)?;
        let window = bytes.get(..2 * out.len() + 1)?;
        let (&[separator, digit], rest) = window.split_first_chunk::<2>()?;
        let is_separator = |b: u8| b == b' ' || b == b'\n';
        let first = digit.wrapping_sub(b'0');
        if first > first_max || !is_separator(separator) {
            return None;
        }
        let first_line = self.line + u64::from(separator == b'\n');
        let mut line = first_line;
        let (first_slot, slots) = out.split_first_mut()?;
        *first_slot = first;
        for (pair, slot) in rest.chunks_exact(2).zip(slots) {
            let value = pair[1].wrapping_sub(b'0');
            if value > rest_max || !is_separator(pair[0]) {
                return None;
            }
            line += u64::from(pair[0] == b'\n');
            *slot = value;
        }
        // The last number must end there.
        if !window.last().copied().is_some_and(is_separator) {
            return None;
        }
        self.pos += 2 * out.len();
        self.line = line;
        self.last_line = line;
        Some(first_line)
    }

    /// The next number, which must be there and in `lo..=hi`; `what` names
    /// it and is called only to build an error, so a caller in a hot loop
    /// allocates nothing.
    ///
    /// # Errors
    /// As [`Scanner::next`], an error naming `what` and the range, or one
    /// naming `what` when the input ends.
    #[inline(always)]
    pub fn next_in(
        &mut self,
        lo: u64,
        hi: u64,
        what: impl Fn() -> String,
    ) -> Result<Token, InputError> {
        // A token that is no number is named by what was expected there.
        // One too large for 64 bits is out of the range like any other.
        let next = self.next().map_err(|mut e| {
            if e.too_large {
                e.message = format!("{} must be in {lo}..={hi}", what());
            } else if e.io.is_none() && e.token.is_some() {
                e.message = format!("{}: {}", what(), e.message);
            }
            e
        })?;
        match next {
            Some(token) if (lo..=hi).contains(&token.value) => Ok(token),
            Some(token) => Err(InputError::value(
                token,
                format!("{} must be in {lo}..={hi}", what()),
            )),
            None => Err(self.ended(what())),
        }
    }

    /// Checks that nothing but whitespace is left.
    ///
    /// # Errors
    /// An error naming the first extra token, e.g. "more input after the last case".
    pub fn finish(&mut self, message: &str) -> Result<(), InputError> {
        if !self.skip_space()? {
            return Ok(());
        }
        let line = self.line;
        let rest = self.unread();
        let token: Vec<u8> = rest
            .iter()
            .copied()
            .take_while(|&b| !is_space(b))
            .take(MAX_TOKEN)
            .collect();
        Err(InputError::at(
            line,
            String::from_utf8_lossy(&token).into_owned(),
            message,
        ))
    }
}

/// The value of eight ASCII digits, or `None` if any byte is not a digit:
/// SWAR, three multiplications instead of eight steps.
#[inline(always)]
fn eight_digits(bytes: &[u8]) -> Option<u64> {
    let chunk: [u8; 8] = bytes.try_into().ok()?;
    let word = u64::from_le_bytes(chunk);
    // Each byte is 0x30..=0x39: high nibble 3, and adding 6 keeps it 3.
    let high = 0xF0F0_F0F0_F0F0_F0F0;
    if word & high != 0x3030_3030_3030_3030
        || word.wrapping_add(0x0606_0606_0606_0606) & high != 0x3030_3030_3030_3030
    {
        return None;
    }
    // Pairs, then quads, then all eight (first digit in the low byte).
    let word = (word & 0x0F0F_0F0F_0F0F_0F0F).wrapping_mul(2561) >> 8;
    let word = (word & 0x00FF_00FF_00FF_00FF).wrapping_mul(6_553_601) >> 16;
    Some((word & 0x0000_FFFF_0000_FFFF).wrapping_mul(42_949_672_960_001) >> 32)
}

/// The separators: C's `isspace` (space, `\t`, `\n`, `\v`, `\f`, `\r`).
/// One definition for every path: `u8::is_ascii_whitespace` leaves out
/// `\v`, and using it in some places made `1\v2` an error while `\v1` was
/// accepted (found by fuzzing).
#[inline(always)]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

/// How many of the zeros that open `text` a number can do without: all
/// but one when nothing else follows them.
fn leading_zeros(text: &[u8]) -> usize {
    let zeros = text.iter().take_while(|&&b| b == b'0').count();
    zeros.min(text.len().saturating_sub(1))
}

/// Parses a non-empty run of ASCII digits below 2^64.
fn parse_u64(text: &[u8]) -> Option<u64> {
    if text.is_empty() {
        return None;
    }
    let mut value: u64 = 0;
    for &b in text {
        let digit = b.wrapping_sub(b'0');
        if digit > 9 {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(u64::from(digit))?;
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that returns one byte at a time: every refill path.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match (self.0.split_first(), buf.first_mut()) {
                (Some((&b, rest)), Some(slot)) => {
                    *slot = b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    fn all(input: &str) -> Result<Vec<(u64, u64)>, String> {
        let mut s = Scanner::new(input.as_bytes());
        let mut out = Vec::new();
        while let Some(t) = s.next().map_err(|e| e.to_string())? {
            out.push((t.value, t.line));
        }
        Ok(out)
    }

    #[test]
    fn reads_numbers_and_lines() {
        assert_eq!(
            all("1 2\n\n  3\t4\r\n5"),
            Ok(vec![(1, 1), (2, 1), (3, 3), (4, 3), (5, 4)])
        );
        assert_eq!(all("18446744073709551615"), Ok(vec![(u64::MAX, 1)]));
        assert_eq!(all(""), Ok(vec![]));
    }

    #[test]
    fn eight_digits_at_once_agree_with_one_at_a_time() {
        for text in ["00000000", "12345678", "99999999", "10000001", "87654321"] {
            assert_eq!(eight_digits(text.as_bytes()), text.parse().ok(), "{text}");
        }
        for text in ["1234567x", "/2345678", ":2345678", "1234 678", "12345678"] {
            let parsed: Option<u64> = text.parse().ok();
            assert_eq!(eight_digits(text.as_bytes()), parsed, "{text}");
        }
        assert_eq!(
            all("1000000000 999999999 12345678 123456789012345678 7"),
            Ok(vec![
                (1_000_000_000, 1),
                (999_999_999, 1),
                (12_345_678, 1),
                (123_456_789_012_345_678, 1),
                (7, 1)
            ])
        );
    }

    #[test]
    fn take_digits_takes_the_common_layout_or_nothing() {
        let mut s = Scanner::new("1\n2 3 4\n5 6 7\n10 1".as_bytes());
        let mut out = [0u8; 3];
        assert_eq!(s.next().unwrap().map(|t| t.value), Some(1));
        assert_eq!(s.take_digits(&mut out, 2, 4), Some(2));
        assert_eq!(out, [2, 3, 4]);
        // 5 is above the first maximum: nothing consumed.
        assert_eq!(s.take_digits(&mut out, 4, 9), None);
        assert_eq!(s.take_digits(&mut out, 9, 9), Some(3));
        assert_eq!(out, [5, 6, 7]);
        // "10" is not one digit: nothing consumed, and the slow path reads it.
        assert_eq!(s.take_digits(&mut out[..2], 9, 9), None);
        assert_eq!(s.next().unwrap().map(|t| (t.value, t.line)), Some((10, 4)));
        // The last number must end inside the block.
        assert_eq!(s.take_digits(&mut out[..1], 9, 9), None);
        assert_eq!(s.next().unwrap().map(|t| t.value), Some(1));
    }

    #[test]
    fn names_bad_tokens() {
        assert_eq!(
            all("1\n2 x3"),
            Err("line 2: expected an unsigned integer (found \"x3\")".into())
        );
        assert_eq!(
            all("18446744073709551616"),
            Err("line 1: expected an unsigned integer up to 18446744073709551615 (found \"18446744073709551616\")".into())
        );
        assert_eq!(
            all("-1"),
            Err("line 1: expected an unsigned integer (found \"-1\")".into())
        );
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped_and_nowhere_else() {
        assert_eq!(all("\u{feff}4\n5"), Ok(vec![(4, 1), (5, 2)]));
        assert_eq!(all("\u{feff}"), Ok(vec![]));
        assert_eq!(all("\u{feff}\n 7"), Ok(vec![(7, 2)]));
        // Only at the very start: after a separator it is a bad token.
        assert_eq!(
            all(" \u{feff}4"),
            Err("line 1: expected an unsigned integer (found \"\\u{feff}4\")".into())
        );
        assert_eq!(
            all("\u{feff}\u{feff}4"),
            Err("line 1: expected an unsigned integer (found \"\\u{feff}4\")".into())
        );
        // Split across reads, one byte at a time.
        let mut s = Scanner::new(Trickle("\u{feff}12 3".as_bytes()));
        assert_eq!(s.next().unwrap().map(|t| t.value), Some(12));
        assert_eq!(s.next().unwrap().map(|t| t.value), Some(3));
        // Part of a mark is no mark.
        let mut s = Scanner::new(&b"\xEF\xBB1"[..]);
        assert!(s.next().is_err());
    }

    #[test]
    fn lines_end_at_a_line_feed_a_crlf_or_a_lone_carriage_return() {
        let want = Ok(vec![(1, 1), (2, 2), (3, 3), (4, 4), (5, 6)]);
        assert_eq!(all("1\r2\r\n3\n4\r\r5\r"), want);
        // The general path too: numbers too long for the fast one.
        assert_eq!(
            all("12345678901234567890\r1"),
            Ok(vec![(12_345_678_901_234_567_890, 1), (1, 2)])
        );
        assert_eq!(
            all("1\r\r 123456789012345678901"),
            Err("line 3: expected an unsigned integer up to 18446744073709551615 (found \"123456789012345678901\")".into())
        );
        // A `\r\n` split between reads is one line end, a `\r` at the end none.
        let mut s = Scanner::new(Trickle(b"1\r\n2\r3\r"));
        let lines: Vec<u64> = std::iter::from_fn(|| s.next().unwrap().map(|t| t.line)).collect();
        assert_eq!(lines, vec![1, 2, 3]);
    }

    #[test]
    fn every_separator_everywhere() {
        // Before, between and after numbers, on the fast and general paths.
        for sep in [" ", "\t", "\n", "\r", "\x0b", "\x0c"] {
            let text = format!("{sep}1{sep}2{sep}");
            let values: Vec<u64> = all(&text).unwrap().iter().map(|t| t.0).collect();
            assert_eq!(values, vec![1, 2], "separator {sep:?}");
            let values: Vec<u64> = all(&format!("1{sep}2"))
                .unwrap()
                .iter()
                .map(|t| t.0)
                .collect();
            assert_eq!(values, vec![1, 2], "separator {sep:?} at the end");
        }
    }

    #[test]
    fn tokens_across_blocks() {
        // A reader that returns one byte at a time forces every refill path.
        let mut s = Scanner::new(Trickle(b"123 45\n6789"));
        let values: Vec<u64> = std::iter::from_fn(|| s.next().ok().flatten())
            .map(|t| t.value)
            .collect();
        assert_eq!(values, vec![123, 45, 6789]);
    }

    #[test]
    fn huge_token_is_refused_in_bounded_memory() {
        let long = "9".repeat(200_000);
        let err = all(&long).unwrap_err();
        assert!(
            err.starts_with(
                "line 1: expected an unsigned integer, not a token of over 64 characters (found \"999"
            ),
            "{err}"
        );
        assert!(err.ends_with("...\")"), "{err}");
    }

    /// Leading zeros, however many, are read as `scanf` reads them, in
    /// one block or a byte at a time; a bad token after more than 64 of
    /// them is quoted by the end of its zeros and what follows them.
    #[test]
    fn leading_zeros_of_any_length_are_read() {
        for zeros in [63, 64, 65, 200, 200_000] {
            let text = format!(
                "{}3 {} 7\n{}",
                "0".repeat(zeros),
                "0".repeat(zeros),
                "0".repeat(zeros)
            );
            let expected = vec![(3, 1), (0, 1), (7, 1), (0, 2)];
            assert_eq!(all(&text), Ok(expected.clone()), "{zeros}");
            let mut s = Scanner::new(Trickle(text.as_bytes()));
            let read: Vec<(u64, u64)> = std::iter::from_fn(|| s.next().ok().flatten())
                .map(|t| (t.value, t.line))
                .collect();
            assert_eq!(read, expected, "{zeros} a byte at a time");
        }
        let err = all(&format!("{}3x", "0".repeat(100))).unwrap_err();
        assert_eq!(
            err,
            format!(
                "line 1: expected an unsigned integer (found \"...{}3x\")",
                "0".repeat(62)
            )
        );
        let err = all(&format!("{}18446744073709551616", "0".repeat(100))).unwrap_err();
        assert_eq!(
            err,
            format!(
                "line 1: expected an unsigned integer up to 18446744073709551615 (found \"...{}18446744073709551616\")",
                "0".repeat(44)
            )
        );
    }

    #[test]
    fn fast_and_general_paths_agree() {
        // Every length up to u64::MAX and one past it, with the fast path
        // (16 spare bytes behind) and the general one (at the end).
        for tail in ["", "                "] {
            let mut text = String::new();
            for len in 1..=20 {
                text.push_str(&"18446744073709551615"[..len]);
                text.push_str(if len % 2 == 0 { "\n" } else { " \t" });
            }
            text.push_str(tail);
            let mut s = Scanner::new(text.as_bytes());
            for len in 1..=20 {
                let expected: u64 = "18446744073709551615"[..len].parse().unwrap_or(0);
                let line = (len as u64).div_ceil(2);
                assert_eq!(
                    s.next().ok().flatten(),
                    Some(Token {
                        value: expected,
                        line
                    })
                );
            }
            assert_eq!(s.next().ok().flatten(), None);
        }
        assert_eq!(
            all("18446744073709551616  \n\n\n"),
            Err("line 1: expected an unsigned integer up to 18446744073709551615 (found \"18446744073709551616\")".into())
        );
        assert_eq!(
            all("12 3x5        \n\n\n"),
            Err("line 1: expected an unsigned integer (found \"3x5\")".into())
        );
    }

    #[test]
    fn expect_and_finish() {
        let mut s = Scanner::new("7 9".as_bytes());
        assert_eq!(
            s.next_in(1, 10, || "T".into()).map(|t| t.value).ok(),
            Some(7)
        );
        let e = s.next_in(0, 1, || "f".into()).unwrap_err();
        assert_eq!(e.to_string(), "line 1: f must be in 0..=1 (found \"9\")");
        let e = s.next_in(0, u64::MAX, || "a card".into()).unwrap_err();
        assert_eq!(e.to_string(), "line 1: expected a card (input ended)");
        // A number too large for 64 bits is named by the range expected.
        let mut s = Scanner::new("18446744073709551620 1x".as_bytes());
        let e = s.next_in(1, 100_000, || "T".into()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1: T must be in 1..=100000 (found \"18446744073709551620\")"
        );
        let mut s = Scanner::new("1x".as_bytes());
        let e = s.next_in(1, 100_000, || "T".into()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1: T: expected an unsigned integer (found \"1x\")"
        );
        let mut s = Scanner::new("1\n2\n\n".as_bytes());
        assert!(s.next().is_ok() && s.next().is_ok());
        assert_eq!(
            s.next_in(0, u64::MAX, || "3".into())
                .unwrap_err()
                .to_string(),
            "line 2: expected 3 (input ended)"
        );
        let mut s = Scanner::new("1\n 2".as_bytes());
        assert!(s.next().is_ok());
        assert_eq!(
            s.finish("more input after the last case")
                .unwrap_err()
                .to_string(),
            "line 2: more input after the last case (found \"2\")"
        );
    }
}
