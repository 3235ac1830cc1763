#!/bin/sh
# Makes the shipped 8x8 evaluation, presets/patterns-8x8.bin, from nothing (BENCHMARKS.md,
# "Training"; STRENGTH.md, "Lobelia on 8×8"): five bootstrapping rounds, 50 minutes on 2
# cores. The file shipped since 2026-11-30 (sha256 60a0245e…) is this recipe's, made again bit
# for bit from nothing (build of b39fd1a); the one before (d6c86146…, its last round stopped at
# 65,772 positions) could not be: the settings of its later sets were not all recorded.
#
#   docs/recipes/patterns-8x8.sh DIR [REVERSI3D]
#
# DIR receives the position sets and the fits; REVERSI3D is the binary (default
# target/release/reversi3d). Run again after a stop: finished sets are kept, a set cut short
# resumes where it stopped, and the fits are made again. SCALE=N divides every count by N (a
# quick check of the recipe, e.g. SCALE=1000; its fits are of no use). SLURM="OPTIONS" makes
# the position sets on a Slurm cluster (docs/recipes/common.sh).
#
# The rounds (positions from depth-2 games among the nine-weight players):
#  r0   100,000 positions with ≤ 14 empties, scored exactly;
#  t18  100,000 with ≤ 18 empties, scored exactly (4 a game); fit f1.bin of r0 and t18;
#  r2   150,000 with ≤ 30 empties, labelled by a depth-6 search by f1.bin (exact from 14);
#       fit f2.bin of r0, t18, r2;
#  r3   200,000 with ≤ 44 empties, by a depth-8 search by f2.bin; fit f3.bin of the four;
#  r4   200,000 from every stage, by f3.bin; fit patterns-8x8.bin of all five.
set -eu

recipes=$(dirname "$(realpath "$0")")
. "$recipes/common.sh"
board=8x8
enter_run "$@"

positions r0.positions 100000 --depth 2 --per-game 10 --max-empties 14 --label-depth 1 \
    --label-exact 14 --seed 70
positions t18.positions 100000 --depth 2 --per-game 4 --max-empties 18 --label-depth 1 \
    --label-exact 18 --seed 718
fit f1.bin "--phases 6,10,14" r0.positions t18.positions
positions r2.positions 150000 --depth 2 --per-game 8 --max-empties 30 --label-depth 6 \
    --label-exact 14 --label-patterns f1.bin --seed 72
fit f2.bin "--phases 6,10,14,18,24,30" r0.positions t18.positions r2.positions
positions r3.positions 200000 --depth 2 --per-game 10 --max-empties 44 --label-depth 8 \
    --label-exact 14 --label-patterns f2.bin --seed 73
fit f3.bin "--phases 6,10,14,18,24,30,36,44" r0.positions t18.positions r2.positions r3.positions
positions r4.positions 200000 --depth 2 --per-game 10 --label-depth 8 --label-exact 14 \
    --label-patterns f3.bin --seed 74
fit patterns-8x8.bin "--phases 6,10,14,18,24,30,36,44,52" \
    r0.positions t18.positions r2.positions r3.positions r4.positions
sha256sum r0.positions t18.positions r2.positions r3.positions r4.positions patterns-8x8.bin
