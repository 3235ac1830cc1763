//! Tournament arithmetic: head-to-head records, standings (win +1, draw 0, loss −1, as in the
//! seed), colour statistics, and Elo estimates with 95 % intervals.

use engine::{Color, Outcome};

/// The 95 % two-sided normal quantile.
const Z95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses of one player against one opponent (or against the field).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Record {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Wins minus losses: the seed's points and net score.
    pub fn net(&self) -> i32 {
        self.wins as i32 - self.losses as i32
    }

    /// One game seen from the player who had `colour`.
    pub fn of_game(outcome: Outcome, colour: Color) -> Record {
        match outcome {
            Outcome::Win(winner) if winner == colour => Record {
                wins: 1,
                ..Record::default()
            },
            Outcome::Win(_) => Record {
                losses: 1,
                ..Record::default()
            },
            Outcome::Draw => Record {
                draws: 1,
                ..Record::default()
            },
        }
    }

    /// Points, a win counting one and a draw half.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }

    /// The score fraction, a draw counting half (0.5 before any game).
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            games => self.points() / f64::from(games),
        }
    }

    /// `W-D-L (score %)`, e.g. `12-1-7 (62.5 %)`.
    pub fn with_score(&self) -> String {
        format!(
            "{}-{}-{} ({:.1} %)",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score()
        )
    }

    /// The same games seen from the other side.
    pub fn reversed(&self) -> Record {
        Record {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// Adds `other`'s games.
    pub fn add(&mut self, other: &Record) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }

    /// The Elo difference these games suggest, with its 95 % interval: the normal one from the
    /// games' spread, or Wilson's where every game ended alike and the spread is nil
    /// ([`wilson_interval`]). A perfect or null score has no finite estimate: it is computed
    /// as if half a game had gone the other way.
    pub fn elo(&self) -> EloEstimate {
        let games = f64::from(self.games());
        if games == 0.0 {
            return EloEstimate::default();
        }
        let clamp = |s: f64| s.clamp(0.5 / games, 1.0 - 0.5 / games);
        let score = self.score();
        let deviation = |value: f64| value - score;
        let variance = (f64::from(self.wins) * deviation(1.0).powi(2)
            + f64::from(self.draws) * deviation(0.5).powi(2)
            + f64::from(self.losses) * deviation(0.0).powi(2))
            / games;
        let (low, high) = if variance > 0.0 {
            let margin = Z95 * (variance / games).sqrt();
            (score - margin, score + margin)
        } else {
            wilson_interval(score, games)
        };
        EloEstimate {
            elo: elo_of_score(clamp(score)),
            low: elo_of_score(clamp(low)),
            high: elo_of_score(clamp(high)),
        }
    }
}

/// Wilson's 95 % score interval of a score over `games` games. It serves where every game
/// ended alike, whose spread would give an interval of no width (100 wins in 100 games:
/// "+920 to +920"); its end stays apart, at 96.3 % for 100 wins in 100 games, near the exact
/// (Clopper–Pearson) bound of 96.4 %.
fn wilson_interval(score: f64, games: f64) -> (f64, f64) {
    let z2 = Z95 * Z95;
    let shrink = 1.0 + z2 / games;
    let centre = (score + z2 / (2.0 * games)) / shrink;
    let half = Z95 / shrink * (score * (1.0 - score) / games + z2 / (4.0 * games * games)).sqrt();
    (centre - half, centre + half)
}

/// An Elo difference and its 95 % interval.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EloEstimate {
    /// The estimate.
    pub elo: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// The Elo difference that gives the expected score `score` (strictly between 0 and 1).
pub fn elo_of_score(score: f64) -> f64 {
    // + 0.0 turns an even score's −0 into 0.
    -400.0 * (1.0 / score - 1.0).log10() + 0.0
}

/// A player's rating from all their games, with the half-width of its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Elo, the field's mean at 0.
    pub elo: f64,
    /// Half-width of the 95 % interval.
    pub margin: f64,
}

/// The results of a round robin so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Crosstable {
    names: Vec<String>,
    /// `pairs[i][j]`: player i's record against player j.
    pairs: Vec<Vec<Record>>,
    /// Games won by Red, won by Green, drawn.
    colours: Record,
}

