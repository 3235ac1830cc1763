//! `reversi3d solve`: the exact result of a position under perfect play — its best move, the
//! final disc difference and the line — or of every position of an OBF file, as a table.

use std::io::Write;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;

use anyhow::Context;
use clap::Args;

use super::setup::{Out, PositionArgs, PositionAt, PositionReport, StrongArgs, report_position};
use engine::Shape;
use engine::notation::{Move, format_cell, replay};
use engine::obf::{ScoredPosition, obf_shape, square_of_cell};
use engine::search::{
    Analysis, Evaluation, Goal, SOLVER_ORDERING, SearchSettings, final_score, margin_of_score,
};
use engine::{Color, Geometry, Position, Weights, WidthJob};
use lab::ai::solver::solver_ordering;
use lab::files::read_text_up_to;
use lab::game::position_list::parse_scored_line;
use lab::players::pattern_source::LoadedPatterns;

/// Arguments of `reversi3d solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    strong: StrongArgs,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Solve every position of this file and print a table; a score that differs from the
    /// file's best makes the command fail. One position a line (`#` comments): an OBF line
    /// (8×8: 64 characters X, O or - from a1 row by row, the side to move, optional
    /// `; move:score` pairs), or on the board of --board our position text with optional
    /// `; x-y-z:score` pairs. OBF lines score as OBF does (cells left empty at the end count
    /// for the winner), our position text as our rules do (the disc margin).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["moves", "position", "transcript", "game"])]
    obf: Option<PathBuf>,
    /// The evaluation that orders the search before it searches to the end (weights
    /// Mob,Dif,Cor,CSq,XSq,Edg,IEd,Fac,IFa; by default the shipped learned evaluation on 8×8,
    /// 4×4×4 and 8×8×8, the shipped endgame fit on 6×6×6, elsewhere mobility and corners only):
    /// it changes the nodes, never the result.
    #[arg(long, allow_hyphen_values = true, conflicts_with = "patterns")]
    weights: Option<Weights>,
    /// Order by the pattern evaluation in this file (made by `reversi3d fit-patterns` for the
    /// board solved) instead of the shipped one.
    #[arg(long, value_name = "FILE")]
    patterns: Option<PathBuf>,
    /// The pattern file in use, read once.
    #[arg(skip)]
    loaded_patterns: OnceLock<Option<LoadedPatterns>>,
    /// With --obf: only positions A to B (numbered from 1 in file order), e.g. 40-49.
    #[arg(long, value_name = "A-B", requires = "obf")]
    problems: Option<String>,
}

/// Solves the position (or the file's) and prints the result.
pub fn run(args: &SolveArgs, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let patterns = match &args.patterns {
        Some(path) => Some(LoadedPatterns::read_any(path)?),
        None => None,
    };
    args.loaded_patterns.get_or_init(|| patterns);
    let pool = super::thread_pool(args.threads)?;
    if let Some(path) = &args.obf {
        return pool.install(|| solve_file(args, path, out));
    }
    args.check_patterns_fit(args.position.shape()?)?;
    pool.install(|| report_position(&args.position, args, out))
}

impl SolveArgs {
    /// Refuses a `--patterns` file fitted to another board than `board`, which it would order.
    fn check_patterns_fit(&self, board: Shape) -> anyhow::Result<()> {
        if let Some(Some(loaded)) = self.loaded_patterns.get() {
            loaded
                .require_board(board)
                .context("the solver orders its moves by a fit of the board solved")?;
        }
        Ok(())
    }
}

/// Solves `position` exactly with the arguments' settings.
fn solve<const W: usize>(
    geometry: &Geometry<W>,
    position: &Position<W>,
    args: &SolveArgs,
) -> Analysis {
    let weights = args.weights.unwrap_or(SOLVER_ORDERING);
    let settings = args.strong.settings(Goal::Solve, 0, weights);
    // The patterns order the search when they evaluate: the file given, else the board's
    // (unless weights are given).
    let loaded = args.loaded_patterns.get().and_then(Option::as_ref);
    let patterns = match (loaded.map(|p| p.evaluation.clone()), args.weights) {
        (Some(patterns), _) => Some(patterns),
        (None, None) => solver_ordering(geometry.shape(), settings.rules),
        (None, Some(_)) => None,
    };
    let settings = SearchSettings {
        evaluation: Evaluation { weights, patterns },
        ..settings
    };
    if position.legal_moves(geometry).is_empty() {
        // Nothing to solve for the side to move: it passes, or the game is over.
        return Analysis::unscored(&[], 0);
    }
    let never = AtomicBool::new(false);
    let searched = settings.run_at(geometry, position, &never, &|_| {});
    searched
        .expect("the solver searches on the caller's pool")
        .analysis
}

