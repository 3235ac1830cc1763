#!/bin/sh
# Makes the shipped 6x6 evaluation, presets/patterns-6x6.bin, from nothing (BENCHMARKS.md,
# "Training"; STRENGTH.md, "Lobelia"): four bootstrapping rounds on narrow games, then three
# sets from varied games, about 3 minutes on 2 cores. The file shipped since 2026-12-01
# (sha256 118a5a51…) is this recipe's (build of a44211e). The one before (002071b9…, the fit of
# r0–r3 made by a build before 80efbde, other games) knew only four-ply openings (244 on 6×6).
#
#   docs/recipes/patterns-6x6.sh DIR [REVERSI3D]
#
# DIR receives the position sets and the fits; REVERSI3D is the binary (default
# target/release/reversi3d). Run again after a stop: finished sets are kept, a set cut short
# resumes where it stopped, and the fits are made again. SCALE=N divides every count by N (a
# quick check of the recipe, e.g. SCALE=1000; its fits are of no use). SLURM="OPTIONS" makes
# the position sets on a Slurm cluster (docs/recipes/common.sh).
#
# The rounds on narrow games (depth-2 games among the nine-weight players, 4 random plies):
#  r0  100,000 positions with ≤ 14 empties, scored exactly; fit r0.bin, phases 6,10;
#  r1  100,000 with ≤ 20 empties, labelled by a depth-6 search by r0.bin (exact from 14);
#      fit r1.bin of r0–r1;
#  r2  the same with ≤ 26 empties, by r1.bin; fit r2.bin of r0–r2;
#  r3  150,000 from every stage, by r2.bin; fit r3.bin of r0–r3.
# The rounds on varied games (depth-4 games among the same players, 8 random plies):
#  n0  100,000 with ≤ 14 empties, scored exactly;
#  n1  150,000 from every stage, by a depth-6 search by r3.bin; fit n1.bin of the six sets;
#  n2  150,000 the same, by n1.bin; fit patterns-6x6.bin of all seven.
set -eu

recipes=$(dirname "$(realpath "$0")")
. "$recipes/common.sh"
board=6x6
# Every set: depth-2 games, 10 positions a game at most, exact from 14 empties.
game="--depth 2 --per-game 10 --label-exact 14" # unquoted below: one word per option
enter_run "$@"

positions r0.positions 100000 $game --max-empties 14 --label-depth 1 --seed 50
fit r0.bin "--phases 6,10" r0.positions
positions r1.positions 100000 $game --max-empties 20 --label-depth 6 --label-patterns r0.bin --seed 51
fit r1.bin "--phases 6,10,14,18" r0.positions r1.positions
positions r2.positions 100000 $game --max-empties 26 --label-depth 6 --label-patterns r1.bin --seed 52
fit r2.bin "--phases 6,10,14,18,22" r0.positions r1.positions r2.positions
positions r3.positions 150000 $game --label-depth 6 --label-patterns r2.bin --seed 53
fit r3.bin "--phases 6,10,14,18,22,26" r0.positions r1.positions r2.positions r3.positions
varied="--openings 8 --depth 4 --per-game 10 --label-exact 14" # unquoted below, as game
positions n0.positions 100000 $varied --max-empties 14 --label-depth 1 --seed 151
positions n1.positions 150000 $varied --label-depth 6 --label-patterns r3.bin --seed 152
fit n1.bin "--phases 6,10,14,18,22,26" r0.positions r1.positions r2.positions r3.positions \
    n0.positions n1.positions
positions n2.positions 150000 $varied --label-depth 6 --label-patterns n1.bin --seed 153
fit patterns-6x6.bin "--phases 6,10,14,18,22,26" r0.positions r1.positions r2.positions \
    r3.positions n0.positions n1.positions n2.positions
sha256sum ./*.positions ./*.bin
