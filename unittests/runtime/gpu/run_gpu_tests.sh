#!/usr/bin/env bash
# Builds and runs the runtime's CUDA tests on a GPU machine (no gtest, no
# libclang there): the prelude comes from the build dir here, carried along
# (build-runtime/unittests/runtime/gen/prelude_cuda.h).
#
#   unittests/runtime/gpu/run_gpu_tests.sh PRELUDE_DIR OUTDIR
#
# Writes OUTDIR/summary.txt (PASS/FAIL per check, timings) and
# OUTDIR/details.log; exits non-zero when a check failed.
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
PRELUDE_DIR="$1"
OUT="$2"
mkdir -p "$OUT"
B="$(mktemp -d)"
SUMMARY="$OUT/summary.txt"
DETAILS="$OUT/details.log"
: >"$SUMMARY"
: >"$DETAILS"
say() { echo "$*" | tee -a "$SUMMARY"; }

PY=python3
TORCH="$($PY -c 'import torch,os;print(os.path.dirname(torch.__file__))')"
CUDART="$(ls "$TORCH"/../nvidia/cu13/lib/libcudart.so.13 2>/dev/null | head -1)"
[ -n "$CUDART" ] || CUDART="$(ls "$TORCH"/../nvidia/cuda_runtime/lib/libcudart.so.* 2>/dev/null | head -1)"
[ -n "$CUDART" ] || CUDART=/usr/local/cuda/lib64/libcudart.so
CUDA_HOME="${CUDA_HOME:-/usr/local/cuda}"
say "torch: $TORCH"
say "cudart: $CUDART"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$SUMMARY"

"$CUDA_HOME/bin/nvcc" -ptx -arch=compute_80 "$HERE/kernels.cu" -o "$B/kernels.ptx" \
  || { say "FAIL build: nvcc kernels"; exit 1; }
g++ -std=c++17 -O1 -Wall -pedantic -Wno-unused-variable -Wno-unknown-pragmas \
  -DTORCH_INDUCTOR_CPP_WRAPPER -DSTANDALONE_TORCH_HEADER \
  -DC10_USING_CUSTOM_GENERATED_MACROS -DUSE_CUDA \
  -isystem "$TORCH/include" -isystem "$CUDA_HOME/include" -I "$PRELUDE_DIR" \
  "$HERE/gpu_test.cpp" -o "$B/gpu_test" \
  -L"$TORCH/lib" -Wl,--no-as-needed -ltorch_cuda -ltorch_cpu -ltorch -lc10_cuda \
  -lc10 -Wl,--as-needed "$CUDART" -L"$CUDA_HOME/lib64/stubs" -lcuda -lpthread \
  -Wl,-rpath,"$TORCH/lib" -Wl,-rpath,"$(dirname "$CUDART")" \
  >>"$DETAILS" 2>&1 || { say "FAIL build: gpu_test (see details.log)"; tail -30 "$DETAILS"; exit 1; }
say "PASS build (g++ $(g++ -dumpversion), -Wall -pedantic clean: $(grep -c warning "$DETAILS") warnings)"

export GPU_TEST_PTX="$B/kernels.ptx"
export GPU_TEST_OUT="$B/work"
mkdir -p "$GPU_TEST_OUT"
FAILED=0
run() { # name: runs gpu_test NAME, output to $B/NAME.txt
  local name="$1"
  timeout 120 "$B/gpu_test" "$name" >"$B/$name.txt" 2>&1
  local rc=$?
  { echo "===== $name (rc $rc)"; cat "$B/$name.txt"; } >>"$DETAILS"
  return $rc
}
expect() { # name pattern description
  if grep -qE -- "$2" "$B/$1.txt"; then say "PASS $1: $3"; else say "FAIL $1: $3"; FAILED=1; fi
}
expect_count() { # name pattern count description
  local n
  n=$(grep -cE -- "$2" "$B/$1.txt")
  if [ "$n" = "$3" ]; then say "PASS $1: $4"; else say "FAIL $1: $4 (seen $n times)"; FAILED=1; fi
}

# In-process checks (stats kernel vs host path, NaN, saves, guards, capture,
# breadcrumbs without a fault, threads, timings).
run basic
grep -E '^(PASS|FAIL|TIME|INFO)' "$B/basic.txt" | tee -a "$SUMMARY"
grep -q '^FAIL' "$B/basic.txt" && FAILED=1
grep -q '^DONE' "$B/basic.txt" || { say "FAIL basic: did not finish"; FAILED=1; }
expect_count basic "CUDA error" 0 "no CUDA error reported, at exit either"

