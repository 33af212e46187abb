"""One sub-package per game; importing each registers it (order = home screen order)."""
from . import court  # noqa: F401
from . import krypkille  # noqa: F401
from . import whispers  # noqa: F401
from . import golden_key  # noqa: F401
from . import struggle  # noqa: F401
