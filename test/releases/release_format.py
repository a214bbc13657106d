# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The lit test format of test/releases (see lit.local.cfg there): one test
per real wrapper of a torch release. A module of its own, so that lit's
worker processes can unpickle it."""
import os
import sys

import lit.formats
import lit.Test
import lit.util

# print-all probes every tensor of every launch; the capture rules route
# every extern op's shim call through RunScope::captureCall, whose template
# takes the release's own shim signatures.
RULES = [("yaml-rules", "print-all.yaml"),
         ("test/Inputs/capture", "capture.yaml")]


class ReleaseWrappers(lit.formats.TestFormat):
    def __init__(self, inputs, headers):
        self.inputs = inputs
        self.headers = headers

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        if not os.path.isdir(self.inputs):
            return
        for release_dir in sorted(os.listdir(self.inputs)):
            if not release_dir.startswith("torch-"):
                continue
            for case in sorted(os.listdir(os.path.join(self.inputs, release_dir))):
                wrapper = os.path.join(self.inputs, release_dir, case, "wrapper.cpp")
                if os.path.isfile(wrapper):
                    yield lit.Test.Test(testSuite,
                                        path_in_suite + (release_dir, case),
                                        localConfig, file_path=wrapper)

    def execute(self, test, litConfig):
        release_dir, case = test.path_in_suite[-2:]
        release = release_dir[len("torch-"):]
        include = os.path.join(self.headers, release, "include")
        if not os.path.isfile(os.path.join(self.headers, release, "fetched.json")):
            return (lit.Test.UNSUPPORTED,
                    f"no torch {release} headers in {self.headers} "
                    f"(lib/Analysis/fetch_torch_headers.py {release})")
        cmd = [sys.executable,
               os.path.join(self.inputs, "..", "release-check.py"),
               os.path.dirname(test.file_path), "--release", release,
               "--headers", include]
        for folder, rules in RULES:
            cmd += ["--preset", os.path.join(test.config.aoti_src_root,
                                             folder, rules)]
        out, err, code = lit.util.executeCommand(
            cmd, env=test.config.environment,
            timeout=litConfig.maxIndividualTestTime)
        output = " ".join(cmd) + "\n" + out + err
        failed = code != 0
        return (lit.Test.FAIL if failed else lit.Test.PASS), output
