//! What the distributed sweep needs of its processes: a rank, a size, one
//! all-to-all exchange of predecessor indices, reductions, a barrier and
//! point-to-point bytes toward rank 0. Behind a trait so that the sweep is
//! written once for MPI (the module `mpi`, feature `mpi`) and for one process
//! ([`Solo`], which checkpoints use without MPI).

/// The processes of one sweep.
pub trait Comm {
    /// This process's rank, `0..size`.
    fn rank(&self) -> usize;
    /// How many processes there are.
    fn size(&self) -> usize;
    /// All-to-all: `send` holds `counts[0]` values for rank 0, then
    /// `counts[1]` for rank 1, and so on; `recv` is replaced with the values
    /// every rank sent here, in rank order. Every rank calls it.
    fn exchange(&self, send: &[u64], counts: &[usize], recv: &mut Vec<u64>);
    /// [`Comm::exchange`] of 32-bit values.
    fn exchange32(&self, send: &[u32], counts: &[usize], recv: &mut Vec<u32>);
    /// The sum of every rank's `value`, on every rank.
    fn sum(&self, value: u64) -> u64;
    /// The largest of every rank's `value`, on every rank.
    fn max(&self, value: u64) -> u64;
    /// Whether every rank holds the same `value` (the largest of them and
    /// the least are equal), on every rank.
    fn same(&self, value: u64) -> bool {
        self.max(value) == !self.max(!value)
    }
    /// Whether every rank holds the same `text` (compared by the first 64
    /// bits of its SHA-256), on every rank.
    fn same_text(&self, text: &str) -> bool {
        let digest = gametable_format::sha256(text.as_bytes());
        self.same(
            digest
                .first_chunk::<8>()
                .map_or(0, |b| u64::from_le_bytes(*b)),
        )
    }
    /// Waits for every rank.
    fn barrier(&self);
    /// Waits for every rank, asleep between looks where the processes
    /// allow it: for waits as long as rank 0's writing, during which a
    /// spinning wait would take the cores it writes with.
    fn idle_barrier(&self) {
        self.barrier();
    }
    /// Sends `bytes` to rank `to` (matched by one [`Comm::receive`] there).
    fn send(&self, to: usize, bytes: &[u8]);
    /// Receives what rank `from` sent with one [`Comm::send`].
    fn receive(&self, from: usize) -> Vec<u8>;
}

/// One process on its own: every collective is the identity.
pub struct Solo;

impl Comm for Solo {
    fn rank(&self) -> usize {
        0
    }
    fn size(&self) -> usize {
        1
    }
    fn exchange(&self, send: &[u64], _counts: &[usize], recv: &mut Vec<u64>) {
        recv.clear();
        recv.extend_from_slice(send);
    }
    fn exchange32(&self, send: &[u32], _counts: &[usize], recv: &mut Vec<u32>) {
        recv.clear();
        recv.extend_from_slice(send);
    }
    fn sum(&self, value: u64) -> u64 {
        value
    }
    fn max(&self, value: u64) -> u64 {
        value
    }
    fn barrier(&self) {}
    fn send(&self, _to: usize, _bytes: &[u8]) {}
    fn receive(&self, _from: usize) -> Vec<u8> {
        Vec::new()
    }
}

/// A predecessor sent to its owner: its stored index and whether the
/// state it precedes was won, as `index << 1 | won`. 32 bits while indices
/// stay below 2^31, which halves the bytes exchanged; 64 beyond.
pub trait Message: Copy + Send + 'static {
    /// Bytes per message.
    const BYTES: u64;
    /// Whether every message of `slots` stored states fits.
    fn fits(slots: usize) -> bool;
    /// The message of predecessor `p` of a state that was `won`.
    fn new(p: usize, won: bool) -> Self;
    /// The predecessor.
    fn state(self) -> usize;
    /// 1 if the state it precedes was won, else 0.
    fn won(self) -> usize;
    /// [`Comm::exchange`] of these messages.
    fn exchange(comm: &dyn Comm, send: &[Self], counts: &[usize], recv: &mut Vec<Self>);
}

/// The [`Message`] of an unsigned integer type: its width, the most slots
/// its indices hold, and the [`Comm`] method that exchanges it.
macro_rules! message {
    ($int:ty, $bytes:expr, $fits:expr, $exchange:ident) => {
        impl Message for $int {
            const BYTES: u64 = $bytes;
            fn fits(slots: usize) -> bool {
                $fits(slots)
            }
            #[inline(always)]
            fn new(p: usize, won: bool) -> $int {
                (p as $int) << 1 | <$int>::from(won)
            }
            #[inline(always)]
            fn state(self) -> usize {
                (self >> 1) as usize
            }
            #[inline(always)]
            fn won(self) -> usize {
                (self & 1) as usize
            }
            fn exchange(comm: &dyn Comm, send: &[$int], counts: &[usize], recv: &mut Vec<$int>) {
                comm.$exchange(send, counts, recv);
            }
        }
    };
}

message!(u32, 4, |slots: usize| slots <= 1 << 31, exchange32);
message!(u64, 8, |_slots: usize| true, exchange);
