"""The throw-away catanatron venv shared by the benchmarks (``bench/.venv-catanatron``, git-ignored).

Catanatron is never a project dependency: ``ensure_catanatron_venv()`` creates the venv on first use with
``python -m venv`` + ``pip install catanatron==3.2.1`` (needs PyPI access) and returns its interpreter.
Scripts that also import our package inside that venv (``bench/_catanatron_bridge.py``) ask for
``PROJECT_RUNTIME`` too: the engine and the bots need only PyYAML (and platformdirs for the paths module)
besides the standard library; the bridge puts the checkout itself on ``sys.path``, so the venv always runs
the current source and nothing is written into the checkout.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
REPO_ROOT = BENCH_DIR.parent
CATANATRON_VERSION = "3.2.1"
CATANATRON_VENV = BENCH_DIR / ".venv-catanatron"
# (pip requirement, module to import): what our engine + bots need at run time (pygame is not among them)
PROJECT_RUNTIME: tuple[tuple[str, str], ...] = (
    ("pyyaml>=6.0", "yaml"),
    ("platformdirs>=3.0", "platformdirs"),
)


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def venv_python(venv: Path = CATANATRON_VENV) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _venv_is_usable(python: Path) -> bool:
    """True if ``python`` exists, matches our major.minor and has the pinned catanatron."""
    if not python.exists():
        return False
    probe = (
        "import sys, importlib.metadata as m, catanatron.game;"
        "print('%d.%d' % sys.version_info[:2], m.version('catanatron'))"
    )
    try:
        out = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    ours = f"{sys.version_info[0]}.{sys.version_info[1]}"
    return out.returncode == 0 and out.stdout.split() == [ours, CATANATRON_VERSION]


def _missing_modules(python: Path, modules: list[str]) -> list[str]:
    """Return the modules of ``modules`` that ``python`` cannot import."""
    probe = (
        "import importlib.util, sys\n"
        "print(' '.join(m for m in sys.argv[1:] if importlib.util.find_spec(m) is None))"
    )
    out = subprocess.run([str(python), "-c", probe, *modules], capture_output=True, text=True, timeout=60)
    if out.returncode != 0:
        return list(modules)
    return out.stdout.split()


def _pip_install(python: Path, requirements: list[str]) -> None:
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *requirements],
        check=True,
    )


def ensure_catanatron_venv(extra: tuple[tuple[str, str], ...] = ()) -> Path:
    """Create (or reuse) ``bench/.venv-catanatron`` with catanatron pinned; return its python.

    ``extra`` lists (pip requirement, module name) pairs that must also be importable there (installed
    when the module is missing), e.g. ``PROJECT_RUNTIME``.
    """
    python = venv_python(CATANATRON_VENV)
    if not _venv_is_usable(python):
        log(f"creating {CATANATRON_VENV.relative_to(REPO_ROOT)} with catanatron=={CATANATRON_VERSION} ...")
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(CATANATRON_VENV)], check=True)
        _pip_install(python, [f"catanatron=={CATANATRON_VERSION}"])
        if not _venv_is_usable(python):
            raise RuntimeError(f"catanatron=={CATANATRON_VERSION} still not importable in {CATANATRON_VENV}")
    if extra:
        missing = set(_missing_modules(python, [module for _req, module in extra]))
        if missing:
            requirements = [req for req, module in extra if module in missing]
            log(f"installing {', '.join(requirements)} into {CATANATRON_VENV.relative_to(REPO_ROOT)} ...")
            _pip_install(python, requirements)
            still = _missing_modules(python, sorted(missing))
            if still:
                raise RuntimeError(f"still missing in {CATANATRON_VENV}: {', '.join(still)}")
    return python
