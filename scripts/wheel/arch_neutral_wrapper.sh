#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Copies wrapper.cpp IN to OUT without the x86-only flags of its compile
# command (-mavx*, -mfma, -mamx-*, -D CPU_CAPABILITY_AVX512), which clang
# refuses for another target: the tool parses a wrapper for the machine it
# runs on, and test/Inputs' wrappers were compiled on x86-64. The copy is
# what AOTI on aarch64 writes, near enough for the wheels' checks to run
# the aarch64 tool (under qemu) and the x86-64 one on the same input.
#
#   arch_neutral_wrapper.sh IN OUT
set -euo pipefail
sed -E 's/ -m(avx[0-9a-z]*|fma|amx-[a-z0-9]*)\b//g; s/-D CPU_CAPABILITY_AVX512 //g' "$1" > "$2"
