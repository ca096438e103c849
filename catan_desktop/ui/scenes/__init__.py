"""The screens of the desktop game: the main menu and its sub-screens, the in-game overlays, the games.

Each screen registers itself by name (``@screen`` of ``catan_desktop.ui.screens``) and opens the others by
name (``app.go("load")``), so no screen imports another. Importing this package registers every screen;
``screens.make`` does it the first time a screen is asked for. Shared small pieces live in
``catan_desktop.ui.widgets``.
"""

from . import (  # noqa: F401  (imported to register their screens and add-on parts)
    board_share,
    dice_dialogs,
    dice_game,
    dice_over,
    dice_setup,
    dois_ui,
    editor,
    frenemies_ui,
    game,
    game_over,
    helpers_ui,
    load_save,
    lobby,
    menu,
    new_game,
    online,
    pass_device,
    pause,
    records,
    replay,
    rules,
    scenario_ui,
    settings_scene,
    story,
    variants,
)
