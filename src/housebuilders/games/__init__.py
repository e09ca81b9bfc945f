"""The built-in games. Importing this package registers them."""

from . import mr_house, welcome_to  # noqa: F401
