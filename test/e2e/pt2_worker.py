#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The process in which test/e2e/pt2_e2e.py loads and runs its packages with
torch._inductor.aoti_load_package: one torch import and one Inductor import
for all of a run's loads, instead of one a load (6-7 CPU seconds each here).

    pt2_worker.py DIR_OF_MODELS_PY

Reads one job a line on stdin (JSON), answers one line on stdout (JSON) per
job. During a job, file descriptors 1 and 2 (Python's and the packages'
runtime's) go to the job's "stderr" file, and the job's "env" is set; both
are put back after it. Each package is its own .so with its own runtime, so
one job's state is not the next's. Kinds:

  run           loads "pt2", calls it on the tensors of "inputs" (a list of
                positional ones), saves its outputs to "outputs" (a list);
                a failure is written to the job's stderr as RUN-FAILED.
  guard         loads "pt2" (an Embed package guarded to token ids
                [0, 999]); calls it with id 5000 in the inputs, then with
                the good inputs; answers {"refused": bool} and saves the
                good call's output.
  wrong_inputs  loads "pt2" (an MLPBias package); calls it with each of
                models.wrong_inputs, writing "END-OF-CASE <case>" to the
                job's stderr after each; answers {case: {"refused",
                "expected"}}; then saves the output of a good call.

A job that raises answers {"error": text}. A package that kills the
process ends the worker: pt2_e2e.py sees its stdout close and starts
another for the next job.
"""
import json
import os
import sys

import torch


def run(job):
    try:
        model = torch._inductor.aoti_load_package(job["pt2"])
        out = model(*torch.load(job["inputs"]))
        torch.save([out] if isinstance(out, torch.Tensor) else list(out),
                   job["outputs"])
    except Exception as e:
        print("RUN-FAILED", e, file=sys.stderr)
    return {}


def guard(job):
    model = torch._inductor.aoti_load_package(job["pt2"])
    good = torch.load(job["inputs"])
    bad = [good[0].clone().index_fill_(1, torch.tensor([3]), 5000)]
    try:
        model(*bad)
        refused = False
    except Exception:
        refused = True
    torch.save([model(*good)], job["outputs"])
    return {"refused": refused}


def wrong_inputs(job):
    import models
    model = torch._inductor.aoti_load_package(job["pt2"])
    x, bias = torch.load(job["inputs"])
    results = {}
    for case, args, kwargs, expected in models.wrong_inputs(x, bias, "cpu"):
        try:
            model(*args, **kwargs)
            results[case] = {"refused": False, "expected": expected}
        except Exception:
            results[case] = {"refused": True, "expected": expected}
        sys.stderr.flush()
        print("END-OF-CASE " + case, file=sys.stderr, flush=True)
    torch.save([model(x, bias=bias)], job["outputs"])
    return results


KINDS = {"run": run, "guard": guard, "wrong_inputs": wrong_inputs}


def with_job_env(job, do):
    """`do(job)` with the job's variables set and fds 1 and 2 on its
    stderr file; all put back after."""
    before = {k: os.environ.get(k) for k in job["env"]}
    os.environ.update(job["env"])
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    fd = os.open(job["stderr"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)
    try:
        return do(job)
    except Exception as e:
        return {"error": f"{type(e).__name__}: {e}"}
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for s in saved:
            os.close(s)
        for k, v in before.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def main():
    sys.path.insert(0, sys.argv[1])
    # The answers go on a copy of the original stdout: fd 1 is the job's
    # during a job.
    answers = os.fdopen(os.dup(1), "w")
    for line in sys.stdin:
        job = json.loads(line)
        result = with_job_env(job, KINDS[job["kind"]])
        answers.write(json.dumps(result) + "\n")
        answers.flush()


if __name__ == "__main__":
    main()
