#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds every artifact of a release from this clone's HEAD, checks each
# one, and says what would be uploaded and how. It uploads nothing.
#
#   scripts/release.sh [--out DIR] [--no-aarch64] [--no-sdist-build]
#
# Made, in DIR (default <repo>/release/<version>):
#   the x86-64 wheel    scripts/build_wheel.sh, in a build dir of its own
#   the aarch64 wheel   scripts/build_wheel_aarch64.sh (cross-compiled)
#   the sdist           scripts/wheel/aoti_build.py (pyproject.toml's
#                       backend): every tracked file and PKG-INFO
# Checked, each fatal:
#   twine check         every artifact's metadata and description
#   check_wheel.py      each wheel's contents, tags, licenses, static tool
#                       (llvm-readelf), auditwheel show
#   offline install     pip install --no-index into a fresh venv (x86-64);
#                       pip install --no-index --platform ... --target for
#                       aarch64 (pip's own check of its tags)
#   smoke test          the installed tool, natively and under qemu-user
#                       for aarch64: --version, --list-presets, --list and
#                       a preset on a CPU and a CUDA wrapper.cpp, explain
#                       on a real CUDA core dump; aarch64's output must be
#                       x86-64's, byte for byte
#   the sdist builds    unpacked alone, `pip wheel` builds the tool from it
#                       (--no-sdist-build skips this: a full build)
# Refuses a tree with uncommitted changes: a release is a commit.
# Environment: as scripts/env.sh (AOTI_CACHE_DIR).
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/env.sh
source "$REPO/scripts/env.sh"

AARCH64=1 SDIST_BUILD=1 OUT=""
while (($#)); do
  case $1 in
    --out) OUT=$2; shift ;;
    --no-aarch64) AARCH64=0 ;;
    --no-sdist-build) SDIST_BUILD=0 ;;
    -h|--help) sed -n '3,28p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "release.sh: unknown argument '$1' (--help)" >&2; exit 2 ;;
  esac
  shift
done

log() { printf '[release] %s\n' "$*" >&2; }
die() { printf '[release] error: %s\n' "$*" >&2; exit 1; }

VERSION=$(python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import aoti_build; print(aoti_build.version())' "$REPO/scripts/wheel")
OUT=${OUT:-$REPO/release/$VERSION}
[ -z "$(git -C "$REPO" status --porcelain --untracked-files=no)" ] ||
  die "uncommitted changes in $REPO: a release is built from a commit"
REVISION=$(git -C "$REPO" rev-parse HEAD)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/aoti-release.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"
rm -f "$OUT"/aoti_instrument-*
log "aoti-instrument $VERSION from $REVISION into $OUT"

TI=$AOTI_CACHE_DIR/torch-headers/$AOTI_TORCH_VERSION/include
TOOLS_PY=$AOTI_TOOLS_VENV/bin/python

build_artifacts() {
  log "the x86-64 wheel"
  AOTI_BUILD_DIR=$REPO/build-release/x86_64 "$REPO/scripts/build_wheel.sh" "$OUT" >&2
  if ((AARCH64)); then
    log "the aarch64 wheel (cross-compiled)"
    "$REPO/scripts/build_wheel_aarch64.sh" "$OUT" >&2
  fi
  log "the sdist"
  "$TOOLS_PY" -c 'import sys; sys.path.insert(0, sys.argv[1]); import aoti_build; aoti_build.build_sdist(sys.argv[2])' \
    "$REPO/scripts/wheel" "$OUT" >&2
}

wheel_of() { # ARCH
  compgen -G "$OUT/aoti_instrument-$VERSION-py3-none-*_$1.whl" | head -1
}

check_metadata() {
  log "twine check"
  "$TOOLS_PY" -m twine check --strict "$OUT"/* >&2
  log "check_wheel.py (x86-64)"
  "$TOOLS_PY" "$REPO/test/wheel/check_wheel.py" "$(wheel_of x86_64)" \
    --readelf /usr/lib/llvm-19/bin/llvm-readelf --auditwheel-python "$TOOLS_PY" \
    --torch-include "$TI" --wrapper "$REPO/test/Inputs/mlp_cpu/wrapper.cpp" >&2
  if ((AARCH64)); then
    log "check_wheel.py (aarch64, the tool under qemu-user)"
    "$REPO/scripts/wheel/arch_neutral_wrapper.sh" \
      "$REPO/test/Inputs/mlp_cpu/wrapper.cpp" "$WORK/neutral.cpp"
    "$TOOLS_PY" "$REPO/test/wheel/check_wheel.py" "$(wheel_of aarch64)" \
      --readelf /usr/lib/llvm-19/bin/llvm-readelf --auditwheel-python "$TOOLS_PY" \
      --torch-include "$TI" --wrapper "$WORK/neutral.cpp" \
      --emulator qemu-aarch64-static >&2
  fi
}

# Runs the smoke commands with the tool $1 (through emulator $2, or none)
# in $3, writing each command's output to $3/NAME.out with the work dir's
# path replaced, so that two runs compare byte for byte.
smoke() { # TOOL EMULATOR DIR
  local tool=$1 emu=$2 dir=$3 run
  mkdir -p "$dir"
  run() { # NAME ARGS...
    local name=$1; shift
    (cd "$dir" && $emu "$tool" "$@" >"$name.raw" 2>&1) ||
      { cat "$dir/$name.raw" >&2; die "smoke test $name failed: $tool $*"; }
    # The sandbox line of --version says what this kernel (or emulator)
    # offers, not what the tool is: qemu-user has no Landlock.
    sed -E -e "s|$dir|DIR|g" -e "s|$REPO|REPO|g" \
      -e 's|[^ ]*/aoti_instrument/data/|DATA/|g' -e '/^rebuild sandbox: /d' \
      "$dir/$name.raw" > "$dir/$name.out"
  }
  # Both architectures parse the same inputs: the wrappers less their x86
  # flags (the tool parses for the machine it runs on).
  "$REPO/scripts/wheel/arch_neutral_wrapper.sh" "$REPO/test/Inputs/mlp_cpu/wrapper.cpp" "$dir/cpu.cpp"
  "$REPO/scripts/wheel/arch_neutral_wrapper.sh" "$REPO/test/Inputs/mlp_cuda/wrapper.cpp" "$dir/cuda.cpp"
  python3 "$REPO/test/Inputs/coredump/edit-core.py" \
    "$REPO/test/Inputs/coredump/llama_gather.core.gz" "$dir/llama.core"
  run version --version
  grep '^rebuild sandbox: ' "$dir/version.raw" | sed "s|^|  $(basename "$dir"): |" >&2 || true
  run presets --list-presets
  run list-cpu --list cpu.cpp --torch-include="$TI"
  run list-cuda --list cuda.cpp --torch-include="$TI"
  run nan-hunt-cpu cpu.cpp -rules nan-hunt -o cpu.nan.cpp --torch-include="$TI"
  run ima-cuda cuda.cpp -rules pinpoint-ima -o cuda.ima.cpp --torch-include="$TI"
  # nan-hunt's CUDA output carries the runtime's device code (PTX): the
  # same bytes from both architectures.
  run nan-hunt-cuda cuda.cpp -rules nan-hunt -o cuda.nan.cpp --torch-include="$TI"
  run explain explain llama.core
  local f
  for f in cpu.nan cuda.ima cuda.nan aoti_instrument_runtime; do
    sed -E 's|[^ ]*/aoti_instrument/data/|DATA/|g' "$dir/$f"*.[ch]* > "$dir/$f.out"
  done
}

