//! [`Comm`] over MPI (rsmpi), for `mpirun -n P gametable generate ...` and
//! `srun`: the world communicator of an initialised MPI, finalised when
//! dropped.

use mpi::collective::SystemOperation;
use mpi::datatype::{Equivalence, Partition as Parts, PartitionMut};
use mpi::environment::Universe;
use mpi::topology::SimpleCommunicator;
use mpi::traits::{Communicator, CommunicatorCollectives, Destination, Source};
use mpi::Count;

use super::comm::Comm;

/// The environment variables a launcher sets in every process it starts
/// (OpenMPI's mpirun, PMI and PMIx launchers such as Slurm's srun and
/// MPICH's mpiexec).
const LAUNCHED: [&str; 4] = ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "PMI_RANK"];

/// The most ranks: a round sends at most [`ROUND`](super::rank::ROUND)
/// values plus one block's predecessors from each rank, so that what one
/// rank receives (and its displacements, MPI's 32-bit counts) stays below
/// 2^31 however the predecessors fall.
const MOST_RANKS: usize = 4096;

/// The world of an MPI job.
pub struct MpiComm {
    world: SimpleCommunicator,
    // Dropped last: finalises MPI.
    _universe: Universe,
}

impl MpiComm {
    /// MPI's world when this process was started by an MPI launcher, else
    /// `None` (a plain `gametable` run needs no MPI).
    ///
    /// # Errors
    /// When MPI was launched but does not initialise.
    pub fn from_launcher() -> Result<Option<MpiComm>, String> {
        if !LAUNCHED.iter().any(|v| std::env::var_os(v).is_some()) {
            warn_if_one_of_several_tasks();
            return Ok(None);
        }
        let universe = mpi::initialize().ok_or("MPI did not initialise (initialised twice?)")?;
        let world = universe.world();
        if let Some(size) = super::launched_size().filter(|&size| size != world.size() as usize) {
            return Err(format!(
                "started as one of {size} processes, but MPI joined {} of them into this job",
                world.size()
            ));
        }
        if world.size() as usize > MOST_RANKS {
            return Err(format!(
                "{} MPI ranks: at most {MOST_RANKS} (what one rank receives in a round must stay below 2^31 values)",
                world.size()
            ));
        }
        Ok(Some(MpiComm {
            world,
            _universe: universe,
        }))
    }
}

/// Warns a task of a Slurm step of several that no MPI launcher started
/// it: it solves the whole table alone, which `srun` without `--mpi=pmix`
/// leads to by mistake (but a step may also run separate commands).
fn warn_if_one_of_several_tasks() {
    let tasks = std::env::var("SLURM_STEP_NUM_TASKS")
        .ok()
        .and_then(|n| n.parse::<usize>().ok());
    if let Some(tasks) = tasks.filter(|&n| n > 1) {
        crate::stderr::line(format_args!(
            "warning: one of {tasks} Slurm tasks, but not started by MPI: this task solves alone (`srun --mpi=pmix` joins the tasks into one job)"
        ));
    }
}

impl MpiComm {
    /// Counts first (one `Alltoall`), then the values (one `Alltoallv`).
    fn all_to_all<T: Equivalence + Copy + Default>(
        &self,
        send: &[T],
        send_counts: &[usize],
        recv: &mut Vec<T>,
    ) {
        let send_counts = counts(send_counts);
        let mut recv_counts = vec![0 as Count; send_counts.len()];
        self.world
            .all_to_all_into(&send_counts[..], &mut recv_counts[..]);
        let send_at = displacements(&send_counts);
        let recv_at = displacements(&recv_counts);
        let total: usize = recv_counts.iter().map(|&c| c as usize).sum();
        recv.clear();
        recv.resize(total, T::default());
        let parts = Parts::new(send, &send_counts[..], &send_at[..]);
        let mut into = PartitionMut::new(&mut recv[..], &recv_counts[..], &recv_at[..]);
        self.world.all_to_all_varcount_into(&parts, &mut into);
    }
}

/// Counts as MPI takes them.
fn counts(values: &[usize]) -> Vec<Count> {
    // Rounds hold at most a few million values: far below Count's range.
    values
        .iter()
        .map(|&v| Count::try_from(v).unwrap_or(Count::MAX))
        .collect()
}

/// Where each rank's values start.
fn displacements(counts: &[Count]) -> Vec<Count> {
    counts
        .iter()
        .scan(0, |at, &c| {
            let here = *at;
            *at += c;
            Some(here)
        })
        .collect()
}

impl Comm for MpiComm {
    fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    fn size(&self) -> usize {
        self.world.size() as usize
    }

    fn exchange(&self, send: &[u64], counts: &[usize], recv: &mut Vec<u64>) {
        self.all_to_all(send, counts, recv);
    }

    fn exchange32(&self, send: &[u32], counts: &[usize], recv: &mut Vec<u32>) {
        self.all_to_all(send, counts, recv);
    }

    fn sum(&self, value: u64) -> u64 {
        let mut total = 0u64;
        self.world
            .all_reduce_into(&value, &mut total, SystemOperation::sum());
        total
    }

    fn max(&self, value: u64) -> u64 {
        let mut most = 0u64;
        self.world
            .all_reduce_into(&value, &mut most, SystemOperation::max());
        most
    }

    fn barrier(&self) {
        self.world.barrier();
    }

    fn idle_barrier(&self) {
        let mut request = self.world.immediate_barrier();
        loop {
            match request.test() {
                Ok(_) => return,
                Err(pending) => {
                    request = pending;
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
            }
        }
    }

    fn send(&self, to: usize, bytes: &[u8]) {
        self.world.process_at_rank(to as i32).send(bytes);
    }

    fn receive(&self, from: usize) -> Vec<u8> {
        self.world
            .process_at_rank(from as i32)
            .receive_vec::<u8>()
            .0
    }
}
