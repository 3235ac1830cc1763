//! The seed evolution's arithmetic on weight vectors: the random mutation, and the steps of
//! its line search (differences, sums, halving and doubling).

use rand::{Rng, RngExt};

use engine::Weights;

/// Step vectors are kept within this bound so that doubling never overflows.
const STEP_LIMIT: i32 = 1_000_000;

/// The seed's mutation: every weight moves by round(w · R/100 · U(−1, 1)); when none moved,
/// one random weight moves by ±1.
pub(super) fn mutate(weights: &Weights, percent: u32, rng: &mut impl Rng) -> Weights {
    let mut mutant = *weights;
    for w in &mut mutant.0 {
        let change = f64::from(*w) * f64::from(percent) / 100.0 * rng.random_range(-1.0..1.0);
        *w += change.round() as i32;
    }
    if mutant == *weights {
        let index = rng.random_range(0..mutant.0.len());
        mutant.0[index] += if rng.random_bool(0.5) { 1 } else { -1 };
    }
    mutant
}

pub(super) fn difference(a: &Weights, b: &Weights) -> Weights {
    Weights(std::array::from_fn(|i| a.0[i] - b.0[i]))
}

pub(super) fn add(a: &Weights, b: &Weights) -> Weights {
    Weights(std::array::from_fn(|i| a.0[i] + b.0[i]))
}

pub(super) fn negate(a: &Weights) -> Weights {
    Weights(a.0.map(|w| -w))
}

/// V / 2, rounded half away from zero.
pub(super) fn halve(step: &Weights) -> Weights {
    Weights(step.0.map(|w| (f64::from(w) / 2.0).round() as i32))
}

/// 2 V, kept within the step bound.
pub(super) fn double(step: &Weights) -> Weights {
    Weights(step.0.map(|w| (w * 2).clamp(-STEP_LIMIT, STEP_LIMIT)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::selfplay::stream_rng;

    #[test]
    fn mutations_stay_within_r_percent_and_always_change_something() {
        let mut rng = stream_rng(1, 1);
        let parent = Weights([14, 6, 1000, -1, -8, 91, -3, 4, -1]);
        for _ in 0..200 {
            let mutant = mutate(&parent, 10, &mut rng);
            assert_ne!(mutant, parent);
            for (m, p) in mutant.0.iter().zip(parent.0) {
                let bound = (f64::from(p.abs()) * 0.1).round() as i32;
                assert!((m - p).abs() <= bound.max(1), "{m} from {p}");
            }
        }
        // Weights too small to move by 10 % get the forced ±1 on exactly one weight.
        let small = Weights([1; 9]);
        let mutant = mutate(&small, 10, &mut rng);
        let changed: Vec<i32> = mutant.0.iter().filter(|&&w| w != 1).copied().collect();
        assert!(changed == [0] || changed == [2], "{mutant:?}");
    }

    #[test]
    fn steps_halve_toward_zero_and_double_within_bounds() {
        let step = Weights([5, -5, 1, -1, 0, 3, -3, 2000, STEP_LIMIT]);
        assert_eq!(
            halve(&step).0,
            [3, -3, 1, -1, 0, 2, -2, 1000, STEP_LIMIT / 2]
        );
        assert_eq!(double(&step).0[8], STEP_LIMIT);
        assert_eq!(double(&step).0[0], 10);
    }
}
