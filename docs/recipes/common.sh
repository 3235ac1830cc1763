# The steps every recipe is made of, sourced by them (`. common.sh`); each sets `board` and
# calls `enter_run "$@"` first.
#
# The shipped files but 8×8's were made by builds before 2026-12-01. Later builds seed each
# game of a position set apart (lab::ai::sampling::game_seed), so they play other games for
# the same seed and make other sets and files: to make a shipped file again, give REVERSI3D a
# build of the commit BENCHMARKS.md ("Training") names for it.
#
# SLURM="OPTIONS" makes each position set on a Slurm cluster instead of this machine
# (`reversi3d slurm positions … OPTIONS --submit`, e.g. SLURM="--tasks 32 --cpus-per-task 4
# --partition short --time 2:00:00"; README, "Clusters"): the recipe waits for the merge job
# to write the set, then fits it here. The folder must be on a file system the compute nodes
# share; a set merged on the cluster is the very set this machine would make.

# enter_run DIR [REVERSI3D]: goes into the run's folder DIR (made if need be), with `binary`
# the reversi3d to run (target/release/reversi3d by default) and `scale` SCALE (1 by default).
enter_run() {
    binary=$(realpath "${2:-target/release/reversi3d}")
    scale=${SCALE:-1}
    mkdir -p "$1"
    cd "$1"
}

# positions OUT COUNT ARGS…: the set OUT of COUNT positions (divided by SCALE) on the board,
# resumed if cut short, kept if finished.
positions() {
    out=$1
    count=$(($2 / scale))
    shift 2
    if [ -e "$out" ]; then
        "$binary" positions --out "$out" --resume
    elif [ -n "${SLURM:-}" ]; then
        on_the_cluster "$out" "$count" "$@"
    else
        "$binary" positions --board "$board" --count "$count" --out "$out" "$@"
    fi
}

# on_the_cluster OUT COUNT ARGS…: submits the set OUT and waits until its merge job has
# written it; fails if the job leaves the queue without it.
on_the_cluster() {
    out=$1
    count=$2
    shift 2
    # shellcheck disable=SC2086 # SLURM holds one word per option
    submitted=$("$binary" slurm positions --board "$board" --count "$count" --out "$out" "$@" \
        $SLURM --dir "$out.slurm" --submit)
    echo "$submitted"
    merge_job=$(echo "$submitted" | sed -n 's/.*merge job \([0-9][0-9]*\).*/\1/p')
    if [ -z "$merge_job" ]; then
        echo "no merge job submitted for $out" >&2
        return 1
    fi
    while [ ! -e "$out" ]; do
        if [ -z "$(squeue -h -j "$merge_job" 2>/dev/null)" ]; then
            sleep 5
            if [ ! -e "$out" ]; then
                echo "merge job $merge_job ended without $out: see $out.slurm" >&2
                return 1
            fi
        fi
        sleep 5
    done
}

# fit OUT "OPTIONS" SETS…: fits the sets with the fit-patterns OPTIONS into OUT.
fit() {
    out=$1
    options=$2
    shift 2
    data=""
    for set in "$@"; do
        data="$data --data $set"
    done
    # shellcheck disable=SC2086 # one word per option
    "$binary" fit-patterns $data $options --out "$out" --force
}