# A driver that cannot JIT the runtime's PTX (CUDA_DISABLE_PTX_JIT=1, and
# no JIT cache to take an earlier run's from): the statistics and NaN checks
# come from host copies, and it is said once.
CUDA_DISABLE_PTX_JIT=1 CUDA_CACHE_DISABLE=1 timeout 120 "$B/gpu_test" no-jit >"$B/no-jit.txt" 2>&1
{ echo "===== no-jit (rc $?)"; cat "$B/no-jit.txt"; } >>"$DETAILS"
grep -E '^(PASS|FAIL)' "$B/no-jit.txt" | tee -a "$SUMMARY"
grep -q '^FAIL' "$B/no-jit.txt" && FAILED=1
grep -q '^DONE' "$B/no-jit.txt" || { say "FAIL no-jit: did not finish"; FAILED=1; }

# Saves of CUDA tensors equal the saves of their CPU twins, bit for bit.
$PY - "$GPU_TEST_OUT" <<'PYEOF' 2>&1 | tee -a "$SUMMARY"; [ "${PIPESTATUS[0]}" = 0 ] || FAILED=1
import glob, os, sys, torch
from safetensors.torch import load_file
root = sys.argv[1]
cuda = sorted(glob.glob(root + "/saves-cuda/session-0001/*.safetensors"))
cpu = sorted(glob.glob(root + "/saves-cpu/session-0001/*.safetensors"))
ok = len(cuda) == 1 and len(cpu) == 1
n = 0
if ok:
    a, b = load_file(cuda[0]), load_file(cpu[0])
    ok = sorted(a) == sorted(b) and len(a) >= 5
    for k in a:
        x, y = a[k], b[k]
        same = (x.dtype == y.dtype and x.shape == y.shape and x.is_contiguous()
                and torch.equal(x.view(-1).view(torch.uint8), y.view(-1).view(torch.uint8)))
        ok = ok and same
        n += 1
print(("PASS" if ok else "FAIL") + f" saves: {n} CUDA tensors load with safetensors and equal their CPU twins bitwise ({[os.path.basename(p) for p in cuda]})")
sys.exit(0 if ok else 1)
PYEOF

# Illegal memory access, each in its own process (the context is lost).
FIRST='first launch that did not complete: #1 bad_kernel \(wrapper.cpp:1002, source nodes \[gather\]\) in run 1; last completed: #0 tiny_ok \(wrapper.cpp:1001'
run ima-unwind
expect ima-unwind "CUDA error 'an illegal memory access was encountered' \(while run 1 unwound\): $FIRST" "reported while the exception left run_impl"
expect_count ima-unwind 'first launch that did not complete' 1 "reported once (not again at exit)"
run ima-next-run
expect ima-next-run "CUDA error 'an illegal memory access was encountered' \(when run 2 started\): $FIRST" "reported when the next run started"
expect_count ima-next-run 'first launch that did not complete' 1 "reported once"
run ima-exit
expect ima-exit "CUDA error 'an illegal memory access was encountered' \(at process exit\): $FIRST" "reported at process exit"
run ima-later-launches
expect ima-later-launches "$FIRST" "names the faulting launch although later launches were enqueued"
run ima-sparse
SPARSE='first launch that did not complete: one of #0 tiny_ok \(wrapper.cpp:1001, source nodes \[embedding\]\) in run 1, #1 bad_kernel \(wrapper.cpp:1002, source nodes \[gather\]\) in run 1, #2 tiny_after \(wrapper.cpp:1003\) in run 1, #2 tiny_after \(wrapper.cpp:1003\) in run 1 \(one breadcrumb per 4 launches\); last completed: #0 tiny_ok'
expect ima-sparse "CUDA error 'an illegal memory access was encountered' \(at process exit\): $SPARSE" "sparse crumbs: the fault named among the 4 launches after the last crumb"
expect ima-sparse 'last completed: #0 tiny_ok \(wrapper.cpp:1001[^;]*; to name it exactly if it comes again, add to the rules: \{name: exact-window, match: \{ordinals: "0-2"\}, breadcrumb: true\}' "sparse crumbs: the report gives the rule that makes its launches exact"
run ima-sparse-window
expect ima-sparse-window "CUDA error 'an illegal memory access was encountered' \(at process exit\): $FIRST" "with that rule (sparse elsewhere) the faulting launch is named exactly"
expect_count ima-sparse-window "one of|exact-window" 0 "no list, no rule to add"
run ima-sparse-open
expect ima-sparse-open "launches not known to have completed: #0 tiny_ok \(wrapper.cpp:1001, source nodes \[embedding\]\) in run 1, #1 bad_kernel \(wrapper.cpp:1002, source nodes \[gather\]\) in run 1 \(one breadcrumb per 4 launches, none after these: the fault may also be in work enqueued after them\); last completed: #0 tiny_ok" "sparse crumbs, none after the fault: says the fault may be later"
expect ima-sparse-open 'enqueued after them\); last completed: #0 tiny_ok \(wrapper.cpp:1001[^;]*; to name it exactly if it comes again, add to the rules: \{name: exact-window, match: \{ordinals: "0-1"\}, breadcrumb: true\}' "sparse crumbs, none after the fault: the rule too"
run ima-sync
expect ima-sync "CUDA error 'an illegal memory access was encountered' at or before #1 bad_kernel \(wrapper.cpp:1002, source nodes \[gather\]\) in run 1; every instrumented launch completed, the last was #0 tiny_ok" "sync probe names the launch"
expect ima-sync "caught: \[aoti-instrument\] CUDA error" "sync probe throws"
run ima-terminate
expect ima-terminate "CUDA error 'an illegal memory access was encountered' \(at std::terminate\): $FIRST" "reported when a destructor's throw ends the process (std::terminate)"
expect ima-terminate "terminate called" "then the previous terminate handler runs"
expect_count ima-terminate 'first launch that did not complete' 1 "reported once"
# Another model's handler came first and its library is gone: ours must not
# call into unmapped code (a crash in the crash), only report and abort.
printf '#include <cstdio>\n#include <cstdlib>\n#include <exception>\nstatic void h() { std::fputs("first handler\\n", stderr); std::abort(); }\nextern "C" void install_handler() { std::set_terminate(h); }\n' >"$B/handler.cpp"
g++ -shared -fPIC -O1 "$B/handler.cpp" -o "$B/handler.so" >>"$DETAILS" 2>&1
GPU_TEST_HANDLER_SO="$B/handler.so" run ima-terminate-unloaded
RC=$?
expect ima-terminate-unloaded "CUDA error 'an illegal memory access was encountered' \(at std::terminate\): $FIRST" "reported at std::terminate after the first handler's library was unloaded"
if [ "$RC" = 134 ]; then say "PASS ima-terminate-unloaded: aborts (rc 134), no crash calling the unloaded handler"; else say "FAIL ima-terminate-unloaded: rc $RC (134 wanted; 139 is a segfault in the unloaded handler)"; FAILED=1; fi
expect_count ima-terminate-unloaded "first handler" 0 "the unloaded handler is not called"
run ima-hostfn
expect ima-hostfn "$FIRST" "host-function breadcrumbs (fallback) name the faulting launch"
expect ima-hostfn "breadcrumbs fall back to host functions \(cuStreamWriteValue32: operation not supported" "the fallback is said once"
expect_count ima-exit "fall back to host functions" 0 "stream memory operations write the breadcrumbs"

