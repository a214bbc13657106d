#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the CPU release corpus test/Inputs/releases/torch-<X.Y>/ for each
# torch release given (default: the seven below), one at a time:
#
#   1. a throw-away virtualenv $AOTI_CACHE_DIR/gen-venvs/torch-<X.Y> with
#      torch (from PyPI), numpy and ninja (for load_inline's custom op);
#   2. scripts/corpus/gen_release_cases.py in it, which AOT-compiles the cases
#      and copies AOTI's generated sources into the corpus;
#   3. `aoti-instrument <wrapper.cpp> --list --torch-include=<that torch>` on
#      every generated wrapper, while that torch's headers still exist, and
#      test/Inputs/launch-oracle.py on the same listing as JSON (skipped with
#      a warning when the tool is not built: scripts/bootstrap.sh);
#   4. deletes the virtualenv (each is ~5 GB).
#
# Usage: scripts/corpus/make_release_corpus.sh [VERSION...]
#   VERSION is X.Y.Z (installs torch==X.Y.Z) or X.Y (torch==X.Y.*); both
#   write torch-X.Y. Logs and listings go to $AOTI_CACHE_DIR/gen-logs/torch-X.Y/,
#   a summary of every case to $AOTI_CACHE_DIR/gen-logs/summary.tsv (list_rc:
#   the tool's exit status, or "oracle" where the oracle disagrees with it).
#
# Environment: AOTI_CACHE_DIR (default ~/.cache/aoti-instrument), AOTI_BUILD_DIR
# (where the tool is built; default <repo>/build), PYTHON (default python3).
# Exit status: 0 when every release generated every case, 1 otherwise (what
# the tool makes of the wrappers is reported, not judged).
set -uo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=scripts/env.sh
source "$REPO/scripts/env.sh"

DEFAULT_VERSIONS=(2.9.1 2.10.0 2.11.0 2.12.1 2.13.0 2.14.1 2.15.0)
VENVS=$AOTI_CACHE_DIR/gen-venvs
LOGS=$AOTI_CACHE_DIR/gen-logs
PYTHON=${PYTHON:-python3}
SUMMARY=$LOGS/summary.tsv

log() { printf '[make_release_corpus] %s\n' "$*" >&2; }

if (($# == 0)); then set -- "${DEFAULT_VERSIONS[@]}"; fi
for v in "$@"; do
  [[ $v =~ ^[0-9]+\.[0-9]+(\.[0-9]+)?$ ]] || { log "bad version '$v' (want X.Y or X.Y.Z)"; exit 1; }
done
if [ ! -x "$AOTI_TOOL" ]; then
  log "warning: $AOTI_TOOL is not built (scripts/bootstrap.sh): wrappers will not be listed"
fi

venv="" work=""
cleanup() { [ -z "$venv" ] || rm -rf "$venv"; [ -z "$work" ] || rm -rf "$work"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$LOGS"
[ -f "$SUMMARY" ] || printf 'release\ttorch\tcase\tgenerated\tlines\tlist_rc\tlist_result\n' > "$SUMMARY"
status=0
for v in "$@"; do
  if [[ $v =~ ^[0-9]+\.[0-9]+$ ]]; then rel=$v spec="torch==$v.*"; else rel=${v%.*} spec="torch==$v"; fi
  venv=$VENVS/torch-$rel
  work=${TMPDIR:-/tmp}/aoti-release-gen/torch-$rel
  out=$REPO/test/Inputs/releases/torch-$rel
  logdir=$LOGS/torch-$rel
  rm -rf "$venv" "$logdir"
  mkdir -p "$VENVS" "$logdir"
  # This release's rows of an earlier run are replaced.
  grep -v "^$rel"$'\t' "$SUMMARY" > "$SUMMARY.tmp"; mv "$SUMMARY.tmp" "$SUMMARY"
  t0=$SECONDS

  log "torch-$rel: installing $spec numpy ninja into $venv"
  if ! { "$PYTHON" -m venv "$venv" &&
         "$venv/bin/pip" install -q --no-cache-dir --disable-pip-version-check \
           "$spec" numpy ninja; } > "$logdir/install.log" 2>&1; then
    log "torch-$rel: install failed (see $logdir/install.log)"; tail -5 "$logdir/install.log" >&2
    status=1; cleanup; continue
  fi
  torch_version=$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("torch"))')
  # Located without importing torch, as the tool itself does.
  torch_include=$("$venv/bin/python" -c 'import importlib.util, os; print(os.path.join(os.path.dirname(importlib.util.find_spec("torch").origin), "include"))')
  log "torch-$rel: torch $torch_version installed in $((SECONDS - t0))s ($(du -sh "$venv" | cut -f1))"

  t1=$SECONDS
  log "torch-$rel: generating into $out (log: $logdir/generate.log)"
  # The venv's bin/ first on PATH: load_inline looks for ninja there.
  PATH="$venv/bin:$PATH" nice -n 10 "$venv/bin/python" "$REPO/scripts/corpus/gen_release_cases.py" \
      --out "$out" --work "$work" > "$logdir/generate.log" 2>&1 || status=1
  log "torch-$rel: generated in $((SECONDS - t1))s"

  # One line per case from the generator: "... summary CASE: ok" or ": FAILED: why".
  sed -n 's/^\[gen_release_cases\] summary //p' "$logdir/generate.log" |
  while IFS= read -r line; do
    c=${line%%: *} gen=${line#*: }
    w=$out/$c/wrapper.cpp
    if [ "$gen" != ok ] || [ ! -f "$w" ]; then
      printf '%s\t%s\t%s\tno\t-\t-\t%s\n' "$rel" "$torch_version" "$c" "$gen" >> "$SUMMARY"
      continue
    fi
    lines=$(wc -l < "$w")
    if [ ! -x "$AOTI_TOOL" ]; then
      printf '%s\t%s\t%s\tyes\t%s\t-\tnot listed (tool not built)\n' "$rel" "$torch_version" "$c" "$lines" >> "$SUMMARY"
      continue
    fi
    timeout 600 nice -n 10 "$AOTI_TOOL" "$w" --list --torch-include="$torch_include" \
      > "$logdir/$c.list" 2>&1 < /dev/null
    rc=$?
    if ((rc == 0)); then
      # The same listing as JSON, checked against the launch calls found by
      # their spelling (test/Inputs/launch-oracle.py).
      "$AOTI_TOOL" "$w" --list=json --torch-include="$torch_include" \
        > "$logdir/$c.json" 2> /dev/null < /dev/null
      oracle=$("$PYTHON" "$REPO/test/Inputs/launch-oracle.py" "$w" "$logdir/$c.json" 2>&1 | tr '\n' ' ')
      result="$(grep -m1 ' launch sites ' "$logdir/$c.list"); ${oracle% }"
      [[ $oracle == *agree* ]] || rc=oracle
    else
      result=$(grep -m1 -E 'error|fatal' "$logdir/$c.list" || head -1 "$logdir/$c.list")
    fi
    result=${result//$REPO\//}
    printf '%s\t%s\t%s\tyes\t%s\t%s\t%s\n' "$rel" "$torch_version" "$c" "$lines" "$rc" "$result" >> "$SUMMARY"
    log "torch-$rel: $c: list rc=$rc: $result"
  done

  cleanup
  log "torch-$rel: done in $((SECONDS - t0))s; venv deleted"
done
trap - EXIT
rmdir "$VENVS" "${TMPDIR:-/tmp}/aoti-release-gen" 2>/dev/null
log "summary: $SUMMARY"
exit $status
