"""Build: the engine's hot loop (cards, counts, masks, play and simulate) is compiled with mypyc, from the same typed source.

The compiled modules behave exactly like the Python ones (the tests run against them);
set POCHA_PURE_PYTHON=1 to install without compiling.
"""

import os

from setuptools import setup

COMPILED = [
    "scorekeeper/engine/cards.py",
    "scorekeeper/engine/counts.py",
    "scorekeeper/engine/masks.py",
    "scorekeeper/engine/play.py",
    "scorekeeper/engine/simulate.py",
]


def extensions() -> list[object]:
    """The compiled engine modules, or none when POCHA_PURE_PYTHON=1."""
    if os.environ.get("POCHA_PURE_PYTHON") == "1":
        return []
    from mypyc.build import mypycify

    # Only the engine is compiled; the web modules mypy meets on the way are read, not checked.
    return list(mypycify(["--ignore-missing-imports", "--follow-imports=silent", *COMPILED], opt_level="3"))


setup(ext_modules=extensions())
