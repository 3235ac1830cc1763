//! The unit of the judge's scores (issue 60, "discs everywhere"): where the board has a learned
//! evaluation, and whenever the reference is exact, every score is in 32nds of a disc — a
//! heuristic value, a proven result's margin and an exact score alike — so that one position
//! has one value on one scale. Only a heuristic reference by nine weights (a board without a
//! learned evaluation) scores in the weights' own units.

use engine::patterns::UNITS_PER_DISC;
use engine::search::{is_proven, margin_of_score};

/// A proven win (or loss) inside a nine-weight reference counts as this many evaluation units
/// plus its disc margin, so that it outranks every heuristic value.
pub const DECISIVE: i32 = 100_000;

/// The unit of a reference's scores and of the losses measured against it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ScoreUnit {
    /// The nine weights' evaluation units; a proven result counts as ±([`DECISIVE`] +
    /// margin).
    Eval,
    /// 32nds of a disc ([`UNITS_PER_DISC`]): a learned evaluation's values, proven and exact
    /// margins times 32.
    Discs,
}

impl ScoreUnit {
    /// The unit of a strong search's scores: discs when it is exact or evaluated by patterns.
    pub fn of_search(exact: bool, in_discs: bool) -> ScoreUnit {
        if exact || in_discs {
            ScoreUnit::Discs
        } else {
            ScoreUnit::Eval
        }
    }

    /// A strong-search score in this unit: a proven result (`WIN` ± margin) becomes its
    /// margin, any other score stays as it is (a draw or a heuristic value).
    pub fn judged(self, score: i32) -> i32 {
        if is_proven(score) {
            self.of_margin(margin_of_score(score))
        } else {
            score
        }
    }

    /// A proven final disc margin in this unit.
    pub fn of_margin(self, margin: i32) -> i32 {
        match self {
            ScoreUnit::Eval => margin + DECISIVE * margin.signum(),
            ScoreUnit::Discs => margin * UNITS_PER_DISC,
        }
    }

    /// The disc margin of a score known to be proven (see [`ScoreUnit::of_margin`]).
    pub fn margin(self, proven: i32) -> i32 {
        match self {
            ScoreUnit::Eval if proven.abs() >= DECISIVE => proven - DECISIVE * proven.signum(),
            ScoreUnit::Eval => proven,
            ScoreUnit::Discs => proven / UNITS_PER_DISC,
        }
    }

    /// The amount as a number of this unit's readable measure: discs (fractional) or
    /// evaluation units.
    pub fn measure(self, amount: f64) -> f64 {
        match self {
            ScoreUnit::Eval => amount,
            ScoreUnit::Discs => amount / f64::from(UNITS_PER_DISC),
        }
    }

    /// The measure's name, for tables and files: `discs` or `eval`.
    pub fn name(self) -> &'static str {
        match self {
            ScoreUnit::Eval => "eval",
            ScoreUnit::Discs => "discs",
        }
    }

    /// An amount (a loss, ≥ 0) as people read it: `2.4 discs`, `3.0 discs`, `3 discs` when
    /// `whole` (a difference of exact scores), `119 eval`, or, in evaluation units, `a proven
    /// result` where one side of it was proven and the other not (never a number near
    /// [`DECISIVE`]).
    pub fn amount_text(self, amount: i32, whole: bool) -> String {
        if self.is_proven_amount(amount) {
            return "a proven result".to_string();
        }
        format!("{} {}", self.number_text(amount, whole), self.name())
    }

    /// Whether an amount (a loss) is no number at all: in evaluation units, a proven result
    /// against an estimate, where proven results count as ±[`DECISIVE`].
    pub fn is_proven_amount(self, amount: i32) -> bool {
        self == ScoreUnit::Eval && amount >= DECISIVE / 2
    }

    /// A heuristic value with its sign: `+2.4`, `-3.0`, `+119`. Discs always keep their
    /// decimal, so that a column of values lines up and none reads like an exact margin.
    pub fn value_text(self, value: i32) -> String {
        match self {
            ScoreUnit::Discs => format!("{:+.1}", self.measure(f64::from(value))),
            ScoreUnit::Eval => format!("{value:+}"),
        }
    }

    /// A score of a reference as people read it: exact as `=+4`, proven inside a heuristic
    /// search as `win +4`, `loss -3` or `draw`, else the heuristic value (`+2.4`, `+119`).
    pub fn score_text(self, score: i32, proven: bool, exact: bool) -> String {
        if !proven {
            return self.value_text(score);
        }
        match (self.margin(score), exact) {
            (0, true) => "=0".to_string(),
            (margin, true) => format!("={margin:+}"),
            (0, false) => "draw".to_string(),
            (margin, false) if margin > 0 => format!("win +{margin}"),
            (margin, false) => format!("loss {margin}"),
        }
    }

    /// An amount (a loss) as a number in this unit, without its name: discs with one decimal
    /// unless `whole` (a difference of exact scores), evaluation units whole. An estimate
    /// keeps its decimal even when it falls on a whole disc, so that it never reads as exact.
    pub fn number_text(self, amount: i32, whole: bool) -> String {
        let decimals = usize::from(self == ScoreUnit::Discs && !whole);
        format!("{:.decimals$}", self.measure(f64::from(amount)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::search::WIN;

    #[test]
    fn proven_results_keep_their_margin_in_either_unit() {
        for margin in [-64i32, -3, 1, 4, 64] {
            let score = WIN * margin.signum() + margin;
            for unit in [ScoreUnit::Eval, ScoreUnit::Discs] {
                assert_eq!(unit.margin(unit.judged(score)), margin, "{unit:?}");
            }
        }
        assert_eq!(ScoreUnit::Discs.judged(WIN + 4), 128);
        assert_eq!(ScoreUnit::Eval.judged(-WIN - 3), -100_003);
        assert_eq!(ScoreUnit::Discs.judged(77), 77, "a heuristic value stays");
        assert_eq!(ScoreUnit::of_search(true, false), ScoreUnit::Discs);
        assert_eq!(ScoreUnit::of_search(false, false), ScoreUnit::Eval);
    }

    #[test]
    fn scores_read_in_discs_or_their_unit() {
        let discs = ScoreUnit::Discs;
        assert_eq!(discs.score_text(128, true, true), "=+4");
        assert_eq!(discs.score_text(-96, true, false), "loss -3");
        assert_eq!(discs.score_text(0, true, false), "draw");
        assert_eq!(discs.score_text(77, false, false), "+2.4");
        assert_eq!(discs.score_text(-96, false, false), "-3.0");
        assert_eq!(discs.amount_text(96, true), "3 discs");
        assert_eq!(discs.amount_text(96, false), "3.0 discs", "an estimate");
        assert_eq!(discs.amount_text(0, false), "0.0 discs");
        assert_eq!(discs.amount_text(77, false), "2.4 discs");
        assert_eq!(ScoreUnit::Eval.amount_text(119, false), "119 eval");
        assert_eq!(
            ScoreUnit::Eval.amount_text(100_004 - 250, false),
            "a proven result",
            "a proven win against an estimate is no number of units"
        );
        assert_eq!(ScoreUnit::Eval.score_text(100_004, true, false), "win +4");
        assert_eq!(ScoreUnit::Eval.score_text(-14, false, false), "-14");
    }
}
