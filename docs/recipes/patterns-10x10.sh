#!/bin/sh
# Makes a 10x10 evaluation from nothing, like the 8x8 recipe: exact endgame sets, then three
# bootstrapping rounds labelled by depth-6 searches, all from varied games (32 minutes on 2
# cores with SCALE=2; not yet run at full scale). It does not make the shipped
# presets/patterns-10x10.bin, round 2 of a train-patterns run: its SCALE=2 fit lost to that
# file (BENCHMARKS.md, "Training", has the match and the fit's figures).
#
#   docs/recipes/patterns-10x10.sh DIR [REVERSI3D]
#
# DIR receives the position sets and the fits; REVERSI3D is the binary (default
# target/release/reversi3d). Run again after a stop: finished sets are kept, a set cut short
# resumes where it stopped, and the fits are made again. SCALE=N divides every count by N (a
# quick check of the recipe, e.g. SCALE=1000; its fits are of no use). SLURM="OPTIONS" makes
# the position sets on a Slurm cluster (docs/recipes/common.sh).
#
# Every set is drawn from depth-4 games among the nine-weight players opened by 8 random plies
# (10×10, like 8×8, has only 244 openings of four plies):
#  e14  100,000 positions with ≤ 14 empties, scored exactly;
#  e16  50,000 with ≤ 16 empties, scored exactly (4 a game); fit f1.bin of e14 and e16;
#  n1   150,000 with ≤ 30 empties, labelled by a depth-6 search by f1.bin (exact from 14);
#       fit f2.bin of the three;
#  n2   200,000 with ≤ 56 empties, by f2.bin; fit f3.bin of the four;
#  n3   200,000 from every stage, by f3.bin; fit patterns-10x10.bin of all five.
set -eu

recipes=$(dirname "$(realpath "$0")")
. "$recipes/common.sh"
board=10x10
# Every set: varied games, 10 positions a game at most.
varied="--openings 8 --depth 4 --per-game 10" # unquoted below: one word per option
# Every labelling search: depth 6, exact from 14 empties.
search="--label-depth 6 --label-exact 14" # unquoted below, as varied
enter_run "$@"

positions e14.positions 100000 $varied --max-empties 14 --label-depth 1 --label-exact 14 \
    --seed 1010
positions e16.positions 50000 --openings 8 --depth 4 --per-game 4 --max-empties 16 \
    --label-depth 1 --label-exact 16 --seed 1011
fit f1.bin "--phases 6,10,14" e14.positions e16.positions
positions n1.positions 150000 $varied --max-empties 30 $search --label-patterns f1.bin \
    --seed 1012
fit f2.bin "--phases 6,10,14,18,24,30" e14.positions e16.positions n1.positions
positions n2.positions 200000 $varied --max-empties 56 $search --label-patterns f2.bin \
    --seed 1013
fit f3.bin "--phases 6,10,14,18,24,30,36,44,56" e14.positions e16.positions n1.positions \
    n2.positions
positions n3.positions 200000 $varied $search --label-patterns f3.bin --seed 1014
fit patterns-10x10.bin "--phases 6,10,14,18,24,30,36,44,56,68,82" e14.positions \
    e16.positions n1.positions n2.positions n3.positions
sha256sum ./*.positions ./*.bin
