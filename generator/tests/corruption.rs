//! Every single-byte change and every truncation of the committed (8, 5)
//! table is refused, by the reader and by `gametable verify`, with a
//! message naming the problem for the region hit: magic, version, header
//! length, header, payload or trailing digest.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test helpers: a failure is the test failing

use std::path::{Path, PathBuf};
use std::process::Command;

use gametable_gen::games::cards::files::OutcomeFile;

fn committed() -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/cards-8-5.gtbl");
    std::fs::read(path).unwrap()
}

/// The end of the header: preamble (14 bytes) plus the header length.
fn header_end(bytes: &[u8]) -> usize {
    14 + u32::from_le_bytes(bytes[10..14].try_into().unwrap()) as usize
}

/// The messages a change at `position` may give: the first check it breaks,
/// in file order.
fn expected(position: usize, bytes: &[u8]) -> &'static [&'static str] {
    let (header_end, len) = (header_end(bytes), bytes.len());
    match position {
        0..=7 => &["bad magic"],
        // Version 1 is named as retired, any other as unknown.
        8..=9 => &[
            "unsupported format version",
            "format version 1 is no longer read",
        ],
        // A shorter header fails to parse or leaves the length wrong; a
        // longer one runs past the file or leaves bytes over. A header that
        // does not parse in a file whose digest fails is named damaged.
        10..=13 => &[
            "bad header length",
            "bad header",
            "bad length",
            "checksum mismatch",
        ],
        // A field that still parses is caught by the length or the digest.
        p if p < header_end => &["bad header", "bad length", "checksum mismatch"],
        p if p < len - 32 => &["checksum mismatch"],
        _ => &["checksum mismatch"],
    }
}

fn assert_names(message: &str, allowed: &[&str], what: &str) {
    assert!(
        allowed.iter().any(|a| message.contains(a)),
        "{what}: {message:?} names none of {allowed:?}"
    );
}

#[test]
fn the_committed_table_is_valid() {
    let file = OutcomeFile::from_bytes(Path::new("t"), &committed()).unwrap();
    assert_eq!(file.counts(), [49_054, 121_365, 74_605, 1]);
}

#[test]
fn every_single_byte_change_is_refused_by_the_reader() {
    let original = committed();
    // Debug builds hash slowly: there, every position gets one change and
    // every 16th the other two; release builds try all three everywhere.
    let every = if cfg!(debug_assertions) { 16 } else { 1 };
    let mut bytes = original.clone();
    let mut tried = 0;
    for position in 0..original.len() {
        let old = original[position];
        let mut changes = vec![old ^ 0xff];
        if position % every == 0 {
            changes.extend([old ^ 0x01, 0x00]);
        }
        for new in changes.into_iter().filter(|&n| n != old) {
            bytes[position] = new;
            let err = OutcomeFile::from_bytes(Path::new("t"), &bytes)
                .expect_err("a changed byte was accepted")
                .to_string();
            assert_names(
                &err,
                expected(position, &original),
                &format!("byte {position}: {old:#04x} -> {new:#04x}"),
            );
            tried += 1;
        }
        bytes[position] = old;
    }
    assert!(tried >= original.len());
}

#[test]
fn every_truncation_is_refused_by_the_reader() {
    let bytes = committed();
    let header_end = header_end(&bytes);
    for len in 0..bytes.len() {
        let err = OutcomeFile::from_bytes(Path::new("t"), &bytes[..len])
            .expect_err("a truncated file was accepted")
            .to_string();
        let allowed: &[&str] = match len {
            0..=13 => &["file too short"],
            l if l < header_end => &["bad header length"],
            _ => &["bad length"],
        };
        assert_names(&err, allowed, &format!("truncated to {len} bytes"));
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gametable-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `gametable verify` on `bytes`: its exit status and output.
fn verify(dir: &Path, bytes: &[u8]) -> (bool, String) {
    let path = dir.join("cards-8-5.gtbl");
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gametable"))
        .arg("verify")
        .arg(&path)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

#[test]
fn verify_refuses_changes_in_every_region_and_truncations() {
    let original = committed();
    let dir = scratch("corrupt-verify");
    let (len, header_end) = (original.len(), header_end(&original));
    let payload_mid = (header_end + len - 32) / 2;
    let positions = [
        0,
        3,
        7, // magic
        8,
        9, // version
        10,
        11,
        13, // header length
        14,
        (14 + header_end) / 2,
        header_end - 1, // header
        header_end,
        payload_mid,
        len - 33, // payload
        len - 32,
        len - 1, // digest
    ];
    for position in positions {
        let mut bytes = original.clone();
        bytes[position] ^= 0xff;
        let (ok, text) = verify(&dir, &bytes);
        assert!(!ok, "verify accepted a change at byte {position}: {text}");
        assert!(text.contains("FAIL"), "{text}");
        assert_names(
            &text,
            expected(position, &original),
            &format!("verify, byte {position}"),
        );
    }
    for cut in [
        0,
        7,
        13,
        (14 + header_end) / 2,
        payload_mid,
        len - 33,
        len - 1,
    ] {
        let (ok, text) = verify(&dir, &original[..cut]);
        assert!(!ok, "verify accepted a file cut to {cut} bytes: {text}");
        let allowed: &[&str] = match cut {
            0..=13 => &["file too short"],
            c if c < header_end => &["bad header length"],
            _ => &["bad length"],
        };
        assert_names(&text, allowed, &format!("verify, cut to {cut}"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_header_read_alone_names_damage_as_the_whole_file_does() {
    use gametable_gen::store::read_header_or_damage;
    let original = committed();
    let dir = scratch("corrupt-header-only");
    let path = dir.join("t.gtbl");
    let mut refused = 0;
    for position in 14..header_end(&original) {
        let mut bytes = original.clone();
        bytes[position] ^= 0xff;
        std::fs::write(&path, &bytes).unwrap();
        // The header alone may pass (its digests are left to the reader
        // of the whole file); when it fails, it fails as the whole does.
        if let Err(alone) = read_header_or_damage(&path) {
            let whole = OutcomeFile::from_bytes(&path, &bytes).unwrap_err();
            assert_eq!(alone.to_string(), whole.to_string(), "byte {position}");
            refused += 1;
        }
    }
    assert!(refused > 0);
    std::fs::remove_dir_all(dir).unwrap();
}
