//! A real one-node Slurm cluster on localhost: a sharded tournament submitted through the
//! generated scripts must merge into exactly the report of the same tournament on one machine,
//! and a training recipe whose sets are made on the cluster into the same evaluation.
//!
//! Needs Debian's `slurm-wlm` and `munge` installed, so it is ignored unless asked for
//! (`.ci/run` installs them and runs it with `--include-ignored`). Starts munged, slurmctld
//! and slurmd with their files in a temporary folder (ports chosen from the process id), and
//! stops all of them at the end, pass or fail.

mod common;

use common::command::without_seconds;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const PROGRAM: &str = env!("CARGO_BIN_EXE_reversi3d");
const GAMES: [&str; 10] = [
    "--board",
    "6x6",
    "--depth",
    "2",
    "--players",
    "Arwen,Bilbo,Hamfast,Jolly",
    "--games",
    "6",
    "--seed",
    "7",
];

/// A one-node cluster; dropping it stops every daemon it started.
struct Cluster {
    folder: PathBuf,
    conf: PathBuf,
}

impl Cluster {
    fn start(folder: &Path) -> Cluster {
        let cluster = Cluster {
            folder: folder.to_path_buf(),
            conf: folder.join("slurm.conf"),
        };
        for sub in ["state", "spool", "home"] {
            fs::create_dir_all(folder.join(sub)).unwrap();
        }
        let key = folder.join("munge.key");
        run(Command::new("mungekey").arg("-c").arg("-k").arg(&key));
        let socket = folder.join("munge.sock");
        run(Command::new("munged")
            .arg("--force")
            .arg(format!("--socket={}", socket.display()))
            .arg(format!("--key-file={}", key.display()))
            .arg(format!(
                "--pid-file={}",
                folder.join("munged.pid").display()
            ))
            .arg(format!(
                "--log-file={}",
                folder.join("munged.log").display()
            ))
            .arg(format!(
                "--seed-file={}",
                folder.join("munge.seed").display()
            )));
        let host = String::from_utf8(run(&mut Command::new("hostname"))).unwrap();
        let host = host.trim();
        let port = 20_000 + (std::process::id() % 5_000) * 2;
        let at = |name: &str| folder.join(name).display().to_string();
        let conf = format!(
            "ClusterName=r3dtest\nSlurmctldHost={host}(127.0.0.1)\nSlurmUser=root\n\
             SlurmdUser=root\nAuthType=auth/munge\nAuthInfo=socket={socket}\n\
             CredType=cred/munge\nStateSaveLocation={state}\nSlurmdSpoolDir={spool}\n\
             SlurmctldPidFile={ctld_pid}\nSlurmdPidFile={slurmd_pid}\nSlurmctldPort={port}\n\
             SlurmdPort={slurmd_port}\nProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\n\
             JobAcctGatherType=jobacct_gather/none\nSelectType=select/cons_tres\n\
             SelectTypeParameters=CR_CPU\nSchedulerType=sched/backfill\nReturnToService=2\n\
             MpiDefault=none\nAccountingStorageType=accounting_storage/none\n\
             JobCompType=jobcomp/none\nSlurmctldLogFile={ctld_log}\nSlurmdLogFile={slurmd_log}\n\
             NodeName={host} NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN\n\
             PartitionName=test Nodes={host} Default=YES MaxTime=INFINITE State=UP\n",
            socket = socket.display(),
            state = at("state"),
            spool = at("spool"),
            ctld_pid = at("slurmctld.pid"),
            slurmd_pid = at("slurmd.pid"),
            slurmd_port = port + 1,
            ctld_log = at("slurmctld.log"),
            slurmd_log = at("slurmd.log"),
        );
        fs::write(&cluster.conf, conf).unwrap();
        run(Command::new("slurmctld").arg("-f").arg(&cluster.conf));
        run(Command::new("slurmd").arg("-f").arg(&cluster.conf));
        cluster.wait_for("the node to be idle", Duration::from_secs(60), |c| {
            let sinfo = c.slurm("sinfo").args(["-h", "-o", "%t"]).output().unwrap();
            String::from_utf8_lossy(&sinfo.stdout).trim() == "idle"
        });
        cluster
    }

    /// A Slurm client command talking to this cluster.
    fn slurm(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        command.env("SLURM_CONF", &self.conf);
        command
    }

