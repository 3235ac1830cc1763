#!/bin/sh
# Makes the shipped 8x8x8 evaluation, presets/patterns-8x8x8.bin (sha256 77caecde…), from
# nothing (BENCHMARKS.md, "Training"; STRENGTH.md, "Lobelia on 8×8×8 at depth 2"): about an
# hour on 2 cores, and 25 minutes more for the parity step. The shipped file is i5.bin (the file
# shipped before, b1252e05…, made by builds before 2026-12-01) corrected by the parity step
# made by the build of 6de7dcd (set 37015605…); it also orders the 8x8x8 solver.
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
#  i5.bin  the fit of all five sets;
#  p13     40,000 positions of fresh games with ≤ 13 empties, scored exactly (~22 min);
#  patterns-8x8x8.bin  i5.bin corrected by them with parity weights (λ 100, the best held
#          out: 11.31 discs rms against 11.44 at 30, 11.47 at 300, 11.90 at 1000). i5.bin's
#          exact-score errors leaned 5 to 10 discs either way by the parity of the empty
#          cells (with an even number the other side is due the last move, which a phase's
#          tables, spanning many empty counts, cannot tell); the step took its mean absolute
#          error at ≤ 13 empties from 11.5 to 8.3 discs on fresh games, and the 3D endgame
#          sets' nodes from 269.7 M to 190.8 M (selection) and 328.9 M to 295.5 M (goal;
#          BENCHMARKS.md).
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
fit i5.bin "$outcome --regularization 5000" e12.positions u1.positions u2.positions u3.positions u4.positions
# The parity step: exact scores of fresh games at ≤ 13 empties correct i5.bin, the two phases
# they reach (below 12 and 12–29 empties) gaining a weight for an even number of empty cells.
positions p13.positions 40000 --per-game 6 --depth 1 --max-empties 13 \
    --label-depth 1 --label-exact 13 --label-player Pippin --seed 5121
fit patterns-8x8x8.bin "--prior i5.bin --parity --regularization 100" p13.positions
sha256sum g.bin i5.bin p13.positions patterns-8x8x8.bin
