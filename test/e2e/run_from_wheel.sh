#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs an end-to-end test script with aoti-instrument as a user has it: a
# fresh venv that sees the pinned torch, the wheel installed with
# `pip install --no-index` (scripts/wheel/fresh_venv.sh); the script runs
# in WORK with `--work WORK` and the ARGS given.
#
#   run_from_wheel.sh WHEEL_DIR TORCH_PYTHON WORK SCRIPT [ARGS...]
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
WHEEL=$(ls "$1"/aoti_instrument-*.whl)
TORCH_PY=$2
WORK=$3
SCRIPT=$4
shift 4
mkdir -p "$WORK"
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/aoti-e2e-venv.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
"$REPO/scripts/wheel/fresh_venv.sh" "$SCRATCH/venv" "$TORCH_PY" "$WHEEL"
args=()
for a in "$@"; do [ -n "$a" ] && args+=("$a"); done  # CMake's empty genex
cd "$WORK"
"$SCRATCH/venv/bin/python" "$SCRIPT" --work "$WORK" "${args[@]}"
