//! Slurm batch scripts for a sharded run: a job array whose task I plays shard I/N, and a
//! merge job that runs once the whole array has succeeded (`--dependency=afterok`).

use std::path::{Path, PathBuf};

/// Where and how the jobs run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlurmPlan {
    /// The kind of run (`tournament`, …): the subcommand the tasks run.
    pub kind: String,
    /// The `reversi3d` binary (on a file system the compute nodes share).
    pub program: PathBuf,
    /// The run's own arguments, without `--shard`, `--shard-dir` and `--threads`.
    pub run_args: Vec<String>,
    /// Extra arguments of the merge (`--csv FILE`, …).
    pub merge_args: Vec<String>,
    /// Array tasks, one shard each.
    pub tasks: u32,
    /// CPUs per task: the task's `--threads`.
    pub cpus_per_task: u32,
    /// The partition, if not the default one.
    pub partition: Option<String>,
    /// Each task's time limit, in Slurm's notation, if any.
    pub time: Option<String>,
    /// The run's folder: scripts, shards, logs and the report.
    pub dir: PathBuf,
    /// The folder the jobs start in (relative paths in the arguments are taken from there).
    pub workdir: PathBuf,
}

/// The files a plan writes, by name in its folder.
pub struct SlurmScripts {
    /// The job array.
    pub array: String,
    /// The merge job.
    pub merge: String,
    /// A shell script that submits both, the merge depending on the array.
    pub submit: String,
}

/// File names in the run's folder.
pub const ARRAY_SCRIPT: &str = "array.sbatch";
/// The merge job's script.
pub const MERGE_SCRIPT: &str = "merge.sbatch";
/// The script that submits both.
pub const SUBMIT_SCRIPT: &str = "submit.sh";
/// The merged report.
pub const REPORT: &str = "report.txt";
/// The folder of the shard files.
pub const SHARDS: &str = "shards";

impl SlurmPlan {
    /// The folder of the shard files.
    pub fn shards(&self) -> PathBuf {
        self.dir.join(SHARDS)
    }

    /// The merged report's file.
    pub fn report(&self) -> PathBuf {
        self.dir.join(REPORT)
    }

    /// The three scripts.
    pub fn scripts(&self) -> SlurmScripts {
        let program = quote_path(&self.program);
        let run_args: Vec<String> = self.run_args.iter().map(|a| quote(a)).collect();
        let merge_args: Vec<String> = self.merge_args.iter().map(|a| quote(a)).collect();
        let shards = quote_path(&self.shards());
        let common = |name: &str, output: &str, cpus: u32| {
            let mut lines = vec![
                "#!/bin/bash".to_string(),
                format!("#SBATCH --job-name=r3d-{}-{name}", self.kind),
                format!("#SBATCH --cpus-per-task={cpus}"),
                format!("#SBATCH --chdir={}", self.workdir.display()),
                format!("#SBATCH --output={}", self.dir.join(output).display()),
            ];
            lines.extend(
                self.partition
                    .iter()
                    .map(|p| format!("#SBATCH --partition={p}")),
            );
            lines.extend(self.time.iter().map(|t| format!("#SBATCH --time={t}")));
            lines
        };
        let mut array = common("shards", "logs/shard-%a.out", self.cpus_per_task);
        array.extend([
            format!("#SBATCH --array=1-{}", self.tasks),
            "#SBATCH --requeue".to_string(),
            format!(
                "# Task I plays shard I/{} of the {}; a requeued task rewrites its shard.",
                self.tasks, self.kind
            ),
            "set -euo pipefail".to_string(),
            format!(
                "exec {program} {} {} --shard \"${{SLURM_ARRAY_TASK_ID}}/{}\" --shard-dir {shards} \
                 --threads \"${{SLURM_CPUS_PER_TASK:-{}}}\"",
                self.kind,
                run_args.join(" "),
                self.tasks,
                self.cpus_per_task
            ),
        ]);
        let mut merge = common("merge", "logs/merge.out", 1);
        merge.extend([
            "# Runs after every task of the array succeeded; the report goes to report.txt."
                .to_string(),
            "set -euo pipefail".to_string(),
            format!(
                "{program} merge {shards} {} > {}.partial",
                merge_args.join(" "),
                quote_path(&self.report())
            ),
            format!(
                "mv {}.partial {}",
                quote_path(&self.report()),
                quote_path(&self.report())
            ),
        ]);
        let submit = [
            "#!/bin/bash".to_string(),
            "# Submits the shards' job array, then the merge to run after it succeeds.".to_string(),
            "set -euo pipefail".to_string(),
            format!(
                "array=$(sbatch --parsable {})",
                quote_path(&self.dir.join(ARRAY_SCRIPT))
            ),
            format!(
                "merge=$(sbatch --parsable --dependency=afterok:${{array%%;*}} {})",
                quote_path(&self.dir.join(MERGE_SCRIPT))
            ),
            "echo \"array job ${array%%;*}, merge job ${merge%%;*}\"".to_string(),
        ];
        let text = |lines: &[String]| lines.join("\n") + "\n";
        SlurmScripts {
            array: text(&array),
            merge: text(&merge),
            submit: text(&submit),
        }
    }
}

