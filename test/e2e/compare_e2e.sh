#!/usr/bin/env bash
# aoti_instrument.compare end to end (test/e2e/compare_e2e.py) from the
# wheel, as a user has it: a fresh venv that sees the pinned torch, the
# wheel installed with `pip install --no-index`; the two-release case runs
# the reference package with the newest torch's Python.
#
#   compare_e2e.sh WHEEL_DIR TORCH_PYTHON NEWEST_PYTHON WORK
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
WHEEL=$(ls "$1"/aoti_instrument-*.whl)
TORCH_PY=$2
NEWEST_PY=$3
WORK=$4
mkdir -p "$WORK"
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/aoti-compare-e2e.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
"$REPO/scripts/wheel/fresh_venv.sh" "$SCRATCH/venv" "$TORCH_PY" "$WHEEL"
newest=()
[ -x "$NEWEST_PY" ] && newest=(--newest-python "$NEWEST_PY")
cd "$WORK"
exec "$SCRATCH/venv/bin/python" "$HERE/compare_e2e.py" --work "$WORK" "${newest[@]}"
