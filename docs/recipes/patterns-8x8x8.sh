#!/bin/sh
# Makes the shipped 8x8x8 evaluation, presets/patterns-8x8x8.bin, and the 8x8x8 solver's order,
# presets/patterns-8x8x8-endgame.bin (sha256 f40b91c5…, made by the build of 420ddab, set
# b3d68d9e…), from nothing (BENCHMARKS.md, "Training"; STRENGTH.md, "Lobelia on 8×8×8 at
# depth 2"): about an hour on 2 cores, and 10 minutes more for the solver's order.
#
#   docs/recipes/patterns-8x8x8.sh DIR [REVERSI3D]
#
# DIR receives the position sets and the fits; REVERSI3D is the binary (default
# target/release/reversi3d). Run again after a stop: finished sets are kept, a set cut short
# resumes where it stopped, and the fits are made again. SCALE=N divides every count by N (a
# quick check of the recipe, e.g. SCALE=100; its fits are of no use). SLURM="OPTIONS" makes
# the position sets on a Slurm cluster (docs/recipes/common.sh).
#
# The steps:
#  e12     60,000 positions with ≤ 12 empties, scored exactly (as round 0 of `train-patterns
#          --board 8x8x8 --count 60000 --exact-empties 12 --seed 901` draws them);
#  u1–u3   600,000 positions of depth-1 games among the nine-weight players, unlabelled;
#  g.bin   the first fit: exact scores, and game outcomes for the rest (`--target outcome`);
#  u4      300,000 positions of depth-1 games of Lobelia's nine weights (Hamfast's) against
#          Pippin: meant as games of the first fit, but `positions` plays the classic search
#          by default, which reads no pattern file, so first.ron's g.bin went unread (the
#          command says so since 2026-12-02); kept, as the shipped file was made so;
#  patterns-8x8x8.bin  the fit of all five sets;
#  e12p    40,000 positions of fresh games with ≤ 12 empties, scored exactly (~10 min);
#  patterns-8x8x8-endgame.bin  their fit with parity weights, phases 6,10: the solver's order
#          (BENCHMARKS.md, the 3D selection sets: 223.2 M nodes against 269.7 M by
#          patterns-8x8x8.bin, whose exact-score errors lean 4–7 discs by the parity of the
#          empty cells).
set -eu

recipes=$(dirname "$(realpath "$0")")
. "$recipes/common.sh"
lobelia=$recipes/../../presets/lobelia.ron
board=8x8x8
# Every fit: exact scores, and for the rest their games' final margins.
outcome="--target outcome --phases 12,30,60,120,240 --patience 40"
enter_run "$@"

positions e12.positions 60000 --per-game 6 --depth 1 --max-empties 12 \
    --label-depth 1 --label-exact 12 --label-player Pippin --seed 901
positions u1.positions 60000 --per-game 30 --depth 1 --seed 3001
positions u2.positions 240000 --per-game 30 --depth 1 --seed 3002
positions u3.positions 300000 --per-game 30 --depth 1 --seed 3003
fit g.bin "$outcome --regularization 10000" e12.positions u1.positions u2.positions

# Meant: the first fit plays as Lobelia. Under the classic search (the default) first.ron plays
# by Lobelia's nine weights alone; the shipped file was fitted to these games.
sed -e 's/patterns: \[.*\]/patterns: ["g.bin"]/' "$lobelia" > first.ron
positions u4.positions 300000 --players first.ron,Pippin --per-game 30 --depth 1 --seed 3004
fit patterns-8x8x8.bin "$outcome --regularization 5000" e12.positions u1.positions u2.positions u3.positions u4.positions
# The solver's order: exact scores of fresh games at ≤ 12 empties, two phases, parity weights.
positions e12p.positions 40000 --per-game 6 --depth 1 --max-empties 12 \
    --label-depth 1 --label-exact 12 --label-player Pippin --seed 5111
fit patterns-8x8x8-endgame.bin "--phases 6,10 --regularization 30 --parity" e12p.positions
sha256sum g.bin patterns-8x8x8.bin e12p.positions patterns-8x8x8-endgame.bin