/// A word quoted for the shell where it needs it.
fn quote(word: &str) -> String {
    shlex::try_quote(word)
        .map(|quoted| quoted.into_owned())
        .unwrap_or_else(|_| format!("'{}'", word.replace('\'', "'\\''")))
}

fn quote_path(path: &Path) -> String {
    quote(&path.to_string_lossy())
}

/// Splits a run's command line (the words after its subcommand) into the words the tasks
/// pass on and those only the merge takes (`merge_options`, each with a value); the cluster's
/// own options and those every task sets itself (`--threads`, `--shard`, `--shard-dir`) are
/// left out. Options may be written `--name value` or `--name=value`.
pub fn split_arguments(
    words: &[String],
    cluster_options: &[(&str, bool)],
    merge_options: &[&str],
) -> (Vec<String>, Vec<String>) {
    const TASK_SET: [&str; 3] = ["--threads", "--shard", "--shard-dir"];
    let mut run = Vec::new();
    let mut merge = Vec::new();
    let mut rest = words.iter();
    while let Some(word) = rest.next() {
        let (name, inline_value) = match word.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value)),
            _ => (word.as_str(), None),
        };
        let takes_value = cluster_options
            .iter()
            .find(|(option, _)| *option == name)
            .map(|(_, takes_value)| *takes_value)
            .or_else(|| {
                (merge_options.contains(&name) || TASK_SET.contains(&name)).then_some(true)
            });
        let Some(takes_value) = takes_value else {
            run.push(word.clone());
            continue;
        };
        let value = match (takes_value, inline_value) {
            (true, Some(value)) => Some(value.to_string()),
            (true, None) => rest.next().cloned(),
            (false, _) => None,
        };
        if merge_options.contains(&name) {
            merge.push(name.to_string());
            merge.extend(value);
        }
    }
    (run, merge)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split(' ').map(String::from).collect()
    }

    #[test]
    fn cluster_options_and_threads_are_taken_out_and_merge_options_set_aside() {
        let cluster = [("--tasks", true), ("--submit", false), ("--dir", true)];
        let (run, merge) = split_arguments(
            &words(
                "--board 6x6 --tasks=4 --threads 2 --submit --csv out.csv --players A,B --dir d",
            ),
            &cluster,
            &["--csv", "--games-file"],
        );
        assert_eq!(run, words("--board 6x6 --players A,B"));
        assert_eq!(merge, words("--csv out.csv"));
    }

    #[test]
    fn the_array_runs_one_shard_per_task_and_the_merge_writes_the_report() {
        let plan = SlurmPlan {
            kind: "tournament".to_string(),
            program: PathBuf::from("/opt/r3d/reversi3d"),
            run_args: words("--board 6x6 --players Arwen,Bilbo"),
            merge_args: words("--csv results.csv"),
            tasks: 8,
            cpus_per_task: 4,
            partition: Some("short".to_string()),
            time: None,
            dir: PathBuf::from("/scratch/run 1"),
            workdir: PathBuf::from("/home/me"),
        };
        let scripts = plan.scripts();
        assert!(scripts.array.contains("#SBATCH --array=1-8\n"));
        assert!(scripts.array.contains("#SBATCH --requeue\n"));
        assert!(scripts.array.contains("#SBATCH --partition=short\n"));
        assert!(!scripts.array.contains("--time"));
        assert!(scripts.array.contains(
            "exec /opt/r3d/reversi3d tournament --board 6x6 --players 'Arwen,Bilbo' --shard \
             \"${SLURM_ARRAY_TASK_ID}/8\" --shard-dir '/scratch/run 1/shards' --threads \
             \"${SLURM_CPUS_PER_TASK:-4}\""
        ));
        assert!(
            scripts
                .merge
                .contains("merge '/scratch/run 1/shards' --csv results.csv >")
        );
        assert!(scripts.submit.contains("--dependency=afterok:${array%%;*}"));
    }
}
