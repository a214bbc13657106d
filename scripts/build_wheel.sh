#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the aoti-instrument wheel from this checkout on Debian bookworm:
# installs what the build needs (scripts/bootstrap.sh --wheel-only: Debian
# packages, auditwheel, a static libzip), builds the fully static tool and
# the wheel, checks them (scripts/wheel/make_wheel.py: no NEEDED entry,
# auditwheel's tag) and copies the wheel to DIR (default dist/).
#
#   scripts/build_wheel.sh [DIR]
#   pip install dist/aoti_instrument-*.whl
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/env.sh
source "$REPO/scripts/env.sh"
DEST=${1:-$REPO/dist}
"$REPO/scripts/bootstrap.sh" --wheel-only
mkdir -p "$DEST"
rm -f "$DEST"/aoti_instrument-*_x86_64.whl
cp "$AOTI_BUILD_DIR"/dist/aoti_instrument-*.whl "$DEST/"
ls "$DEST"/aoti_instrument-*.whl
