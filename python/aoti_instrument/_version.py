# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The version of a source checkout; scripts/wheel/make_wheel.py writes the
wheel's own in its place."""
__version__ = "0+source"
