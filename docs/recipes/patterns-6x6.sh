#!/bin/sh
# Makes the shipped 6x6 evaluation, presets/patterns-6x6.bin, from nothing (BENCHMARKS.md,
# "Training"; STRENGTH.md, "Lobelia"): four bootstrapping rounds, about 2 minutes on 2 cores.
# Made again with it on 2026-11-30: the shipped file bit for bit (sha256 002071b9…).
#
#   docs/recipes/patterns-6x6.sh DIR [REVERSI3D]
#
# DIR receives the position sets and the fits; REVERSI3D is the binary (default
# target/release/reversi3d). Run again after a stop: finished sets are kept, a set cut short
# resumes where it stopped, and the fits are made again. SCALE=N divides every count by N (a
# quick check of the recipe, e.g. SCALE=1000; its fits are of no use). SLURM="OPTIONS" makes
# the position sets on a Slurm cluster (docs/recipes/common.sh).
#
# The rounds (positions from depth-2 games among the nine-weight players):
#  r0  100,000 positions with ≤ 14 empties, scored exactly; fit r0.bin, phases 6,10;
#  r1  100,000 with ≤ 20 empties, labelled by a depth-6 search by r0.bin (exact from 14);
#      fit r1.bin of r0–r1;
#  r2  the same with ≤ 26 empties, by r1.bin; fit r2.bin of r0–r2;
#  r3  150,000 from every stage, by r2.bin; fit patterns-6x6.bin of r0–r3.
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
fit patterns-6x6.bin "--phases 6,10,14,18,22,26" r0.positions r1.positions r2.positions r3.positions
sha256sum r0.positions r1.positions r2.positions r3.positions patterns-6x6.bin
