"""One sub-package per game; importing it registers it. Nothing here imports them:
registry.ids() finds every sub-package of this folder (a new game's folder is found
by itself, no list to edit) and registry.get imports a game's rules when it is
first asked for, so the home screen starts without any game's rules."""
