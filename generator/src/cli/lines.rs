//! Lines of input of bounded length. `BufRead::read_line` keeps a line
//! whole however long it is, so input without a newline (`< /dev/zero`)
//! took all memory; here a line past the limit is counted and dropped.

use std::io::{self, BufRead};

/// One line read, without its `\n` (or `\r\n`).
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line's bytes.
    Bytes(Vec<u8>),
    /// A line longer than the limit: its length, its bytes dropped.
    TooLong(u64),
}

/// The next line of `input`, at most `max` bytes kept; `None` at the end
/// of input.
///
/// # Errors
/// A read that fails.
pub fn next_line(input: &mut impl BufRead, max: usize) -> io::Result<Option<Line>> {
    let mut line = Vec::new();
    let mut length = 0u64;
    let mut ended = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            break;
        }
        let (taken, used) = match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => {
                ended = true;
                (&buffer[..at], at + 1)
            }
            None => (buffer, buffer.len()),
        };
        length += taken.len() as u64;
        if length <= max as u64 {
            line.extend_from_slice(taken);
        }
        input.consume(used);
        if ended {
            break;
        }
    }
    if !ended && length == 0 {
        return Ok(None);
    }
    if length > max as u64 {
        return Ok(Some(Line::TooLong(length)));
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(Line::Bytes(line)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8], max: usize) -> Vec<Line> {
        let mut reader = io::BufReader::with_capacity(4, input);
        std::iter::from_fn(|| next_line(&mut reader, max).ok().flatten()).collect()
    }

    #[test]
    fn splits_lines_and_drops_long_ones() {
        assert_eq!(
            all(b"ab\r\n\ncdefgh\nij", 5),
            vec![
                Line::Bytes(b"ab".to_vec()),
                Line::Bytes(Vec::new()),
                Line::TooLong(6),
                Line::Bytes(b"ij".to_vec()),
            ]
        );
        assert_eq!(all(b"", 5), Vec::<Line>::new());
        assert_eq!(all(b"\n", 5), vec![Line::Bytes(Vec::new())]);
        assert_eq!(all(b"abcde\n", 5), vec![Line::Bytes(b"abcde".to_vec())]);
    }
}
