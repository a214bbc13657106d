# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The error of a capture bundle that cannot be replayed: the lowest module
of the bundle's readers (_params, _bundle, _cuda, replay all raise it)."""

from __future__ import annotations

from typing import Any


class BundleError(Exception):
    """The bundle cannot be replayed: ``file`` is the file at fault,
    ``what`` what is wrong with it."""

    def __init__(self, file: Any, what: str):
        super().__init__(f"{file}: {what}")
        self.file = str(file)
        self.what = what
