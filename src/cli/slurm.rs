//! `reversi3d slurm`: writes (and with `--submit` submits) the Slurm job array that plays a
//! run in shards and the merge job that joins them.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};
use clap::{Args, Subcommand};

use super::compare::{self, CompareArgs};
use super::positions::{self, PositionsArgs};
use super::tournament::{self, TournamentArgs};
use lab::cluster::slurm::{ARRAY_SCRIPT, MERGE_SCRIPT, SUBMIT_SCRIPT, SlurmPlan, split_arguments};
use lab::files::{time_stamp, write_atomically};

/// The runs that can be spread over a cluster.
#[derive(Subcommand, Debug)]
pub enum SlurmCommand {
    /// A round robin played in shards of its games (takes every `tournament` option;
    /// --csv and --games-file go to the merge).
    Tournament(Sharded<TournamentArgs>),
    /// A comparison judged in shards of its positions (takes every `compare` option; --csv
    /// goes to the merge).
    Compare(Sharded<CompareArgs>),
    /// A position set made in shards of its games (takes every `positions` option; the
    /// merge writes --out).
    Positions(Sharded<PositionsArgs>),
}

/// A run's own options and the cluster's.
#[derive(Args, Debug)]
pub struct Sharded<T: Args> {
    #[command(flatten)]
    cluster: ClusterArgs,
    #[command(flatten)]
    run: T,
}

/// How the run is spread over the cluster.
#[derive(Args, Debug)]
pub struct ClusterArgs {
    /// Array tasks: the run is split into this many shards, one per task.
    #[arg(long)]
    tasks: u32,
    /// The partition (queue) to run in; the cluster's default otherwise.
    #[arg(long)]
    partition: Option<String>,
    /// Each task's time limit in Slurm's notation (e.g. 2:00:00 or 1-00:00:00).
    #[arg(long)]
    time: Option<String>,
    /// CPUs per task; each task plays its games on that many threads.
    #[arg(long, default_value_t = 2)]
    cpus_per_task: u32,
    /// The run's folder (scripts, shards, logs, report); by default `slurm-<kind>-<time>`.
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Submit the jobs with `sbatch` (otherwise only write the scripts).
    #[arg(long)]
    submit: bool,
}

/// The cluster options and whether each takes a value, as they are taken out of the words
/// passed on to the tasks.
const CLUSTER_OPTIONS: [(&str, bool); 6] = [
    ("--tasks", true),
    ("--partition", true),
    ("--time", true),
    ("--cpus-per-task", true),
    ("--dir", true),
    ("--submit", false),
];

/// Writes the scripts and submits them if asked.
pub fn run(command: &SlurmCommand, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    let (kind, cluster, items, merge_options): (_, _, _, &[&str]) = match command {
        SlurmCommand::Tournament(args) => (
            "tournament",
            &args.cluster,
            tournament::shardable_items(&args.run)?,
            &["--csv", "--games-file"],
        ),
        SlurmCommand::Compare(args) => (
            "compare",
            &args.cluster,
            compare::shardable_items(&args.run)?,
            &["--csv"],
        ),
        SlurmCommand::Positions(args) => (
            "positions",
            &args.cluster,
            positions::shardable_items(&args.run, args.cluster.tasks)?,
            &["--out"],
        ),
    };
    let what = match kind {
        "compare" => "positions",
        _ => "games",
    };
    if cluster.tasks == 0 || cluster.tasks as usize > items {
        bail!(
            "--tasks {}: the {kind} has {items} {what}; give 1 to {items} tasks",
            cluster.tasks
        );
    }
    if cluster.cpus_per_task == 0 {
        bail!("--cpus-per-task 0: a task needs at least one CPU");
    }
    let words: Vec<String> = std::env::args().collect();
    // The words after `slurm <kind>` are the run's own, passed on to the tasks.
    let after = words
        .iter()
        .position(|word| word == "slurm")
        .map_or(&words[..0], |at| &words[(at + 2).min(words.len())..]);
    let (run_args, merge_args) = split_arguments(after, &CLUSTER_OPTIONS, merge_options);
    let workdir = std::env::current_dir().context("the current folder")?;
    let dir = cluster
        .dir
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("slurm-{kind}-{}", time_stamp())));
    let plan = SlurmPlan {
        kind: kind.to_string(),
        program: std::env::current_exe().context("the path of this program")?,
        run_args,
        merge_args: absolute(&merge_args, &workdir),
        tasks: cluster.tasks,
        cpus_per_task: cluster.cpus_per_task,
        partition: cluster.partition.clone(),
        time: cluster.time.clone(),
        dir: workdir.join(dir),
        workdir,
    };
    write_plan(&plan)?;
    writeln!(
        out,
        "{} tasks for {items} {what} ({} CPU per task); scripts in {}:\n  {ARRAY_SCRIPT} (the \
         shards), {MERGE_SCRIPT} (runs after them), {SUBMIT_SCRIPT} (submits both)",
        plan.tasks,
        plan.cpus_per_task,
        plan.dir.display()
    )?;
    if !cluster.submit {
        let submit = plan.dir.join(SUBMIT_SCRIPT);
        writeln!(out, "submit with: bash {}", submit.display())?;
        return Ok(());
    }
    let array = sbatch(&[plan.dir.join(ARRAY_SCRIPT).to_string_lossy().into_owned()])?;
    let merge = sbatch(&[
        format!("--dependency=afterok:{array}"),
        plan.dir.join(MERGE_SCRIPT).to_string_lossy().into_owned(),
    ])?;
    writeln!(
        out,
        "submitted: array job {array} ({} tasks), merge job {merge}\nfollow with: squeue -j \
         {array},{merge}   ·   sacct -j {array},{merge} --format=JobID,State,Elapsed\nthe \
         report will be in {}",
        plan.tasks,
        plan.report().display()
    )?;
    Ok(())
}

/// Creates the run's folder and writes its scripts, refusing a folder that holds shards.
fn write_plan(plan: &SlurmPlan) -> anyhow::Result<()> {
    let shards = plan.shards();
    if shards
        .read_dir()
        .is_ok_and(|mut entries| entries.next().is_some())
    {
        bail!(
            "{} already holds shards of a run: choose another --dir (nothing was changed)",
            shards.display()
        );
    }
    for folder in [shards, plan.dir.join("logs")] {
        std::fs::create_dir_all(&folder).with_context(|| folder.display().to_string())?;
    }
    let scripts = plan.scripts();
    for (name, text) in [
        (ARRAY_SCRIPT, &scripts.array),
        (MERGE_SCRIPT, &scripts.merge),
        (SUBMIT_SCRIPT, &scripts.submit),
    ] {
        write_atomically(&plan.dir.join(name), text)?;
    }
    Ok(())
}

/// The merge's file arguments made absolute (the merge may start elsewhere).
fn absolute(words: &[String], workdir: &Path) -> Vec<String> {
    words
        .iter()
        .map(|word| match word.starts_with("--") {
            true => word.clone(),
            false => workdir.join(word).to_string_lossy().into_owned(),
        })
        .collect()
}

/// Submits with `sbatch --parsable`, giving the job id.
fn sbatch(words: &[String]) -> anyhow::Result<String> {
    let output = Command::new("sbatch")
        .arg("--parsable")
        .args(words)
        .output()
        .context("running sbatch (is Slurm installed here?)")?;
    if !output.status.success() {
        bail!(
            "sbatch {} failed: {}",
            words.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let id = text.trim().split(';').next().unwrap_or("").to_string();
    if id.is_empty() {
        bail!("sbatch gave no job id");
    }
    Ok(id)
}