# Concurrent serving: 4 threads on 4 streams, thread 2's third run faults.
# In each of 20 processes: every thread stops (no deadlock), and a report
# names the faulting launch with thread 2's thread id and stream.
NT=0
for i in $(seq 20); do
  run ima-threads
  T2=$(sed -nE 's/^thread 2 tid ([0-9]+) stream (0x[0-9a-f]+)$/thread \1, stream \2/p' "$B/ima-threads.txt")
  if grep -q "all threads joined" "$B/ima-threads.txt" && [ -n "$T2" ] &&
     grep -qE -- "$T2: first launch that did not complete: #1 bad_kernel \(wrapper.cpp:1002, source nodes \[gather\]\) in run [0-9]+" "$B/ima-threads.txt"; then
    NT=$((NT + 1))
  else
    cp "$B/ima-threads.txt" "$OUT/ima-threads-miss-$i.txt"
  fi
done
if [ "$NT" = 20 ]; then
  say "PASS ima-threads: the faulting launch named with its thread and stream, every thread stopped, in 20 of 20 runs"
else
  say "FAIL ima-threads: named in $NT of 20 runs (misses: $OUT/ima-threads-miss-*.txt)"
  FAILED=1
fi

# Deferred stats prints around a fault: the completed launch's lines, then
# the error naming the faulting launch; nothing of the later ones.
run ima-print-deferred
expect ima-print-deferred "run 1 after #0 tiny_ok   buf0 out float32 \[16\] strides \[1\] cuda:0 numel 16 min 3 max 3" "the lines of the launch that completed"
expect ima-print-deferred "CUDA error 'an illegal memory access was encountered' while reading the deferred probes of run 1; $FIRST" "then the error, naming the faulting launch"
expect_count ima-print-deferred "after #[12] " 0 "no lines of the launches that did not run"

# A deferred kThrow NaN check without RunScope::finish(): report, then abort.
run deferred-abort
expect deferred-abort "probe returned" "the deferred probe does not fail at the launch"
expect deferred-abort "NaN in buf3 \(1 of 2 elements\) after #3 triton_per_fused_x \(wrapper.cpp:916, source nodes \[linear, log\]\) in run 1; no input tensors to compare" "~RunScope reports the deferred NaN"
expect deferred-abort "error: the NaN check above cannot throw at the end of run 1 \(the wrapper does not call RunScope::finish\(\)\): aborting" "then aborts"

if [ $FAILED = 0 ]; then say "ALL PASSED"; else say "SOME FAILED"; fi
exit $FAILED
