# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""python -m aoti_instrument ARGS...: the same as the aoti-instrument command."""

from ._tool import main

main()
