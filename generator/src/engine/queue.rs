//! The plain queue-based retrograde solve of any game: the textbook
//! algorithm, kept as a second solver that the engine's tests check the
//! level sweep against (Cards' benchmark baseline is its own,
//! `games::cards::baseline`).
//!
//! A remaining-successor count and an outcome per stored state, and a FIFO
//! queue of decided states: a loss makes every undecided predecessor a win,
//! a win counts each predecessor down and a predecessor at zero is a loss.
//! States come off the queue in order of distance, so a state's distance is
//! one more than that of the state that decided it.
#![allow(clippy::indexing_slicing)] // stored indices are below `stored`

use std::collections::VecDeque;

use gametable::{code, Outcome};

use super::game::Game;
use super::kernel::Predecessors;
use super::space::{Found, GameSpace};

/// What the queue solve found, per stored state.
pub struct QueueSolution {
    /// One outcome code per stored state ([`gametable::code`]).
    pub codes: Vec<u8>,
    /// One distance per stored state, `u16::MAX` for draws and
    /// non-positions.
    pub distances: Vec<u16>,
    /// Predecessors visited.
    pub visits: u64,
}

/// Solves every stored state of `space`, finding predecessors with `preds`.
pub fn solve<G: Game>(space: &GameSpace<'_, G>, preds: &Predecessors<'_>) -> QueueSolution {
    let stored = space.stored() as usize;
    let mut codes = vec![code::DRAW; stored];
    let mut distances = vec![u16::MAX; stored];
    let mut remaining = vec![0u32; stored];
    let mut queue = VecDeque::new();
    let mut out = Found::default();
    for s in 0..stored {
        if !space.is_position(s as u64) {
            codes[s] = code::NOT_A_POSITION;
            continue;
        }
        match space.ending(s as u64) {
            Some(Outcome::Draw) => {}
            Some(outcome) => {
                codes[s] = outcome.code();
                distances[s] = 0;
                queue.push_back(s as u64);
            }
            None => {
                space.distinct_successors(s as u64, &mut out);
                remaining[s] = out.len() as u32;
                if out.is_empty() {
                    // No moves: a loss for the player to move.
                    codes[s] = code::LOSS;
                    distances[s] = 0;
                    queue.push_back(s as u64);
                }
            }
        }
    }
    let mut visits = 0u64;
    while let Some(s) = queue.pop_front() {
        let s = s as usize;
        let lost = codes[s] == code::LOSS;
        let next = distances[s].saturating_add(1);
        preds.of(space, s as u64, &mut out);
        for &p in out.as_slice() {
            visits += 1;
            let p = p as usize;
            if codes[p] != code::DRAW || remaining[p] == 0 {
                continue;
            }
            if lost {
                codes[p] = code::WIN;
            } else {
                remaining[p] -= 1;
                if remaining[p] > 0 {
                    continue;
                }
                codes[p] = code::LOSS;
            }
            distances[p] = next;
            queue.push_back(p as u64);
        }
    }
    QueueSolution {
        codes,
        distances,
        visits,
    }
}
