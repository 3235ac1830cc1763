#!/bin/sh
# Makes the shipped 8x8 evaluation, presets/patterns-8x8.bin, from nothing (BENCHMARKS.md,
# "Training"; STRENGTH.md, "Lobelia on 8×8"): five bootstrapping rounds from narrow games,
# four sets from varied games, then a correction step, about 110 minutes on 2 cores. The file
# shipped since 2026-12-03 (sha256 28e69bdd…) is this recipe's: its f7.bin, the file shipped
# before (f6fa9962…), was made again bit for bit from nothing (build of 80efbde, 2026-12-01);
# the correction step's sets were made by the build of 64e5483 labelling by that file, and
# their fit on it is the shipped file bit for bit. The file before f6fa9962… (60a0245e…) knew
# only games opened by four random plies, of which 8×8 has 244.
#
#   docs/recipes/patterns-8x8.sh DIR [REVERSI3D]
#
# DIR receives the position sets and the fits; REVERSI3D is the binary (default
# target/release/reversi3d). Run again after a stop: finished sets are kept, a set cut short
# resumes where it stopped, and the fits are made again. SCALE=N divides every count by N (a
# quick check of the recipe, e.g. SCALE=1000; its fits are of no use). SLURM="OPTIONS" makes
# the position sets on a Slurm cluster (docs/recipes/common.sh).
#
# The rounds on narrow games (depth-2 games among the nine-weight players, 4 random plies):
#  r0   100,000 positions with ≤ 14 empties, scored exactly;
#  t18  100,000 with ≤ 18 empties, scored exactly (4 a game); fit f1.bin of r0 and t18;
#  r2   150,000 with ≤ 30 empties, labelled by a depth-6 search by f1.bin (exact from 14);
#       fit f2.bin of r0, t18, r2;
#  r3   200,000 with ≤ 44 empties, by a depth-8 search by f2.bin; fit f3.bin of the four;
#  r4   200,000 from every stage, by f3.bin; fit f4.bin of all five.
# The rounds on varied games (depth-4 games among the same players, 10 random plies):
#  n0   100,000 with ≤ 14 empties, scored exactly;
#  n1   50,000 with ≤ 18 empties, scored exactly (4 a game);
#  n2   200,000 from every stage, by a depth-8 search by f4.bin; fit f5.bin of the eight sets;
#  n3   200,000 the same, by f5.bin; fit f6.bin of the nine;
#  n4   200,000 the same, by f6.bin; fit f7.bin of all ten (the file shipped before, f6fa9962…).
# The correction step (the same varied games, the stages where the file erred most):
#  c24a 600,000 with ≤ 24 empties, by a depth-8 search by f7.bin (exact from 14, 8 a game);
#  c24b 400,000 the same from other games;
#  x18  100,000 with ≤ 18 empties, scored exactly (4 a game);
#       patterns-8x8.bin  f7.bin corrected by them, with a parity weight per phase.
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
fit f4.bin "--phases 6,10,14,18,24,30,36,44,52" \
    r0.positions t18.positions r2.positions r3.positions r4.positions
positions n0.positions 100000 --openings 10 --depth 4 --per-game 10 --max-empties 14 \
    --label-depth 1 --label-exact 14 --seed 91
positions n1.positions 50000 --openings 10 --depth 4 --per-game 4 --max-empties 18 \
    --label-depth 1 --label-exact 18 --seed 92
positions n2.positions 200000 --openings 10 --depth 4 --per-game 10 --label-depth 8 \
    --label-exact 14 --label-patterns f4.bin --seed 93
fit f5.bin "--phases 6,10,14,18,24,30,36,44,52" r0.positions t18.positions r2.positions \
    r3.positions r4.positions n0.positions n1.positions n2.positions
positions n3.positions 200000 --openings 10 --depth 4 --per-game 10 --label-depth 8 \
    --label-exact 14 --label-patterns f5.bin --seed 94
fit f6.bin "--phases 6,10,14,18,24,30,36,44,52" r0.positions t18.positions r2.positions \
    r3.positions r4.positions n0.positions n1.positions n2.positions n3.positions
positions n4.positions 200000 --openings 10 --depth 4 --per-game 10 --label-depth 8 \
    --label-exact 14 --label-patterns f6.bin --seed 95
fit f7.bin "--phases 6,10,14,18,24,30,36,44,52" r0.positions t18.positions \
    r2.positions r3.positions r4.positions n0.positions n1.positions n2.positions n3.positions \
    n4.positions
positions c24a.positions 600000 --openings 10 --depth 4 --per-game 8 --max-empties 24 \
    --label-depth 8 --label-exact 14 --label-patterns f7.bin --seed 4991
positions c24b.positions 400000 --openings 10 --depth 4 --per-game 8 --max-empties 24 \
    --label-depth 8 --label-exact 14 --label-patterns f7.bin --seed 4992
positions x18.positions 100000 --openings 10 --depth 4 --per-game 4 --max-empties 18 \
    --label-depth 1 --label-exact 18 --seed 4993
fit patterns-8x8.bin "--prior f7.bin --parity --regularization 40" c24a.positions \
    c24b.positions x18.positions
sha256sum ./*.positions ./*.bin
