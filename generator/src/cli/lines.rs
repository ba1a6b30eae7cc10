//! Lines of input of bounded length. `BufRead::read_line` keeps a line
//! whole however long it is, so input without a newline (`< /dev/zero`)
//! took all memory; here reading stops at a line past the limit (skipping
//! to its end could take for ever), and the caller stops there too.

use std::io::{self, BufRead};

/// One line read, without its `\n` (or `\r\n`).
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line's bytes.
    Bytes(Vec<u8>),
    /// A line longer than the limit; the input is left in its middle.
    TooLong,
}

/// The next line of `input`, at most `max` bytes kept; `None` at the end
/// of input.
///
/// # Errors
/// A read that fails.
pub fn next_line(input: &mut impl BufRead, max: usize) -> io::Result<Option<Line>> {
    let mut line = Vec::new();
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            if line.is_empty() {
                return Ok(None);
            }
            break;
        }
        let (taken, used, ended) = match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => (&buffer[..at], at + 1, true),
            None => (buffer, buffer.len(), false),
        };
        // Kept: at most `max` bytes, a `\r` before the `\n`, and one more
        // to know the line is too long.
        let room = max + 2 - line.len();
        line.extend_from_slice(&taken[..taken.len().min(room)]);
        if line.len() > max + 1 {
            return Ok(Some(Line::TooLong));
        }
        input.consume(used);
        if ended {
            break;
        }
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    if line.len() > max {
        return Ok(Some(Line::TooLong));
    }
    Ok(Some(Line::Bytes(line)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines up to the first too long one, which ends the reading.
    fn all(input: &[u8], max: usize) -> Vec<Line> {
        let mut reader = io::BufReader::with_capacity(4, input);
        let mut lines = Vec::new();
        while let Ok(Some(line)) = next_line(&mut reader, max) {
            let stop = line == Line::TooLong;
            lines.push(line);
            if stop {
                break;
            }
        }
        lines
    }

    #[test]
    fn splits_lines_and_stops_at_a_long_one() {
        assert_eq!(
            all(b"ab\r\n\nabcde\r\ncdefgh\nij", 5),
            vec![
                Line::Bytes(b"ab".to_vec()),
                Line::Bytes(Vec::new()),
                Line::Bytes(b"abcde".to_vec()),
                Line::TooLong,
            ]
        );
        assert_eq!(all(b"", 5), Vec::<Line>::new());
        assert_eq!(all(b"\n", 5), vec![Line::Bytes(Vec::new())]);
        assert_eq!(all(b"abcde", 5), vec![Line::Bytes(b"abcde".to_vec())]);
        assert_eq!(all(b"abcdef", 5), vec![Line::TooLong]);
    }
}
