#!/usr/bin/env bash
# The shared large-grid benchmark sets: 36×36 and 49×49 grids with 40–60% of a random solution
# blanked (the hardness peak of quasigroup completion), made with a fixed seed by the peers'
# generator (../shared/peers/ortools/make_blanked.py, which needs the peers' venv with ortools)
# and written as numbers, 0 for a blank, so that every size reads the same way. A third file,
# 36x36-peak.txt, holds 16 puzzles at 50% and 55% blanked, where most 36×36 puzzles are hard: the
# sample on which to measure a change to the search, with several seeds.
#
# usage: [PYTHON=python] [PEERS=dir] scripts/large-sets.sh [OUT_DIR]    (default target/large)
# PEERS: the peer harnesses' folder holding ortools/make_blanked.py (default ../shared/peers);
# PYTHON: a Python that imports ortools (default: the peers' venv, else python3). Without one:
#   python3 -m venv target/venv && target/venv/bin/pip install ortools
#   PYTHON=target/venv/bin/python scripts/large-sets.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/large}
peers=${PEERS:-../shared/peers}
[ -f "$peers/ortools/make_blanked.py" ] || {
  echo "no $peers/ortools/make_blanked.py: set PEERS to the peer harnesses' folder" >&2
  exit 1
}
python=${PYTHON:-}
if [ -z "$python" ]; then
  for candidate in "$peers/.venv/bin/python" python3; do
    if "$candidate" -c 'import ortools' >/dev/null 2>&1; then
      python=$candidate
      break
    fi
  done
fi
if [ -z "$python" ] || ! "$python" -c 'import ortools' >/dev/null 2>&1; then
  echo "no Python with ortools: python3 -m venv target/venv && target/venv/bin/pip install ortools," >&2
  echo "then PYTHON=target/venv/bin/python $0" >&2
  exit 1
fi
mkdir -p "$out"
as_numbers() {
  python3 -c '
import sys
for line in sys.stdin:
    line = line.rstrip("\n")
    if line.startswith("#"):
        print(line + ", written as numbers (0 = blank)")
        continue
    print(" ".join("0" if c == "." else str(int(c)) if c.isdigit() else str(ord(c) - 55)
                   for c in line))'
}
set_of() { # size, puzzles per ratio, first seed
  local i=0
  for blank in 0.40 0.45 0.50 0.55 0.60; do
    i=$((i + 1))
    "$python" "$peers/ortools/make_blanked.py" --size "$1" --count "$2" --blank "$blank" \
      --seed $(($3 + i)) | as_numbers
  done
}
set_of 36 4 2600 > "$out/36x36-blanked.txt"
set_of 49 2 4900 > "$out/49x49-blanked.txt"
peak() { # hole ratio, seed
  "$python" "$peers/ortools/make_blanked.py" --size 36 --count 8 --blank "$1" --seed "$2" | as_numbers
}
{ peak 0.50 7001; peak 0.55 7002; } > "$out/36x36-peak.txt"
echo "wrote $out/36x36-blanked.txt (20 puzzles), $out/49x49-blanked.txt (10) and $out/36x36-peak.txt (16)"
