"""One sub-package per game; importing each registers it. Every sub-package of
this folder is a game: a new game's folder is found by itself (no list to edit)."""
import importlib
import pkgutil

for _found in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if _found.ispkg:
        importlib.import_module(f"{__name__}.{_found.name}")
del _found
