#!/bin/sh
# Makes the shipped 6x6x6 evaluation, presets/patterns-6x6x6.bin (sha256 aa485946…), and the
# 6x6x6 solver's order, presets/patterns-6x6x6-endgame.bin (its first fit, 91113353…), from
# nothing (BENCHMARKS.md, "Training"; STRENGTH.md, "Lobelia on 6×6×6"): four bootstrapping
# rounds and the final fit, about 50 minutes on 2 cores (issue 60: ≤ 3 hours). The shipped
# file is this recipe's own since 2026-11-30 (build of b39fd1a); the one before it could not
# be made again (its sets were labelled by fits of an older pattern catalog). SLURM=… makes
# the sets on a Slurm cluster (common.sh).
#
#   docs/recipes/patterns-6x6x6.sh DIR [REVERSI3D]
#
# DIR receives the position sets and the fits; REVERSI3D is the binary (default
# target/release/reversi3d). Run again after a stop: finished sets are kept, a set cut short
# resumes where it stopped, and the fits are made again. SCALE=N divides every count by N (a
# quick check of the recipe, e.g. SCALE=200; its fits are of no use).
#
# The rounds (positions from depth-1 games among the nine-weight players, 6 a game):
#  e14  35,564 positions with ≤ 14 empties, scored exactly (~16 min); fit g0.bin, phases 6,10;
#  r1   60,000 with ≤ 40 empties, labelled by a depth-4 search by g0.bin (exact from 14;
#       ~4 min); fit g1.bin of e14 and r1;
#  r2   the same with ≤ 90 empties, by g1.bin (~9 min); fit g2.bin of the three;
#  r3   80,000 from every stage, by g2.bin (~14 min);
#  patterns-6x6x6.bin  the fit of all four, eleven phases.
set -eu

recipes=$(dirname "$(realpath "$0")")
. "$recipes/common.sh"
board=6x6x6
# Every set: depth-1 games, 6 positions a game at most, exact from 14 empties.
game="--depth 1 --per-game 6 --label-exact 14" # unquoted below: one word per option
enter_run "$@"

positions e14.positions 35564 $game --max-empties 14 --label-depth 1 --seed 41
fit g0.bin "--phases 6,10 --regularization 100" e14.positions
positions r1.positions 60000 $game --max-empties 40 --label-depth 4 --label-patterns g0.bin --seed 81
fit g1.bin "--phases 6,10,16,24,32 --regularization 40" e14.positions r1.positions
positions r2.positions 60000 $game --max-empties 90 --label-depth 4 --label-patterns g1.bin --seed 82
fit g2.bin "--phases 6,10,16,24,32,44,60,75 --regularization 40" e14.positions r1.positions r2.positions
positions r3.positions 80000 $game --label-depth 4 --label-patterns g2.bin --seed 83
fit patterns-6x6x6.bin "--phases 6,10,16,24,32,44,60,75,100,130,160 --regularization 100" \
    e14.positions r1.positions r2.positions r3.positions
# The first fit, of exact scores alone, orders the 6x6x6 solver best: shipped beside.
cp g0.bin patterns-6x6x6-endgame.bin
sha256sum e14.positions r1.positions r2.positions r3.positions patterns-6x6x6.bin \
    patterns-6x6x6-endgame.bin
