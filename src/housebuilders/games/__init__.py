"""The built-in games. Importing this package registers them."""

from . import mr_house  # noqa: F401
