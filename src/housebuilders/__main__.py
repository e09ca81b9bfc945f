"""``python -m housebuilders``: the same as the ``housebuilders`` command."""

from .cli import main

main()
