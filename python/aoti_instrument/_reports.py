# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Reports of instrumented runs as Python exceptions and warnings.

The runtime inside an instrumented model writes every report (a NaN, a CUDA
error, a refused input, a damaged redzone, a run that failed, a warning) to
stderr as one text line, and, when $AOTI_INSTRUMENT_REPORTS names a file, as
one JSON object per line to that file, with the process (``pid``) and the
OS thread (``tid``) that wrote it and the text line (``message``); see
lib/Runtime/README.md, "Environment variables" and "Events".

This module names such a file for the process (unless the user named one),
before any instrumented model runs, and wraps calls of a model: the reports
a call's thread wrote while it ran become a ReportError chained to torch's
RuntimeError when the call failed, and ReportWarnings (``warnings``; also
logged at INFO by the ``aoti_instrument`` logger) when it did not. Notebooks, which do not show a
C++ library's stderr, show these; so do serving logs.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import tempfile
import threading
import warnings
from typing import Any, Callable, Dict, List, Optional, Tuple

ENV = "AOTI_INSTRUMENT_REPORTS"
PREFIX = "[aoti-instrument] "
LOG = logging.getLogger("aoti_instrument")


def _text(event: Dict[str, Any]) -> str:
    message = str(event.get("message", event.get("event", "report")))
    return message[len(PREFIX):] if message.startswith(PREFIX) else message


class ReportError(RuntimeError):
    """An instrumented run failed, and this is what aoti-instrument's
    runtime reported: ``str(err)`` is the report's line, ``event`` its JSON
    object (``event``, ``run``, ``ordinal``, ``kernel``, ``wrapper``,
    ``line``, ``source_nodes``, ... as lib/Runtime/README.md lists),
    ``events`` every report of the call. ``__cause__`` is torch's error."""

    def __init__(self, event: Dict[str, Any], events: List[Dict[str, Any]]):
        super().__init__(_text(event))
        self.event = event
        self.events = events

    @property
    def kernel(self) -> Optional[str]:
        """The launch's kernel, for a report about one launch."""
        return self.event.get("kernel") or None

    @property
    def ordinal(self) -> Optional[int]:
        """The launch's ordinal (``#N`` in --list), for a report about one
        launch."""
        return self.event.get("ordinal")


class ReportWarning(UserWarning):
    """A report of a run that went on (``on_fail: warn``, a warning of the
    runtime); ``event`` is its JSON object."""

    def __init__(self, event: Dict[str, Any]):
        super().__init__(_text(event))
        self.event = event


class HangWarning(ReportWarning):
    """The watchdog reported a run that made no progress for its deadline
    (rules ``settings: {watchdog: ...}`` or AOTI_INSTRUMENT_WATCHDOG;
    docs/watchdog.md): ``event`` is the ``hang`` report, naming the launch
    it was in and the loop it went round in. Given when the call returns
    (the run went on); a hang that never ends is on stderr and in the
    reports file as it happens, and with ``then: abort`` the process ends
    after it."""


def _warning(event: Dict[str, Any]) -> Optional[ReportWarning]:
    """The warning of one report of a call that returned: HangWarning for
    the watchdog's, none for the end of a hang already reported."""
    kind = event.get("event")
    if kind == "hang_over":
        return None
    return HangWarning(event) if kind == "hang" else ReportWarning(event)


class _Channel:
    """The reports file of this process, read by offset: a call notes the
    file's size before it runs and reads what was appended since."""

    def __init__(self) -> None:
        self.path = os.environ.get(ENV)
        if not self.path:
            fd, self.path = tempfile.mkstemp(prefix="aoti-instrument-reports-",
                                             suffix=".jsonl")
            os.close(fd)
            os.environ[ENV] = self.path  # read by each model at its first run
            atexit.register(self._remove, self.path, os.getpid())
        self.fd = os.open(self.path, os.O_RDONLY | os.O_CREAT, 0o600)

    @staticmethod
    def _remove(path: str, owner: int) -> None:
        if os.getpid() == owner:  # not a forked child's exit
            try:
                os.unlink(path)
            except OSError:
                pass

    def size(self) -> int:
        return os.fstat(self.fd).st_size

    def read(self, start: int) -> List[Dict[str, Any]]:
        """The whole lines written from ``start`` on, parsed; another
        thread's line still being written is left for later."""
        end = self.size()
        data = os.pread(self.fd, end - start, start) if end > start else b""
        events = []
        for line in data.split(b"\n")[:-1]:
            try:
                events.append(json.loads(line))
            except ValueError:
                continue  # not ours to judge: a line the user's tools wrote
        return events


_channel: Optional[_Channel] = None
_lock = threading.Lock()


def channel() -> _Channel:
    """The process's reports file, made (and $AOTI_INSTRUMENT_REPORTS set)
    on first use: before the first instrumented model runs."""
    global _channel
    with _lock:
        if _channel is None or _channel.path != os.environ.get(ENV):
            _channel = _Channel()
        return _channel


def _mine(events: List[Dict[str, Any]]) -> Tuple[list, list]:
    """This thread's reports, and the other threads' of this process."""
    pid, tid = os.getpid(), threading.get_native_id()
    ours = [e for e in events if e.get("pid") == pid]
    return ([e for e in ours if e.get("tid") == tid],
            [e for e in ours if e.get("tid") != tid])


def headline(events: List[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
    """The report that says why a run failed: the last one that is not a
    warning (the runtime writes it right before the run stops)."""
    for event in reversed(events):
        if event.get("event") != "warning":
            return event
    return events[-1] if events else None


def call(fn: Callable[..., Any], args: tuple, kwargs: dict) -> Any:
    """Calls ``fn`` (an instrumented model) and turns the reports its run
    wrote into a ReportError or ReportWarnings."""
    ch = channel()
    start = ch.size()
    try:
        result = fn(*args, **kwargs)
    except Exception as err:
        mine, others = _mine(ch.read(start))
        # A fault of the device is reported by whichever thread saw it.
        event = headline(mine) or headline(
            [e for e in others if e.get("event") == "cuda_error"])
        if event is None:
            raise
        raise ReportError(event, mine or [event]) from err
    if ch.size() != start:
        for event in _mine(ch.read(start))[0]:
            LOG.info("%s", _text(event))
            warning = _warning(event)
            if warning is not None:
                warnings.warn(warning, stacklevel=3)
    return result
