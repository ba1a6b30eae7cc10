//! Running the `gametable` binary from integration tests, as a user would.
// Each test file uses the part it needs.
#![allow(dead_code, clippy::unwrap_used)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The workspace root, where `data/` is.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs `gametable args` in the workspace root with `stdin` as its input.
pub fn gametable(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gametable"))
        .args(args)
        .current_dir(workspace())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A child that fails early may exit before reading its input; the
    // broken pipe that follows is not the test's concern, its output is.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_ref());
    child.wait_with_output().unwrap()
}

/// [`gametable`] with no file it writes allowed past `kib` KiB (a full
/// disk, without filling one): a shell sets the limit, and ignores the
/// signal that would kill the run, so that the write fails instead.
pub fn gametable_under_file_limit(kib: u32, args: &[&str]) -> Output {
    // `ulimit -f` counts 512-byte blocks in a POSIX shell.
    gametable_in_shell(&format!("trap '' XFSZ; ulimit -f {}", kib * 2), args)
}

/// [`gametable`] with no more than `kib` KiB of address space (a machine
/// out of memory, without exhausting this one): an allocation past it
/// fails and the run aborts.
pub fn gametable_under_memory_limit(kib: u32, args: &[&str]) -> Output {
    gametable_in_shell(&format!("ulimit -v {kib}"), args)
}

/// [`gametable`] started by a POSIX shell after `setup` (limits it sets).
fn gametable_in_shell(setup: &str, args: &[&str]) -> Output {
    let script = format!("{setup}; exec \"$@\"");
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_gametable"))
        .args(args)
        .current_dir(workspace())
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh, empty directory for one test.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gametable-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `gametable generate cards --cards N --modulus M --output PATH`,
/// with `more` arguments after, and checks that it succeeded.
pub fn generate_cards(cards: u8, modulus: u8, output: &Path, more: &[&str]) -> Output {
    let (cards, modulus) = (cards.to_string(), modulus.to_string());
    let mut args = vec![
        "generate",
        "cards",
        "--cards",
        &cards,
        "--modulus",
        &modulus,
    ];
    args.extend(["--output", output.to_str().unwrap()]);
    args.extend(more);
    let out = gametable(&args, b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    out
}

/// Checks that `gametable command` refuses each input with an error
/// containing its message, printing nothing on stdout.
pub fn assert_refused(command: &[&str], cases: &[(&str, &str)]) {
    for (input, message) in cases {
        let out = gametable(command, input.as_bytes());
        assert!(!out.status.success(), "accepted {input:?}");
        assert!(out.stdout.is_empty(), "partial output for {input:?}");
        let err = text(&out.stderr);
        assert!(
            err.contains(message),
            "for {input:?}:\n  got  {err}\n  want {message}"
        );
    }
}

/// The table file `bytes` with its payload replaced by `payload(old
/// payload)` and encoded again, its checksums valid: damage that only a
/// deep check (or a fresh regeneration) can see.
pub fn re_encoded(bytes: &[u8], payload: impl FnOnce(&[u8]) -> Vec<u8>) -> Vec<u8> {
    let table = gametable_format::decode(bytes).unwrap();
    let header = &table.header;
    let spec = gametable_format::TableSpec {
        game: header.game.clone(),
        kind: header.kind,
        bits_per_state: header.bits_per_state,
        symmetry: header.symmetry,
        states: header.states,
        compression: header.compression,
        generator: header.generator.clone(),
    };
    gametable_format::encode(&spec, &payload(&table.payload)).unwrap()
}
