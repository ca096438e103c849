"""The screenshot tool stages the add-ons' scenes through their screen parts (issue 32: ``AddonUI.SHOWCASE``),
so it names no rule module beyond the command line's scene names."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_desktop.ui.scenes.addon_ui import showcases
from catan_desktop.ui.screenshot import SCENES, screenshot


def test_every_add_on_showcase_is_a_command_line_scene() -> None:
    shown = showcases()
    assert {"market", "favours", "helper"} <= set(shown)  # Catan a Dois, Frenemies, Helpers (D-4, A-5, H-3)
    assert set(shown) <= set(SCENES)


@pytest.mark.parametrize(("scene", "module", "variant"), [
    ("favours", "frenemies", "frenemies"),
    ("helper", "helpers", "helpers"),
    ("market", "market", "catan-a-dois"),
])
def test_an_add_on_scene_without_its_add_on_names_a_variant_that_has_it(
    scene: str, module: str, variant: str, tmp_path: Path
) -> None:
    with pytest.raises(ValueError, match=f"the {module} module \\(--variant {variant}\\)"):
        screenshot(scene, tmp_path / "shot.png", variant="base", size=(800, 600))
    assert not (tmp_path / "shot.png").exists()
