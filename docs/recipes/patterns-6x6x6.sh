#!/bin/sh
# Makes the shipped 6x6x6 evaluation, presets/patterns-6x6x6.bin (sha256 a22d5edc…), and the
# 6x6x6 solver's order, presets/patterns-6x6x6-endgame.bin (3475c12e…: exact scores with parity
# weights, made by the build of cb16e03; the solver's order before it, 91113353…, was g0.bin), from
# nothing (BENCHMARKS.md, "Training"; STRENGTH.md, "Lobelia on 6×6×6"): four bootstrapping
# rounds, the final fit and the parity step, about 70 minutes on 2 cores, and 15 more for the
# solver's order (issue 60: ≤ 3 hours). The shipped files are this recipe's own: its rounds up
# to g3.bin made by the build of 541526c (g3.bin is the file shipped before, 5722627b…), the
# parity step by the build of c125502 (set b64b68a8…), the solver's order by the build of
# cb16e03 (set be2f5acc…). SLURM=… makes the sets on a Slurm cluster (common.sh).
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
#       ~4 min), and r1-odd, the same positions labelled by a depth-3 search (~2 min); fit
#       g1.bin of e14, r1 and r1-odd;
#  r2   the same with ≤ 90 empties, by g1.bin (~9 and ~5 min); fit g2.bin of the five;
#  r3   80,000 from every stage, by g2.bin (~14 and ~5 min); g3.bin the fit of all seven,
#       eleven phases;
#  p12  20,000 with ≤ 12 empties from fresh games, scored exactly (~2.5 min on one core);
#       patterns-6x6x6.bin  g3.bin corrected by them with parity weights (the phases below
#       16 empties; a phase the set sees at one parity alone could not tell parity from bias).
#  e14p 40,000 with ≤ 14 empties from fresh games, scored exactly (~15 min);
#       patterns-6x6x6-endgame.bin  their fit with parity weights, phases 6,10: the solver's
#       order (BENCHMARKS.md, the 3D endgame sets: 6×6×6 130.0 M nodes against g0.bin's 139.0 M).
# Why parity weights: with an even number of empty cells the other side is due the last move,
# and on a cube the last moves flip many discs; a phase's tables span several empty counts
# and cannot tell (g3.bin erred by −4.1 discs on average at 0–4 empties when even, +2.4 when
# odd; BENCHMARKS.md, the 6×6×6 accuracy row).
# Why each round twice: on a cube a move flips many discs, and a search's value depends on
# whose turn it is at its leaves (BENCHMARKS.md, "the odd–even effect"). A fit to even depths
# alone learns their side of it; fitted to both, its depth-1 and depth-2 values differ by at
# most 3.1 discs from 100 to 159 empties instead of 7.6, and the Review graph zigzags less.
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
positions r1-odd.positions 60000 $game --max-empties 40 --label-depth 3 --label-patterns g0.bin --seed 81
fit g1.bin "--phases 6,10,16,24,32 --regularization 40" e14.positions r1.positions r1-odd.positions
positions r2.positions 60000 $game --max-empties 90 --label-depth 4 --label-patterns g1.bin --seed 82
positions r2-odd.positions 60000 $game --max-empties 90 --label-depth 3 --label-patterns g1.bin --seed 82
fit g2.bin "--phases 6,10,16,24,32,44,60,75 --regularization 40" e14.positions r1.positions \
    r1-odd.positions r2.positions r2-odd.positions
positions r3.positions 80000 $game --label-depth 4 --label-patterns g2.bin --seed 83
positions r3-odd.positions 80000 $game --label-depth 3 --label-patterns g2.bin --seed 83
fit g3.bin "--phases 6,10,16,24,32,44,60,75,100,130,160 --regularization 100" \
    e14.positions r1.positions r1-odd.positions r2.positions r2-odd.positions r3.positions \
    r3-odd.positions
# The parity step: exact scores of fresh games at ≤ 12 empties correct g3.bin, each phase
# they reach gaining a weight for an even number of empty cells (fit-patterns --parity).
positions p12.positions 20000 --depth 1 --per-game 6 --max-empties 12 --label-depth 1 \
    --label-exact 12 --seed 4941
fit patterns-6x6x6.bin "--prior g3.bin --parity --regularization 1000" p12.positions
# The solver's order: exact scores of fresh games at ≤ 14 empties, two phases, parity weights.
positions e14p.positions 40000 $game --max-empties 14 --label-depth 1 --seed 5101
fit patterns-6x6x6-endgame.bin "--phases 6,10 --regularization 100 --parity" e14p.positions
sha256sum e14.positions r1.positions r1-odd.positions r2.positions r2-odd.positions \
    r3.positions r3-odd.positions g3.bin p12.positions patterns-6x6x6.bin e14p.positions \
    patterns-6x6x6-endgame.bin
