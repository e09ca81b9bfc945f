"""``python -m housebuilders``: the same as the ``housebuilders`` command."""

from housebuilders.cli import main

if __name__ == "__main__":  # not when a server process of serve --workers imports this again
    main()
