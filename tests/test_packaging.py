"""Packaging: the wheel carries the game's data and command, the self-test passes, and the bundle tooling
(packaging/, bench/startup.py) works on small stand-ins. The PyInstaller build itself is too slow for the
suite; packaging/build_bundle.sh builds it and runs its self-test."""

from __future__ import annotations

import ast
import importlib.metadata
import io
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"


# --------------------------------------------------------------------------------------------- wheel


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    """Build the wheel from a copy of the checkout (so nothing is written into the working tree)."""
    if (
        shutil.which("pip") is None
        and subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode
    ):
        pytest.skip("pip is not available")
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    src.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    for name in ("catan_desktop", "rules", "assets"):
        shutil.copytree(ROOT / name, src / name, ignore=ignore)
    out = tmp / "dist"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-q", "-w", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, f"pip wheel failed:\n{proc.stdout}\n{proc.stderr}"
    wheels = list(out.glob("catan_desktop-*.whl"))
    assert len(wheels) == 1, wheels
    return zipfile.ZipFile(wheels[0])


def _dist_info(wheel: zipfile.ZipFile, name: str) -> str:
    matches = [n for n in wheel.namelist() if re.fullmatch(rf"catan_desktop-[^/]+\.dist-info/{name}", n)]
    assert matches, f"no {name} in the wheel"
    return wheel.read(matches[0]).decode("utf-8")


def test_wheel_carries_rules_and_assets(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    for required in (
        "catan_desktop/rules/base.yaml",
        "catan_desktop/assets/theme.json",
        "catan_desktop/assets/manifest.json",
        "catan_desktop/assets/sprites/terrain/forest.png",
        "catan_desktop/assets/fonts/DejaVuSans.ttf",
        "catan_desktop/assets/fonts/DejaVuSans-Bold.ttf",
        "catan_desktop/assets/fonts/Vollkorn-Bold.ttf",
        "catan_desktop/assets/icon/app_256.png",
        "catan_desktop/selftest.py",
        "catan_desktop/paths.py",
    ):
        assert required in names, f"{required} is missing from the wheel"
    # every rule file and every asset of the checkout, nothing left behind
    expected = {f"catan_desktop/rules/{p.name}" for p in (ROOT / "rules").glob("*.yaml")}
    expected |= {
        "catan_desktop/assets/" + p.relative_to(ROOT / "assets").as_posix()
        for p in (ROOT / "assets").rglob("*")
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(ROOT / "assets").parts)
    }
    # every module, so a new sub-package not listed in [tool.setuptools] packages is caught
    expected |= {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "catan_desktop").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    missing = sorted(expected - names)
    assert not missing, f"files missing from the wheel: {missing[:10]}"
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]


def test_wheel_declares_the_command(wheel: zipfile.ZipFile) -> None:
    entry_points = _dist_info(wheel, "entry_points.txt")
    gui = entry_points.split("[gui_scripts]", 1)[1].split("[", 1)[0]
    assert re.search(r"^catan-desktop\s*=\s*catan_desktop\.cli\.main:main\s*$", gui, re.M), entry_points
    console = entry_points.split("[console_scripts]", 1)[1].split("[", 1)[0]
    cli = r"^catan-desktop-cli\s*=\s*catan_desktop\.cli\.main:main\s*$"
    assert re.search(cli, console, re.M), entry_points


def _third_party_imports() -> set[str]:
    """Top-level modules outside the standard library that the game's code imports."""
    found: set[str] = set()
    for path in (ROOT / "catan_desktop").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return {m for m in found if m not in sys.stdlib_module_names and m != "catan_desktop"}


def test_wheel_requires_everything_the_game_imports(wheel: zipfile.ZipFile) -> None:
    """A module imported but not declared works in a dev venv and breaks a fresh install or a bundle."""
    metadata = _dist_info(wheel, "METADATA")
    declared = {
        re.split(r"[\s<>=!~;\[(]", line.split(":", 1)[1].strip(), maxsplit=1)[0].lower().replace("_", "-")
        for line in metadata.splitlines()
        if line.startswith("Requires-Dist:") and "extra ==" not in line
    }
    providers = importlib.metadata.packages_distributions()
    undeclared = {}
    for module in sorted(_third_party_imports()):
        dists = {d.lower().replace("_", "-") for d in providers.get(module, [module])}
        if not dists & declared:
            undeclared[module] = sorted(dists)
    assert not undeclared, f"imported but not in [project] dependencies: {undeclared} (declared: {declared})"


# ------------------------------------------------------------------------------------------ self-test


def test_self_test_passes() -> None:
    from catan_desktop.selftest import run_self_test

    home_before = os.environ.get("CATAN_DESKTOP_HOME")
    out = io.StringIO()
    code = run_self_test(out)
    text = out.getvalue()
    assert code == 0, text
    assert "FAIL" not in text
    for check in (
        "rules:",
        "assets/images",
        "assets/fonts",
        "assets/sounds",
        "assets/theme",
        "scenes/menu",
        "scenes/game:",
        "scenes/game over",
        "scenes/pass device",
        "game:",
        "saves:",
    ):
        assert f"ok   {check}" in text, f"{check} did not pass:\n{text}"
    assert text.rstrip().splitlines()[-1].startswith("self-test passed")
    assert os.environ.get("CATAN_DESKTOP_HOME") == home_before  # the sandbox is undone


