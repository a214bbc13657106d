#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs every test (lit + FileCheck, GoogleTest, CPU end-to-end) after making
# sure everything is installed and built. CI runs exactly this.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$REPO/scripts/env.sh"
"$REPO/scripts/bootstrap.sh"
cd "$AOTI_BUILD_DIR"
exec ctest --output-on-failure -j2