    fn wait_for(&self, what: &str, limit: Duration, done: impl Fn(&Cluster) -> bool) {
        let start = Instant::now();
        while !done(self) {
            if start.elapsed() > limit {
                let logs: Vec<String> = ["slurmctld.log", "slurmd.log"]
                    .iter()
                    .map(|log| fs::read_to_string(self.folder.join(log)).unwrap_or_default())
                    .collect();
                panic!("waited {limit:?} for {what}; logs:\n{}", logs.join("\n"));
            }
            std::thread::sleep(Duration::from_millis(500));
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = self.slurm("scontrol").arg("shutdown").output();
        std::thread::sleep(Duration::from_secs(1));
        for daemon in ["slurmd.pid", "slurmctld.pid", "munged.pid"] {
            if let Ok(pid) = fs::read_to_string(self.folder.join(daemon)) {
                let _ = Command::new("kill").arg(pid.trim()).output();
            }
        }
    }
}

/// Runs a command that must succeed, giving its output.
fn run(command: &mut Command) -> Vec<u8> {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    assert!(
        output.status.success(),
        "{command:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// The standings table of a report.
fn standings(report: &str) -> String {
    report
        .lines()
        .skip_while(|line| !line.trim_start().starts_with("rank"))
        .take_while(|line| !line.contains("games:"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
#[ignore = "needs slurm-wlm and munge installed: run with --include-ignored, as .ci/run does"]
fn sharded_runs_on_a_one_node_cluster_give_the_single_machine_results() {
    let folder = tempfile::tempdir().unwrap();
    let root = folder.path();
    let cluster = Cluster::start(&root.join("cluster"));
    a_sharded_tournament_merges_into_the_single_machine_report(&cluster, root);
    a_recipe_on_the_cluster_makes_the_single_machine_evaluation(&cluster, root);
    drop(cluster);
}

fn a_sharded_tournament_merges_into_the_single_machine_report(cluster: &Cluster, root: &Path) {
    let home = root.join("cluster/home");
    let submitted = run(cluster
        .slurm(PROGRAM)
        .current_dir(root)
        .env("HOME", &home)
        .args(["slurm", "tournament"])
        .args(GAMES)
        .args([
            "--tasks",
            "3",
            "--cpus-per-task",
            "1",
            "--dir",
            "run",
            "--csv",
            "merged.csv",
        ])
        .arg("--submit"));
    let submitted = String::from_utf8(submitted).unwrap();
    assert!(submitted.contains("submitted: array job"), "{submitted}");
    let report = root.join("run/report.txt");
    cluster.wait_for("the merged report", Duration::from_secs(150), |_| {
        report.exists()
    });

    let single = run(Command::new(PROGRAM)
        .current_dir(root)
        .env("HOME", &home)
        .arg("tournament")
        .args(GAMES)
        .args([
            "--threads",
            "2",
            "--csv",
            "single.csv",
            "--games-file",
            "single-games.csv",
        ]));
    let single = String::from_utf8(single).unwrap();
    let merged = fs::read_to_string(&report).unwrap();
    assert!(merged.contains("merged from 3 shards"), "{merged}");
    assert_eq!(standings(&merged), standings(&single));
    assert!(!standings(&single).is_empty());
    let read = |name: &str| fs::read_to_string(root.join(name)).unwrap();
    assert_eq!(
        without_seconds(&read("merged.csv")),
        without_seconds(&read("single.csv"))
    );
    let shards = fs::read_dir(root.join("run/shards")).unwrap().count();
    assert_eq!(shards, 3, "one shard file per task");
}

/// The 6×6 training recipe (docs/recipes), scaled down 1,000 times, with its position sets
/// made on the cluster (`SLURM=…`) writes the very sets and evaluation it writes on one
/// machine.
fn a_recipe_on_the_cluster_makes_the_single_machine_evaluation(cluster: &Cluster, root: &Path) {
    let recipe = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/recipes/patterns-6x6.sh");
    let home = root.join("cluster/home");
    let made = |folder: &str, slurm: Option<&str>| {
        let mut command = cluster.slurm("sh");
        command
            .current_dir(root)
            .env("HOME", &home)
            .env("SCALE", "1000")
            .args([recipe, folder, PROGRAM]);
        if let Some(options) = slurm {
            command.env("SLURM", options);
        }
        String::from_utf8(run(&mut command)).unwrap()
    };
    let log = made("on-the-cluster", Some("--tasks 2 --cpus-per-task 1"));
    assert_eq!(log.matches("submitted: array job").count(), 7, "{log}");
    made("here", None);
    for file in [
        "r0.positions",
        "r3.positions",
        "n2.positions",
        "patterns-6x6.bin",
    ] {
        let read = |folder: &str| fs::read(root.join(folder).join(file)).unwrap();
        assert!(read("here") == read("on-the-cluster"), "{file} differs");
    }
}
