"""One sub-package per game; importing each registers it (order = home screen order)."""
from . import krypkille  # noqa: F401
from . import court  # noqa: F401