def test_self_test_reports_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    from catan_desktop import selftest

    def broken() -> str:
        raise RuntimeError("no rules here")

    monkeypatch.setattr(selftest, "_check_rules", broken)
    monkeypatch.setattr(selftest, "_check_scenes", lambda checks: None)  # keep this one quick
    out = io.StringIO()
    assert selftest.run_self_test(out) == 1
    assert "FAIL rules: RuntimeError: no rules here" in out.getvalue()
    assert "self-test FAILED: 1 of" in out.getvalue()


def test_cli_has_a_self_test_flag() -> None:
    from catan_desktop.cli.main import build_parser

    assert build_parser().parse_args(["--self-test"]).self_test is True


# -------------------------------------------------------------------------------- bundle tooling


def test_bundle_files_are_in_place() -> None:
    spec = (PACKAGING / "catan-desktop.spec").read_text(encoding="utf-8")
    assert 'packaging" / "launcher.py' in spec
    assert 'console=os.environ.get("CATAN_BUNDLE_CONSOLE") == "1"' in spec  # windowed unless asked
    assert "catan_desktop/rules" in spec and "catan_desktop/assets" in spec
    assert 'collect_data_files("pygame_gui"' in spec
    launcher = (PACKAGING / "launcher.py").read_text(encoding="utf-8")
    assert "from catan_desktop.cli.main import main" in launcher and "sys.exit(main())" in launcher
    for script in ("build_bundle.sh", "linux/install.sh"):
        path = PACKAGING / script
        assert os.access(path, os.X_OK), f"{script} is not executable"
        if shutil.which("bash"):
            proc = subprocess.run(["bash", "-n", str(path)], capture_output=True, text=True)
            assert proc.returncode == 0, proc.stderr


def test_desktop_entry() -> None:
    lines = (PACKAGING / "linux" / "catan-desktop.desktop").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    entry = dict(line.split("=", 1) for line in lines[1:] if "=" in line)
    assert entry["Type"] == "Application"
    assert entry["Name"] and entry["Comment"]
    assert entry["Exec"] and entry["Icon"]
    assert entry["Terminal"] == "false"
    assert entry["Categories"] == "Game;BoardGame;"


def _fake_bundle(root: Path) -> Path:
    bundle = root / "bundle" / "catan-desktop"
    icons = bundle / "_internal" / "catan_desktop" / "assets" / "icon"
    icons.mkdir(parents=True)
    for png in (ROOT / "assets" / "icon").glob("app_*.png"):
        shutil.copy2(png, icons / png.name)
    exe = bundle / "catan-desktop"
    exe.write_text('#!/bin/sh\necho fake catan-desktop "$@"\n', encoding="utf-8")
    exe.chmod(0o755)
    return bundle


@pytest.mark.skipif(sys.platform == "win32" or shutil.which("bash") is None, reason="a Linux installer")
def test_linux_install_is_idempotent_and_uninstalls(tmp_path: Path) -> None:
    bundle = _fake_bundle(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    script = str(PACKAGING / "linux" / "install.sh")

    def run(*args: str) -> str:
        proc = subprocess.run(["bash", script, *args], env=env, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        return proc.stdout

    for _ in range(2):  # a second install updates in place
        run(str(bundle))
        opt = home / ".local/opt/catan-desktop"
        link = home / ".local/bin/catan-desktop"
        assert (opt / "catan-desktop").is_file()
        assert link.is_symlink() and link.resolve() == (opt / "catan-desktop").resolve()
        desktop = (home / ".local/share/applications/catan-desktop.desktop").read_text(encoding="utf-8")
        assert f'Exec="{opt}/catan-desktop"' in desktop
        icon = home / ".local/share/icons/hicolor/256x256/apps/catan-desktop.png"
        assert f"Icon={icon}" in desktop and icon.is_file()
        assert (home / ".local/share/icons/hicolor/16x16/apps/catan-desktop.png").is_file()
        assert not list(opt.parent.glob("catan-desktop.*"))  # no staging leftovers
    saves = home / ".local/share/catan-desktop/saves/keep.json"
    saves.parent.mkdir(parents=True)
    saves.write_text("{}", encoding="utf-8")

    assert "removed" in run("--uninstall")
    assert not (home / ".local/opt/catan-desktop").exists()
    assert not (home / ".local/bin/catan-desktop").exists()
    assert not (home / ".local/share/applications/catan-desktop.desktop").exists()
    assert not list((home / ".local/share/icons").rglob("catan-desktop.png"))
    assert saves.is_file()  # the player's saves stay
    assert "not installed" in run("--uninstall")


def test_icns_holds_every_icon_size() -> None:
    sys.path.insert(0, str(PACKAGING / "macos"))
    try:
        from make_icns import build_icns, read_icns
    finally:
        sys.path.remove(str(PACKAGING / "macos"))
    elements = dict(read_icns(build_icns(ROOT / "assets" / "icon")))
    assert elements["icp4"] == (16, 16) and elements["ic08"] == (256, 256) and elements["ic09"] == (512, 512)


def test_startup_bench_reads_the_first_frame_line() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import startup
    finally:
        sys.path.remove(str(ROOT / "bench"))
    code = "import os; assert os.environ['CATAN_DESKTOP_EXIT_AFTER_FIRST_FRAME']; print('FIRST_FRAME 0.25')"
    run = startup.measure_once([sys.executable, "-c", code], timeout=30)
    assert run["how"] == "line" and run["app_seconds"] == 0.25 and run["seconds"] > 0
    with pytest.raises(startup.StartupError, match="exited with code 3"):
        startup.measure_once([sys.executable, "-c", "raise SystemExit(3)"], timeout=30)
