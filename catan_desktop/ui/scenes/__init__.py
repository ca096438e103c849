"""The screens of the desktop game: the main menu and its sub-screens, the in-game overlays, the game.

Each module holds one screen; shared small pieces live in ``catan_desktop.ui.widgets``. Nothing is
imported here, so importing one screen never builds or loads another.
"""