/// The result of perfect play in words, for the side `mover` with final `margin`.
fn verdict(mover: Color, margin: i32) -> String {
    match margin.signum() {
        1 => format!("{mover:?} wins by {margin}"),
        -1 => format!("{mover:?} loses by {}", -margin),
        _ => "a draw".to_string(),
    }
}

impl PositionReport for SolveArgs {
    fn report<const W: usize>(&self, at: PositionAt<W>, out: Out<'_>) -> anyhow::Result<()> {
        let PositionAt { geometry, position } = at;
        let shape = geometry.shape();
        let empties = position.empties(geometry).count();
        writeln!(
            out,
            "solve {shape}, {:?} to move, {empties} empty cells, {:?} rules",
            position.to_move, self.strong.rules
        )?;
        let rules = self.strong.rules.rules();
        if position.is_game_over(geometry) {
            let margin = margin_of_score(final_score(&position, rules));
            let verdict = verdict(position.to_move, margin);
            writeln!(
                out,
                "the game is over: {verdict} (final disc difference {margin:+} for the side to move)"
            )?;
            return Ok(());
        }
        let (mover, position) = if position.must_pass(geometry) {
            let next = position.to_move.opponent();
            writeln!(
                out,
                "{:?} has no legal move and passes; {next:?} moves next",
                position.to_move
            )?;
            (next, position.pass())
        } else {
            (position.to_move, position)
        };
        let analysis = solve(geometry, &position, self);
        let (Some(score), Some(best)) = (analysis.best_score(), analysis.choose(None)) else {
            anyhow::bail!("the solver found no move for {mover:?}");
        };
        let margin = margin_of_score(score);
        let verdict = verdict(mover, margin);
        writeln!(
            out,
            "perfect play: {verdict} (final disc difference {margin:+} for the side to move)"
        )?;
        writeln!(out, "best move: {}", format_cell(shape, best))?;
        let line: Vec<String> = analysis
            .line
            .iter()
            .map(|&c| format_cell(shape, c))
            .collect();
        writeln!(out, "line: {}", line.join(" "))?;
        let seconds = analysis.elapsed.as_secs_f64();
        writeln!(
            out,
            "nodes {}  time {:.1} ms  nodes/s {:.0}",
            analysis.nodes.total(),
            seconds * 1000.0,
            analysis.nodes.total() as f64 / seconds.max(1e-9)
        )?;
        Ok(())
    }
}

