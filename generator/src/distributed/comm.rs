//! What the distributed sweep needs of its processes: a rank, a size, one
//! all-to-all exchange of predecessor indices, reductions, a barrier and
//! point-to-point bytes toward rank 0. Behind a trait so that the sweep is
//! written once for MPI ([`super::mpi`], feature `mpi`) and for one process
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
    /// The sum of every rank's `value`, on every rank.
    fn sum(&self, value: u64) -> u64;
    /// The largest of every rank's `value`, on every rank.
    fn max(&self, value: u64) -> u64;
    /// Waits for every rank.
    fn barrier(&self);
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
