//! The numbers of a comparison over many positions: per contestant, agreement with the
//! reference's best move and the mean and median loss, overall and by game stage. Losses in
//! discs (an exact reference, or one by a learned evaluation) and in a nine-weight reference's
//! evaluation units are kept apart.

use super::compare::ComparedPosition;
use super::score_unit::ScoreUnit;

/// Game stages a board's game is cut into, by empty cells.
const STAGES: usize = 6;

/// One contestant's results on a set of positions.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct PlayerStats {
    /// Positions judged.
    pub positions: usize,
    /// Positions where its choice was one of the reference's best.
    pub agreed: usize,
    /// Its losses where the reference scored in evaluation units.
    pub eval: Vec<f64>,
    /// Its losses where the reference scored in discs.
    pub discs: Vec<f64>,
}

impl PlayerStats {
    fn add(&mut self, result: &(Option<usize>, Option<super::reference::Loss>, bool)) {
        self.positions += 1;
        self.agreed += usize::from(result.2);
        if let Some(loss) = result.1 {
            let list = match loss.unit {
                ScoreUnit::Discs => &mut self.discs,
                ScoreUnit::Eval => &mut self.eval,
            };
            list.push(loss.measure());
        }
    }

    /// Agreement with the reference's best move, 0 to 1.
    pub fn agreement(&self) -> Option<f64> {
        (self.positions > 0).then(|| self.agreed as f64 / self.positions as f64)
    }
}

/// The mean of `losses`.
pub fn mean(losses: &[f64]) -> Option<f64> {
    (!losses.is_empty()).then(|| losses.iter().sum::<f64>() / losses.len() as f64)
}

/// The median of `losses` (the mean of the two middle ones for an even count).
pub fn median(losses: &[f64]) -> Option<f64> {
    let mut sorted = losses.to_vec();
    sorted.sort_unstable_by(f64::total_cmp);
    let n = sorted.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(sorted[n / 2]),
        _ => Some((sorted[n / 2 - 1] + sorted[n / 2]) / 2.0),
    }
}

/// The positions of one stage and every contestant's results there.
#[derive(Clone, PartialEq, Debug)]
pub struct StageStats {
    /// The most empty cells of the stage.
    pub most_empties: usize,
    /// The fewest.
    pub fewest_empties: usize,
    /// Per contestant.
    pub players: Vec<PlayerStats>,
}

/// A comparison's numbers.
#[derive(Clone, PartialEq, Debug)]
pub struct CompareReport {
    /// Per contestant, over every position.
    pub overall: Vec<PlayerStats>,
    /// The stages that have positions, from the opening to the end.
    pub stages: Vec<StageStats>,
}

impl CompareReport {
    /// Whether some loss is in evaluation units (a reference by nine weights, before the
    /// exact endgame): only then do reports need columns for them.
    pub fn has_eval_losses(&self) -> bool {
        self.overall.iter().any(|s| !s.eval.is_empty())
    }
}

/// Adds up `compared` for `contestants` players; a game on this board starts with
/// `start_empties` empty cells (it sets the stages' bounds).
pub fn compare_report(
    compared: &[ComparedPosition],
    contestants: usize,
    start_empties: usize,
) -> CompareReport {
    let width = start_empties.div_ceil(STAGES).max(1);
    let stage_of = |empties: usize| (start_empties.saturating_sub(empties)) / width;
    let mut overall = vec![PlayerStats::default(); contestants];
    let mut stages: Vec<StageStats> = (0..STAGES)
        .map(|stage| StageStats {
            most_empties: start_empties - stage * width,
            fewest_empties: (start_empties + 1)
                .saturating_sub((stage + 1) * width)
                .max(1),
            players: vec![PlayerStats::default(); contestants],
        })
        .collect();
    for position in compared {
        let stage = stage_of(position.empties).min(STAGES - 1);
        for (player, result) in position.results.iter().enumerate() {
            overall[player].add(result);
            stages[stage].players[player].add(result);
        }
    }
    stages.retain(|stage| stage.players.iter().any(|p| p.positions > 0));
    CompareReport { overall, stages }
}

#[cfg(test)]
mod tests {
    use super::super::reference::Loss;
    use super::*;

    fn loss(amount: i32, in_discs: bool) -> Option<Loss> {
        let unit = if in_discs {
            ScoreUnit::Discs
        } else {
            ScoreUnit::Eval
        };
        Some(Loss {
            amount,
            unit,
            exact: false,
        })
    }

    #[test]
    fn stats_add_up_by_stage_and_unit() {
        let compared = vec![
            ComparedPosition {
                empties: 58,
                results: vec![
                    (Some(1), loss(0, false), true),
                    (Some(2), loss(40, false), false),
                ],
            },
            ComparedPosition {
                empties: 12,
                results: vec![
                    (Some(1), loss(128, true), false),
                    (Some(2), loss(0, true), true),
                ],
            },
            ComparedPosition {
                empties: 1,
                results: vec![
                    (Some(1), loss(64, true), false),
                    (Some(2), loss(0, true), true),
                ],
            },
        ];
        let report = compare_report(&compared, 2, 60);
        assert_eq!(report.overall[0].positions, 3);
        assert_eq!(report.overall[0].agreed, 1);
        assert_eq!(report.overall[0].eval, [0.0]);
        assert_eq!(report.overall[0].discs, [4.0, 2.0], "32nds read as discs");
        assert_eq!(mean(&report.overall[0].discs), Some(3.0));
        assert_eq!(median(&[5.0, 1.0, 3.0, 100.0]), Some(4.0));
        assert_eq!(median(&[]), None);
        let bounds: Vec<(usize, usize)> = report
            .stages
            .iter()
            .map(|s| (s.most_empties, s.fewest_empties))
            .collect();
        assert_eq!(bounds, [(60, 51), (20, 11), (10, 1)]);
        let per_stage: usize = report.stages.iter().map(|s| s.players[1].positions).sum();
        assert_eq!(per_stage, 3);
    }
}