/// Solves the positions of an OBF file and prints Edax's kind of table, checking every score
/// the file gives.
fn solve_file(
    args: &SolveArgs,
    path: &std::path::Path,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    let text = read_text_up_to(path, 16 << 20)?;
    let mut problems = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parsed = parse_scored_line(line, args.position.board)
            .map_err(|e| anyhow::anyhow!("{}: line {}: {e}", path.display(), number + 1))?;
        problems.push(parsed);
    }
    let (first, last) = match &args.problems {
        None => (1, problems.len()),
        Some(range) => parse_range(range, problems.len())?,
    };
    for problem in &problems[first - 1..last] {
        args.check_patterns_fit(problem.setup.shape())?;
    }
    writeln!(
        out,
        "{:>3} {:>7} {:>6} {:>5} {:>13} {:>9} {:>8}  line",
        "#", "empties", "score", "best", "nodes", "time", "nodes/s"
    )?;
    let mut wrong = Vec::new();
    let (mut nodes, mut seconds) = (0u64, 0.0f64);
    for (index, problem) in problems.iter().enumerate().take(last).skip(first - 1) {
        let number = index + 1;
        let shape = problem.setup.shape();
        let solved = shape.dispatch(SolveSetup {
            setup: &problem.setup,
            args,
        });
        let (analysis, empties, end_empties) = solved;
        let score = analysis.best_score().map(|score| {
            problem
                .scoring
                .score(margin_of_score(score), end_empties.unwrap_or(0))
        });
        let best = analysis.choose(None);
        let name = |cell: Option<usize>| cell.map_or("ps".to_string(), |c| cell_name(shape, c));
        let took = analysis.elapsed.as_secs_f64();
        let line: Vec<String> = analysis.line.iter().map(|&c| cell_name(shape, c)).collect();
        writeln!(
            out,
            "{number:>3} {empties:>7} {:>6} {:>5} {:>13} {:>8.2}s {:>7.1}M  {}",
            score.map_or("-".to_string(), |s| format!("{s:+}")),
            name(best),
            analysis.nodes.total(),
            took,
            analysis.nodes.total() as f64 / took.max(1e-9) / 1e6,
            line.join(" ")
        )?;
        nodes += analysis.nodes.total();
        seconds += took;
        if let Some(problem_wrong) = check(problem, score, best) {
            wrong.push(format!("#{number}: {problem_wrong}"));
        }
    }
    writeln!(
        out,
        "{} positions: {nodes} nodes in {seconds:.2} s, {:.1} M nodes/s",
        last + 1 - first,
        nodes as f64 / seconds.max(1e-9) / 1e6
    )?;
    if !wrong.is_empty() {
        anyhow::bail!(
            "scores differ from {}:\n{}",
            path.display(),
            wrong.join("\n")
        );
    }
    writeln!(out, "every score agrees with {}", path.display())?;
    Ok(())
}

/// What is wrong with a solution against the file's scores, if anything: the score must be
/// the file's best, and the move one the file scores that high (when it scores it).
fn check(problem: &ScoredPosition, score: Option<i32>, best: Option<usize>) -> Option<String> {
    let expected = problem.best_score()?;
    if score != Some(expected) {
        return Some(format!("score {score:?} where the file has {expected:+}"));
    }
    let listed = problem
        .scores
        .iter()
        .find(|(m, _)| matches!(m, Move::Play(cell) if Some(*cell) == best));
    match listed {
        Some(&(_, s)) if s != expected => Some(format!(
            "best move {} scores {s:+} in the file, not {expected:+}",
            best.map_or("ps".to_string(), |c| cell_name(problem.setup.shape(), c))
        )),
        _ => None,
    }
}

/// A cell as the file's format writes it: `a1` on 8×8 as OBF does, else our notation.
fn cell_name(shape: Shape, cell: usize) -> String {
    if shape == obf_shape() {
        square_of_cell(cell)
    } else {
        format_cell(shape, cell)
    }
}

/// `A-B` within 1..=count.
fn parse_range(text: &str, count: usize) -> anyhow::Result<(usize, usize)> {
    let (a, b) = text.split_once('-').unwrap_or((text, text));
    let a: usize = a
        .trim()
        .parse()
        .context("--problems: expected A-B, e.g. 40-49")?;
    let b: usize = b
        .trim()
        .parse()
        .context("--problems: expected A-B, e.g. 40-49")?;
    if a == 0 || a > b || b > count {
        anyhow::bail!("--problems {text}: the file has positions 1 to {count}");
    }
    Ok((a, b))
}

struct SolveSetup<'a> {
    setup: &'a engine::Setup,
    args: &'a SolveArgs,
}

impl WidthJob for SolveSetup<'_> {
    type Output = (Analysis, u32, Option<u32>);

    /// The solution, the empty cells, and those left when the solution's line ends the game.
    fn run<const W: usize>(self, geometry: &Geometry<W>) -> Self::Output {
        let position = self.setup.position(geometry);
        let empties = position.empties(geometry).count();
        let analysis = solve(geometry, &position, self.args);
        let moves: Vec<Move> = analysis.line.iter().map(|&cell| Move::Play(cell)).collect();
        let end = replay(geometry, position, &moves)
            .ok()
            .filter(|end| end.must_pass(geometry) && end.pass().must_pass(geometry))
            .map(|end| end.empties(geometry).count());
        (analysis, empties, end)
    }
}
