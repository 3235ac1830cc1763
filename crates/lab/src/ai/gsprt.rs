//! Sequential early stopping of a match between two players (a GSPRT): after every pair of
//! games (one opening, both colours) a log-likelihood ratio weighs "the first player is δ Elo
//! stronger" against "δ Elo weaker", and the match stops as soon as either is accepted.
//!
//! The ratio is the generalised one of the normal approximation over pair scores (as used by
//! chess-engine testing frameworks): LLR = N (s₁ − s₀)(2ŝ − s₀ − s₁) / (2σ̂²), with s₀, s₁ the
//! expected scores of the two hypotheses and ŝ, σ̂² the mean and variance of the pair scores.
//! Two virtual pairs, one lost and one won, are added to the sample so that a short run of
//! identical results is not mistaken for certainty (its variance would be zero). With them the
//! ratio always has the sign of the match's net score, so an accepted hypothesis agrees with
//! the seed's rule "the net score decides".

use serde::{Deserialize, Serialize};

/// The error probabilities of both kinds (accepting the wrong hypothesis).
const ERROR_RATE: f64 = 0.05;

/// A GSPRT between "δ Elo stronger" and "δ Elo weaker", 5 % error each way.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Gsprt {
    /// δ: the Elo difference the test tells apart from its opposite.
    pub elo: f64,
}

/// What a finished test accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The first player is the stronger.
    FirstStronger,
    /// The second player is the stronger.
    SecondStronger,
}

impl Gsprt {
    /// The smallest δ accepted: closer hypotheses would need thousands of games.
    pub const MIN_ELO: f64 = 5.0;
    /// The largest δ accepted.
    pub const MAX_ELO: f64 = 800.0;

    /// Checks δ.
    pub fn validate(&self) -> Result<(), String> {
        if (Self::MIN_ELO..=Self::MAX_ELO).contains(&self.elo) {
            Ok(())
        } else {
            Err(format!(
                "GSPRT δ of {} Elo: choose {} to {}",
                self.elo,
                Self::MIN_ELO,
                Self::MAX_ELO
            ))
        }
    }

    /// The log-likelihood ratio of "δ stronger" over "δ weaker" given the first player's
    /// points in each finished pair of games (0, ½, 1, 1½ or 2).
    pub fn log_likelihood_ratio(&self, pair_points: &[f64]) -> f64 {
        let virtual_pairs = [0.0, 2.0];
        let scores = pair_points.iter().chain(&virtual_pairs).map(|p| p / 2.0);
        let count = (pair_points.len() + virtual_pairs.len()) as f64;
        let (sum, sum_of_squares) = scores.fold((0.0, 0.0), |(s, q), x| (s + x, q + x * x));
        let mean = sum / count;
        let variance = sum_of_squares / count - mean * mean;
        let stronger = expected_score(self.elo);
        let weaker = expected_score(-self.elo);
        count * (stronger - weaker) * (2.0 * mean - stronger - weaker) / (2.0 * variance)
    }

    /// The verdict after `pair_points` (see [`Gsprt::log_likelihood_ratio`]), if there is one.
    pub fn verdict(&self, pair_points: &[f64]) -> Option<Verdict> {
        let ratio = self.log_likelihood_ratio(pair_points);
        if ratio >= ((1.0 - ERROR_RATE) / ERROR_RATE).ln() {
            Some(Verdict::FirstStronger)
        } else if ratio <= (ERROR_RATE / (1.0 - ERROR_RATE)).ln() {
            Some(Verdict::SecondStronger)
        } else {
            None
        }
    }
}

/// The expected score of a player `elo` points stronger than its opponent.
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEST: Gsprt = Gsprt { elo: 100.0 };

    #[test]
    fn a_few_sweeps_decide_and_an_even_match_never_does() {
        assert_eq!(TEST.verdict(&[2.0; 3]), None);
        assert_eq!(TEST.verdict(&[2.0; 4]), Some(Verdict::FirstStronger));
        assert_eq!(TEST.verdict(&[0.0; 4]), Some(Verdict::SecondStronger));
        let even: Vec<f64> = (0..500).map(|i| [0.0, 2.0, 1.0][i % 3]).collect();
        assert_eq!(TEST.verdict(&even), None);
        assert!(TEST.log_likelihood_ratio(&even).abs() < 1e-9);
    }

    #[test]
    fn the_ratio_is_antisymmetric_and_has_the_sign_of_the_net_score() {
        let samples: [&[f64]; 4] = [
            &[2.0, 1.0, 1.5],
            &[0.5, 2.0, 2.0, 0.0, 1.0],
            &[1.0; 7],
            &[0.0, 0.5, 1.5, 2.0, 2.0, 2.0],
        ];
        for sample in samples {
            let mirrored: Vec<f64> = sample.iter().map(|p| 2.0 - p).collect();
            let ratio = TEST.log_likelihood_ratio(sample);
            assert!((ratio + TEST.log_likelihood_ratio(&mirrored)).abs() < 1e-9);
            let net: f64 = sample.iter().map(|p| p - 1.0).sum();
            assert_eq!(ratio.signum() * net.abs(), net, "{sample:?}");
        }
    }

    #[test]
    fn a_wider_hypothesis_decides_sooner() {
        let sample = [2.0, 1.5, 2.0, 1.0, 2.0, 2.0];
        let narrow = Gsprt { elo: 20.0 }.log_likelihood_ratio(&sample);
        let wide = Gsprt { elo: 200.0 }.log_likelihood_ratio(&sample);
        assert!(wide > narrow && narrow > 0.0, "{narrow} {wide}");
        assert!(Gsprt { elo: 2.0 }.validate().is_err());
        assert!(Gsprt { elo: 50.0 }.validate().is_ok());
    }
}
