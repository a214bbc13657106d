#!/usr/bin/env bash
# The main job, on a bundled real wrapper (a CUDA MLP made by torch 2.11 with
# AOTInductor): list its kernel launch sites.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$REPO/scripts/env.sh"
"$REPO/scripts/bootstrap.sh"
export PATH="$AOTI_VENV/bin:$PATH"   # the tool asks this python3 for torch

WRAPPER=$REPO/test/Inputs/mlp_cuda/wrapper.cpp
echo "\$ aoti-instrument test/Inputs/mlp_cuda/wrapper.cpp --list"
"$AOTI_TOOL" "$WRAPPER" --list