impl Crosstable {
    /// An empty table for these players.
    pub fn new(names: Vec<String>) -> Self {
        let count = names.len();
        Crosstable {
            names,
            pairs: vec![vec![Record::default(); count]; count],
            colours: Record::default(),
        }
    }

    /// Adds a finished game between players `red` and `green` (indices).
    pub fn add(&mut self, red: usize, green: usize, outcome: Outcome) {
        let record = Record::of_game(outcome, Color::Red);
        self.pairs[red][green].add(&record);
        self.pairs[green][red].add(&record.reversed());
        self.colours.add(&record);
    }

    /// The players' names.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Player `i`'s record against player `j`.
    pub fn pair(&self, i: usize, j: usize) -> Record {
        self.pairs[i][j]
    }

    /// Player `i`'s record against everyone.
    pub fn total(&self, i: usize) -> Record {
        let mut total = Record::default();
        for record in &self.pairs[i] {
            total.add(record);
        }
        total
    }

    /// Games won by Red (`wins`), by Green (`losses`) and drawn.
    pub fn colours(&self) -> Record {
        self.colours
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.colours.games()
    }

    /// Player indices from first to last: most points, then most wins, then name order.
    pub fn standings(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        order.sort_by_key(|&i| {
            let total = self.total(i);
            (
                std::cmp::Reverse(total.net()),
                std::cmp::Reverse(total.wins),
            )
        });
        order
    }

