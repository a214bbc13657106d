# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aoti-instrument: debugging instrumentation for AOTInductor packages.

    import aoti_instrument
    model = aoti_instrument.load_package("model.pt2", "nan-hunt")
    model(x)   # ReportError: NaN in buf3 (3 of 128 elements) after #2 ...

- instrument(package, rules, output=None, ...) -> Path: the .pt2 (or
  wrapper.cpp) instrumented as a rules file or a preset says, or a list of
  them (``aoti-instrument package -rules RULES... -o OUTPUT``); ToolError when the
  tool fails.
- load_package(package, rules, coredump=False, **aoti_load_package_kwargs):
  instruments once (cached), loads with torch._inductor.aoti_load_package,
  and turns the runtime's reports into ReportError / ReportWarning;
  coredump=True (or a directory) arms the CUDA core dump first.
- arm_coredump(directory=None), CoreDumpError: arms the CUDA core dump of
  this process (docs/coredump.md); too late once CUDA is initialised.
- presets(): the presets by name, with what each is for.
- tool_path(): the aoti-instrument executable (also the console script
  ``aoti-instrument`` and ``python -m aoti_instrument``).
- compare(package, reference, args, ...) -> Comparison: the first launch
  whose output leaves a reference (an nn.Module, an ExportedProgram or
  another .pt2 of the model), named with its kernel, buffer, source nodes
  and the user's line (also ``python -m aoti_instrument.compare``); loaded
  on first use.
- load_bundle(path), BundleError: a capture bundle (docs/capture.md), read
  and checked; ``aoti_instrument.replay.replay(bundle)`` launches it once
  (also ``python -m aoti_instrument.replay BUNDLE``). Loaded on first use:
  ``import aoti_instrument`` imports no torch.
"""

from ._coredump import CoreDumpError, arm_coredump
from ._package import (InstrumentedModel, cache_dir, cached_package,
                       instrument, load_package, presets, rules_file)
from ._reports import HangWarning, ReportError, ReportWarning
from ._tool import ToolError, tool_path
from ._version import __version__

__all__ = [
    "CoreDumpError", "HangWarning", "InstrumentedModel", "ReportError",
    "ReportWarning",
    "ToolError", "__version__", "arm_coredump", "cache_dir", "cached_package", "instrument",
    "load_package", "presets", "rules_file", "tool_path",
    "BundleError", "load_bundle", "compare", "Comparison", "Divergence",
]

_REPLAY_NAMES = ("BundleError", "load_bundle")
_COMPARE_NAMES = ("Comparison", "Divergence")


def __getattr__(name: str):
    """The replay module's names, imported when first asked for: importing
    it here would make ``python -m aoti_instrument.replay`` find it imported
    already (runpy warns), and the function ``replay`` would hide the
    module of the same name, so that one stays ``aoti_instrument.replay``."""
    if name in _REPLAY_NAMES:
        from . import replay
        return getattr(replay, name)
    if name == "compare" or name in _COMPARE_NAMES:
        # The module itself is callable: aoti_instrument.compare(...) is its
        # compare(), and `python -m aoti_instrument.compare` its main().
        import importlib
        module = importlib.import_module(".compare", __name__)
        return module if name == "compare" else getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
