//! One record of a position set: the position, its features, its game's result and margin,
//! and a deeper search's label; its line in the file, and the parse that checks every field
//! (margins within the board, the result agreeing with the margin, labels within bounds).

use engine::notation::parse_position;
use engine::{Features, Geometry, Rules, bounds};

/// The game's result for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The side to move went on to win.
    Win,
    /// The game was drawn.
    Draw,
    /// The side to move went on to lose.
    Loss,
}

impl GameResult {
    /// The result of a game that ends `margin` discs ahead for the side to move.
    pub fn of_margin(margin: i32, rules: Rules) -> Self {
        match rules.standing(margin).cmp(&0) {
            std::cmp::Ordering::Greater => GameResult::Win,
            std::cmp::Ordering::Equal => GameResult::Draw,
            std::cmp::Ordering::Less => GameResult::Loss,
        }
    }

    /// 1, ½ or 0.
    pub fn points(self) -> f64 {
        match self {
            GameResult::Win => 1.0,
            GameResult::Draw => 0.5,
            GameResult::Loss => 0.0,
        }
    }

    fn letter(self) -> char {
        match self {
            GameResult::Win => 'W',
            GameResult::Draw => 'D',
            GameResult::Loss => 'L',
        }
    }
}

/// A deeper search's value of a position for its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    /// The final disc margin under perfect play.
    Exact(i32),
    /// The strong search's value in evaluation units at a depth.
    Heuristic {
        /// The value.
        value: i32,
        /// The depth searched.
        depth: u32,
    },
}

impl Label {
    pub(super) fn text(label: Option<Label>) -> String {
        match label {
            None => "-".to_string(),
            Some(Label::Exact(margin)) => format!("={margin}"),
            Some(Label::Heuristic { value, depth }) => format!("~{value}@{depth}"),
        }
    }

    pub(super) fn parse(text: &str) -> Result<Option<Label>, String> {
        let bad = || format!("label '{text}' is not -, =margin or ~value@depth");
        if text == "-" {
            return Ok(None);
        }
        if let Some(margin) = text.strip_prefix('=') {
            return Ok(Some(Label::Exact(margin.parse().map_err(|_| bad())?)));
        }
        let (value, depth) = text
            .strip_prefix('~')
            .and_then(|rest| rest.split_once('@'))
            .ok_or_else(bad)?;
        Ok(Some(Label::Heuristic {
            value: value.parse().map_err(|_| bad())?,
            depth: depth.parse().map_err(|_| bad())?,
        }))
    }
}

/// One line of a position set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionRecord {
    /// The game it comes from.
    pub game: u64,
    /// Its number among the positions drawn from that game (from 0).
    pub slot: usize,
    /// How many positions were drawn from that game.
    pub of: usize,
    /// Our position text.
    pub position: String,
    /// The nine feature differences from the side to move's view.
    pub features: Features,
    /// The game's result for the side to move.
    pub result: GameResult,
    /// The final disc margin for the side to move.
    pub margin: i32,
    /// The deeper search's value, when the set is labelled.
    pub label: Option<Label>,
}

impl PositionRecord {
    /// The record's line, without its newline.
    pub fn line(&self) -> String {
        let features: Vec<String> = self.features.0.iter().map(i32::to_string).collect();
        format!(
            "{}\t{}/{}\t{}\t{:+}\t{}\t{}\t{}",
            self.game,
            self.slot,
            self.of,
            self.result.letter(),
            self.margin,
            Label::text(self.label),
            features.join(","),
            self.position
        )
    }
}

/// What fitting needs of a record (positions themselves are not kept: a set holds millions).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The game it comes from (hold-out sets are whole games).
    pub game: u64,
    /// The features from the side to move's view.
    pub features: Features,
    /// The game's result for the side to move: 1, ½ or 0.
    pub result: f64,
    /// The game's final disc margin for the side to move.
    pub margin: i32,
    /// The deeper search's value, if labelled.
    pub label: Option<Label>,
    /// The side to move's and the other side's discs, as the words of their bitsets (for
    /// fitting the pattern evaluation; empty where a test leaves them out).
    pub discs: [Vec<u64>; 2],
}

/// Parses and checks one record line.
pub(super) fn parse_record<const W: usize>(
    geometry: &Geometry<W>,
    rules: Rules,
    line: &str,
) -> Result<(PositionRecord, Sample), String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [game, slot, result, margin, label, features, position] = fields[..] else {
        return Err(format!(
            "{} tab-separated fields where 7 are due",
            fields.len()
        ));
    };
    let number = |text: &str, what: &str| -> Result<i64, String> {
        text.parse()
            .map_err(|_| format!("{what} '{text}' is not a number"))
    };
    let (slot, of) = slot
        .split_once('/')
        .ok_or_else(|| format!("'{slot}' is not slot/of"))?;
    let result = match result {
        "W" => GameResult::Win,
        "D" => GameResult::Draw,
        "L" => GameResult::Loss,
        other => return Err(format!("result '{other}' is not W, D or L")),
    };
    let values: Vec<&str> = features.split(',').collect();
    if values.len() != 9 {
        return Err(format!("{} features where 9 are due", values.len()));
    }
    let mut stored = [0; 9];
    for (slot, text) in stored.iter_mut().zip(values) {
        *slot = text
            .parse()
            .map_err(|_| format!("feature '{text}' is not a number"))?;
    }
    let parsed = parse_position(geometry, position).map_err(|e| e.to_string())?;
    let features = Features::of(geometry, &parsed);
    if features.0 != stored {
        return Err(format!(
            "the features {stored:?} are not those of the position, {:?}",
            features.0
        ));
    }
    let cells = geometry.shape().cells() as u64;
    let margin = number(margin, "margin")?;
    check_margin("margin", margin, cells)?;
    // Within the board's cells: an i32 holds it.
    let margin = margin as i32;
    if result != GameResult::of_margin(margin, rules) {
        return Err(format!(
            "result {} disagrees with the margin {margin:+} under {rules:?} rules",
            result.letter()
        ));
    }
    let label = Label::parse(label)?;
    match label {
        Some(Label::Exact(margin)) => check_margin("exact label", margin.into(), cells)?,
        Some(Label::Heuristic { depth, .. }) => bounds::check_depth("label depth", depth)?,
        None => {}
    }
    let count = |text: &str, what: &str| -> Result<usize, String> {
        text.parse()
            .map_err(|_| format!("{what} '{text}' is not a count"))
    };
    let record = PositionRecord {
        game: game
            .parse()
            .map_err(|_| format!("game '{game}' is not a count"))?,
        slot: count(slot, "slot")?,
        of: count(of, "count")?,
        position: position.to_string(),
        features,
        result,
        margin,
        label,
    };
    let sample = Sample {
        game: record.game,
        features,
        result: result.points(),
        margin,
        label: record.label,
        discs: [parsed.mover.0.to_vec(), parsed.opponent.0.to_vec()],
    };
    Ok((record, sample))
}

/// Checks a disc margin: no more discs than cells either way.
fn check_margin(what: &'static str, margin: i64, cells: u64) -> Result<(), String> {
    match margin.unsigned_abs() <= cells {
        true => Ok(()),
        false => Err(format!(
            "{what} {margin:+} is out of bounds: from -{cells} to +{cells} (the board's cells)"
        )),
    }
}
