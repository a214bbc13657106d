"""aoti-instrument: debugging instrumentation for AOTInductor packages.

    import aoti_instrument
    model = aoti_instrument.load_package("model.pt2", "nan-hunt")
    model(x)   # ReportError: NaN in buf3 (3 of 128 elements) after #2 ...

- instrument(package, rules, output=None, ...) -> Path: the .pt2 (or
  wrapper.cpp) instrumented as a rules file or a preset says
  (``aoti-instrument package -rules RULES -o OUTPUT``); ToolError when the
  tool fails.
- load_package(package, rules, **aoti_load_package_kwargs): instruments
  once (cached), loads with torch._inductor.aoti_load_package, and turns the
  runtime's reports into ReportError / ReportWarning.
- presets(): the presets by name, with what each is for.
- tool_path(): the aoti-instrument executable (also the console script
  ``aoti-instrument`` and ``python -m aoti_instrument``).
"""

from ._package import (InstrumentedModel, cache_dir, cached_package,
                       instrument, load_package, presets, rules_file)
from ._reports import ReportError, ReportWarning
from ._tool import ToolError, tool_path
from ._version import __version__

__all__ = [
    "InstrumentedModel", "ReportError", "ReportWarning", "ToolError",
    "__version__", "cache_dir", "cached_package", "instrument",
    "load_package", "presets", "rules_file", "tool_path",
]
