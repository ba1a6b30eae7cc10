//! Outcomes, players and verdicts, and the 2-bit codes the tables store.

use core::fmt;

use crate::code;

/// The result of a position for the player to move, under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins.
    Win,
    /// The player to move loses.
    Loss,
    /// Neither side can force a win: play goes on forever.
    Draw,
}

impl Outcome {
    /// The outcome for the other player.
    pub const fn flip(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Draw => "draw",
        })
    }
}

impl Outcome {
    /// The outcome a 2-bit table code stands for; `None` for
    /// [`code::NOT_A_POSITION`] (and anything above 3).
    #[inline]
    pub const fn from_code(code: u8) -> Option<Outcome> {
        match code {
            code::DRAW => Some(Outcome::Draw),
            code::WIN => Some(Outcome::Win),
            code::LOSS => Some(Outcome::Loss),
            _ => None,
        }
    }

    /// This outcome's 2-bit table code.
    pub const fn code(self) -> u8 {
        match self {
            Outcome::Draw => code::DRAW,
            Outcome::Win => code::WIN,
            Outcome::Loss => code::LOSS,
        }
    }
}

/// One of the two players of a judge situation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The first player of the judge format.
    Alice,
    /// The second player of the judge format.
    Bob,
}

impl Player {
    /// The other player.
    pub const fn other(self) -> Player {
        match self {
            Player::Alice => Player::Bob,
            Player::Bob => Player::Alice,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Alice => "Alice",
            Player::Bob => "Bob",
        })
    }
}

/// The answer to a judge situation: who wins, or `Deal` for endless play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Alice wins.
    Alice,
    /// Bob wins.
    Bob,
    /// Neither can force a win.
    Deal,
}

impl Verdict {
    /// The judge's word for this verdict: `Alice`, `Bob` or `Deal`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::Alice => "Alice",
            Verdict::Bob => "Bob",
            Verdict::Deal => "Deal",
        }
    }

    /// The verdict when `mover` is to play and has `outcome`.
    #[inline]
    pub const fn from_outcome(mover: Player, outcome: Outcome) -> Verdict {
        match (outcome, mover) {
            (Outcome::Draw, _) => Verdict::Deal,
            (Outcome::Win, Player::Alice) | (Outcome::Loss, Player::Bob) => Verdict::Alice,
            (Outcome::Win, Player::Bob) | (Outcome::Loss, Player::Alice) => Verdict::Bob,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