    /// Every player's rating: the Bradley–Terry (Elo) model fitted to all games by maximum
    /// likelihood, a draw counting half a win, with one virtual draw added to every pairing
    /// that has games so that perfect scores stay finite; the field's mean is 0. The margin
    /// comes from the fit's Fisher information.
    pub fn ratings(&self) -> Vec<Rating> {
        let count = self.names.len();
        let games = |i: usize, j: usize| match self.pairs[i][j].games() {
            0 => 0.0,
            played => f64::from(played) + 1.0,
        };
        let points = |i: usize, j: usize| {
            let record = self.pairs[i][j];
            match record.games() {
                0 => 0.0,
                _ => f64::from(record.wins) + 0.5 * f64::from(record.draws) + 0.5,
            }
        };
        // Minorisation–maximisation (Hunter 2004) on strengths γ = 10^(elo/400).
        let mut strength = vec![1.0_f64; count];
        for _ in 0..2000 {
            let mut next = strength.clone();
            for i in 0..count {
                let scored: f64 = (0..count).map(|j| points(i, j)).sum();
                let expected: f64 = (0..count)
                    .filter(|&j| games(i, j) > 0.0)
                    .map(|j| games(i, j) / (strength[i] + strength[j]))
                    .sum();
                if expected > 0.0 && scored > 0.0 {
                    next[i] = scored / expected;
                }
            }
            let mean_log = next.iter().map(|s| s.log10()).sum::<f64>() / count.max(1) as f64;
            for s in &mut next {
                *s /= 10f64.powf(mean_log);
            }
            let change = next
                .iter()
                .zip(&strength)
                .map(|(a, b)| (a / b).log10().abs())
                .fold(0.0, f64::max);
            strength = next;
            if change < 1e-9 {
                break;
            }
        }
        let scale = 400.0 / std::f64::consts::LN_10;
        (0..count)
            .map(|i| {
                let information: f64 = (0..count)
                    .map(|j| {
                        let p = strength[i] / (strength[i] + strength[j]);
                        games(i, j) * p * (1.0 - p)
                    })
                    .sum();
                Rating {
                    elo: 400.0 * strength[i].log10(),
                    margin: if information > 0.0 {
                        Z95 * scale / information.sqrt()
                    } else {
                        f64::INFINITY
                    },
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Crosstable {
        let mut table = Crosstable::new(vec!["A".into(), "B".into(), "C".into()]);
        table.add(0, 1, Outcome::Win(Color::Red));
        table.add(1, 0, Outcome::Win(Color::Green));
        table.add(0, 2, Outcome::Draw);
        table.add(2, 1, Outcome::Win(Color::Red));
        table.add(1, 2, Outcome::Win(Color::Red));
        table
    }

    #[test]
    fn records_add_up_from_both_sides() {
        let table = table();
        assert_eq!(
            table.pair(0, 1),
            Record {
                wins: 2,
                draws: 0,
                losses: 0
            }
        );
        assert_eq!(table.pair(1, 0), table.pair(0, 1).reversed());
        assert_eq!(table.total(0).net(), 2);
        assert_eq!(table.total(1).net(), -2);
        assert_eq!(table.total(2).net(), 0);
        assert_eq!(table.games(), 5);
        let colours = table.colours();
        assert_eq!((colours.wins, colours.losses, colours.draws), (3, 1, 1));
        let nets: i32 = (0..3).map(|i| table.total(i).net()).sum();
        assert_eq!(nets, 0, "every win is someone's loss");
        assert_eq!(table.standings(), vec![0, 2, 1]);
    }

    #[test]
    fn elo_follows_the_score() {
        let even = Record {
            wins: 5,
            draws: 2,
            losses: 5,
        };
        let estimate = even.elo();
        assert!(estimate.elo.abs() < 1e-9);
        assert!(estimate.low < 0.0 && estimate.high > 0.0);
        // 75 % is 190.8 Elo.
        let strong = Record {
            wins: 75,
            draws: 0,
            losses: 25,
        };
        let estimate = strong.elo();
        assert!((estimate.elo - 190.85).abs() < 0.01, "{estimate:?}");
        // The interval: 0.75 ± 1.96 · sqrt(0.75 · 0.25 / 100) = 0.75 ± 0.0849.
        assert!((estimate.low - elo_of_score(0.75 - 0.084_87)).abs() < 0.1);
        assert!((estimate.high - elo_of_score(0.75 + 0.084_87)).abs() < 0.1);
        let perfect = Record {
            wins: 10,
            draws: 0,
            losses: 0,
        };
        assert!(perfect.elo().elo.is_finite() && perfect.elo().elo > 500.0);
        // Every game won: the interval keeps its width, its lower end Wilson's, n / (n + z²).
        let hundred = Record {
            wins: 100,
            draws: 0,
            losses: 0,
        };
        let estimate = hundred.elo();
        let wilson = elo_of_score(100.0 / (100.0 + Z95 * Z95));
        assert!((estimate.low - wilson).abs() < 0.01, "{estimate:?}");
        assert!((estimate.low - 566.3).abs() < 0.1, "{estimate:?}");
        assert!(estimate.high - estimate.low > 300.0, "{estimate:?}");
        assert_eq!(estimate.high, estimate.elo);
        // And every game lost, mirrored.
        let lost = hundred.reversed().elo();
        assert!((lost.high + estimate.low).abs() < 1e-9, "{lost:?}");
        // Every game drawn: around 0, with a width of its own.
        let drawn = Record {
            wins: 0,
            draws: 40,
            losses: 0,
        };
        let estimate = drawn.elo();
        assert!(
            estimate.elo.abs() < 1e-9 && estimate.low < -50.0,
            "{estimate:?}"
        );
        assert!((estimate.low + estimate.high).abs() < 1e-9, "{estimate:?}");
        assert!((elo_of_score(0.5 + 1e-12)).abs() < 1e-6);
    }

    #[test]
    fn ratings_rank_like_the_results_and_centre_on_zero() {
        let mut table = Crosstable::new(vec!["A".into(), "B".into()]);
        for _ in 0..30 {
            table.add(0, 1, Outcome::Win(Color::Red));
        }
        for _ in 0..10 {
            table.add(1, 0, Outcome::Win(Color::Red));
        }
        let ratings = table.ratings();
        assert!((ratings[0].elo + ratings[1].elo).abs() < 1e-6);
        // 30.5 of 41 points (one virtual draw): 2 · Δ/2 = elo_of_score(30.5/41).
        let difference = ratings[0].elo - ratings[1].elo;
        assert!(
            (difference - elo_of_score(30.5 / 41.0)).abs() < 0.01,
            "{difference}"
        );
        assert!(ratings[0].margin > 50.0 && ratings[0].margin < 400.0);
        let unplayed = Crosstable::new(vec!["A".into(), "B".into()]).ratings();
        assert_eq!(unplayed[0].elo, 0.0);
        assert!(unplayed[0].margin.is_infinite());
    }
}