install_x86_64() {
  log "offline install (x86-64) into a fresh venv, then the smoke test"
  python3 -m venv "$WORK/venv"
  "$WORK/venv/bin/pip" install -q --no-index --disable-pip-version-check \
    "$(wheel_of x86_64)" >&2
  "$WORK/venv/bin/python" -c 'import aoti_instrument, sys; assert aoti_instrument.__version__ == sys.argv[1], aoti_instrument.__version__' "$VERSION"
  smoke "$WORK/venv/bin/aoti-instrument" "" "$WORK/smoke-x86_64"
}

install_aarch64() {
  log "offline install (aarch64, pip --platform --target), then the smoke test under qemu-user"
  python3 -m pip install -q --no-index --disable-pip-version-check --no-deps --root-user-action=ignore \
    --platform manylinux2014_aarch64 --only-binary=:all: \
    --target "$WORK/aarch64" "$(wheel_of aarch64)" >&2
  smoke "$WORK/aarch64/aoti_instrument/data/bin/aoti-instrument" \
    qemu-aarch64-static "$WORK/smoke-aarch64"
  local f
  for f in "$WORK/smoke-x86_64"/*.out; do
    cmp -s "$f" "$WORK/smoke-aarch64/$(basename "$f")" ||
      { diff "$f" "$WORK/smoke-aarch64/$(basename "$f")" | head -20 >&2
        die "aarch64's $(basename "$f" .out) differs from x86-64's"; }
  done
  log "aarch64 said what x86-64 said: $(ls "$WORK/smoke-x86_64"/*.out | wc -l) outputs byte for byte"
}

build_from_sdist() {
  log "the sdist, unpacked alone, builds the tool (pip wheel; a full build)"
  tar -xzf "$OUT/aoti_instrument-$VERSION.tar.gz" -C "$WORK"
  # Its build dir inside it: ccache (paths relative to the source) reuses
  # the objects of the wheels' builds.
  AOTI_BUILD_DIR=$WORK/aoti_instrument-$VERSION/build AOTI_WHEEL_PYTHON=$TOOLS_PY \
    "$TOOLS_PY" -m pip wheel -q --no-deps --no-build-isolation \
    --wheel-dir "$WORK/from-sdist" "$WORK/aoti_instrument-$VERSION" >&2
  unzip -p "$WORK"/from-sdist/*.whl 'aoti_instrument-*.dist-info/licenses/RELINKING*' 2>/dev/null |
    grep -q "$REVISION" || log "note: the sdist's wheel names no revision"
  log "built from the sdist: $(basename "$WORK"/from-sdist/*.whl)"
}

report() {
  log "every check passed. To upload (nothing has been uploaded):"
  (cd "$OUT" && for f in *; do
     printf '  %s  %s bytes  sha256 %s\n' "$f" "$(stat -c %s "$f")" "$(sha256sum "$f" | cut -d' ' -f1)"
   done)
  echo "  $TOOLS_PY -m twine upload $OUT/*"
}

build_artifacts
check_metadata
install_x86_64
((AARCH64)) && install_aarch64
((SDIST_BUILD)) && build_from_sdist
report
