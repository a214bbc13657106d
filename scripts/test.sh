#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs every test (lit + FileCheck, GoogleTest, CPU end-to-end) after making
# sure everything is installed and built, then names the ten slowest (and
# lit's ten slowest). CI runs exactly this.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$REPO/scripts/env.sh"
"$REPO/scripts/bootstrap.sh"
cd "$AOTI_BUILD_DIR"
# torch checks the CPU's vector ISA on every package load by compiling and
# running a probe in a second Python that imports torch (4 s a load here);
# this tells it the ISA /proc/cpuinfo names works, which the tests' own
# builds for this CPU show. The tests load hundreds of packages.
export TORCHINDUCTOR_VEC_ISA_OK=${TORCHINDUCTOR_VEC_ISA_OK:-1}
start=$(date +%s)
rc=0
ctest --output-on-failure -j2 | tee ctest.log || rc=$?
python3 "$REPO/scripts/dev/slowest_tests.py" ctest.log test/.lit_test_times.txt \
  --wall $(($(date +%s) - start)) || true
exit "$rc"
