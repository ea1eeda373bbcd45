"""The package build (pyproject.toml): every Python package and the top-level folders ship."""

import tomllib

from scorekeeper import PROJECT_DIR

PYPROJECT = tomllib.loads((PROJECT_DIR / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]


def test_every_python_package_is_listed_in_pyproject() -> None:
    on_disk = {
        ".".join(path.parent.relative_to(PROJECT_DIR).parts)
        for path in (PROJECT_DIR / "scorekeeper").rglob("*.py")
        if "__pycache__" not in path.parts
    }
    missing = on_disk - set(SETUPTOOLS["packages"])
    assert not missing, f"add these to [tool.setuptools] packages in pyproject.toml: {sorted(missing)}"


def test_top_level_folders_ship_inside_the_package() -> None:
    mapping = SETUPTOOLS["package-dir"]
    for folder in ("templates", "static", "migrations"):
        assert mapping[f"scorekeeper.{folder}"] == folder
        assert f"scorekeeper.{folder}" in SETUPTOOLS["packages"]
        assert (PROJECT_DIR / folder).is_dir()


def test_package_data_covers_every_template() -> None:
    patterns = SETUPTOOLS["package-data"]["scorekeeper.templates"]
    templates = PROJECT_DIR / "templates"
    shipped = {p for pattern in patterns for p in templates.glob(pattern)}
    assert set(templates.rglob("*.html")) <= shipped
