# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Shared settings of the scripts (sourced, not run). The one place that pins
# torch: the GPU machine has 2.11, and the corpus was made with it.
AOTI_TORCH_VERSION=2.11
# Every torch release whose wrappers the tool is tested on; bootstrap.sh
# fetches each one's headers (lib/Analysis/fetch_torch_headers.py) into
# $AOTI_CACHE_DIR/torch-headers/<X.Y>/include, for --torch-version and tests.
AOTI_TORCH_RELEASES=(2.9 2.10 2.11 2.12 2.13 2.14 2.15)
AOTI_CACHE_DIR=${AOTI_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/aoti-instrument}
AOTI_VENV=$AOTI_CACHE_DIR/venv-torch-$AOTI_TORCH_VERSION
# The newest torch on PyPI: packages it makes are tested end to end too.
AOTI_TORCH_NEWEST=2.15
AOTI_VENV_NEWEST=$AOTI_CACHE_DIR/venv-torch-$AOTI_TORCH_NEWEST
# Tools of the wheel's build and release: auditwheel and twine, which check
# the wheels and the sdist.
AOTI_TOOLS_VENV=$AOTI_CACHE_DIR/venv-tools
AOTI_TOOLS_REQUIREMENTS="auditwheel==6.* twine==6.*"
# The static libzip the wheel's tool links (scripts/wheel/static_libzip.sh).
AOTI_STATIC_LIBZIP=$AOTI_CACHE_DIR/static-libzip
AOTI_BUILD_DIR=${AOTI_BUILD_DIR:-$REPO/build}
AOTI_TOOL=$AOTI_BUILD_DIR/bin/aoti-instrument

# Compiles go through ccache (a Debian package), its cache beside the venvs:
# a fresh clone (CI's) rebuilds the tool, its static twin and the fuzzers
# from objects an earlier build of the same sources made. Keyed by the
# preprocessed source and the flags, paths taken relative to the clone, so
# a clone in another folder hits too; a changed file misses.
export CCACHE_DIR=${CCACHE_DIR:-$AOTI_CACHE_DIR/ccache}
export CCACHE_BASEDIR=$REPO
export CCACHE_NOHASHDIR=true
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-6G}
# Installs the Debian packages named that are not installed yet (and
# python3-venv when venv or ensurepip is missing): one apt-get call, with
# sudo when not root.
aoti_install_packages() { # PACKAGE...
  local missing=() p
  for p in "$@"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)
  ((${#missing[@]})) || return 0
  printf '[env] installing Debian packages: %s\n' "${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
}
# Makes virtualenv $1 hold requirements $2...: skipped when it already holds
# exactly those; written last, so an interrupted install is redone, never
# half-used.
aoti_install_venv() { # VENV REQUIREMENTS...
  local venv=$1; shift
  local requirements="$*"
  [ "$(cat "$venv/.complete" 2>/dev/null)" = "$requirements" ] && return
  printf '[env] installing into %s: %s\n' "$venv" "$requirements" >&2
  [ -x "$venv/bin/python" ] || { mkdir -p "$(dirname "$venv")"; python3 -m venv "$venv"; }
  # shellcheck disable=SC2086
  "$venv/bin/pip" install -q --disable-pip-version-check $requirements >&2
  echo "$requirements" > "$venv/.complete"
}
# The launcher for cmake's configure: ccache where it is installed.
aoti_launcher_args() {
  command -v ccache >/dev/null 2>&1 || return 0
  echo "-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache"
}

# Configures build dir $1 with the clang++ $2 for the sanitizer and fuzz
# builds (scripts/sanitize.sh, scripts/fuzz.sh): RelWithDebInfo at -O1 with
# assertions on (no NDEBUG), line tables for the reports; more cmake
# arguments follow.
aoti_configure_clang() { # DIR CLANGXX CMAKE-ARGS...
  local dir=$1 cxx=$2
  shift 2
  cmake -S "$REPO" -B "$dir" -G Ninja \
    -DCMAKE_C_COMPILER="${cxx/++/}" -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
    $(aoti_launcher_args) "$@" >/dev/null
}
