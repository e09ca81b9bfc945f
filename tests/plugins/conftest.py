"""The folders beside test_plugins.py are game packages of their own, with their own
tests: test_plugins.py installs them and runs those tests in a subprocess."""

collect_ignore = ["tictactoe", "noughts"]
