#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# On the GPU machine: AOTI-compile the models whose wrappers are used as test
# inputs and benchmarks (transformers, CUDA, dynamic shapes, fp32 and bf16),
# and bring their wrapper.cpp back in $OUT/wrappers.tar.gz.
set -uo pipefail
cd "$(dirname "$0")/../.."
W=/tmp/aoti-gen; mkdir -p "$W"
H="python3 test/e2e/harness.py compile"
$H --model transformer --device cuda --dynamic --out $W/transformer12_cuda_dyn &
$H --model transformer --device cuda --dynamic --dtype bf16 --out $W/transformer12_cuda_dyn_bf16 &
wait
$H --model transformer --device cuda --layers 2 --d 64 --heads 4 --batch 2 --seq 16 --out $W/transformer2_cuda &
$H --model gather_ima --device cuda --out $W/gather_ima_cuda &
$H --model nan_chain --device cuda --out $W/nan_chain_cuda &
$H --model embed --device cuda --dynamic --out $W/embed_cuda_dyn &
wait
(cd $W && for d in */; do d=${d%/}; w=$(find $d/pkg -name '*.wrapper.cpp' | head -1);
  [ -n "$w" ] && mkdir -p out/$d && cp "$w" out/$d/wrapper.cpp && cp $d/case.json out/$d/; done
tar czf "${OUT:-/tmp}/wrappers.tar.gz" -C out .)
ls -la $W/out/*
# The tool itself, on the GPU machine, on what was just generated.
source scripts/e2e/device_setup.sh
for d in $W/out/*/; do $AOTI_TOOL $d/wrapper.cpp --list 2>&1 | tail -3; done
