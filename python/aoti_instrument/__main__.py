"""python -m aoti_instrument ARGS...: the same as the aoti-instrument command."""

from ._tool import main

main()
