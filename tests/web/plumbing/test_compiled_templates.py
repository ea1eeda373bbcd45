"""Templates compiled once a process (scorekeeper/plumbing/compiled_templates.py): a second app draws a page with the
code the first one compiled, and a template whose text is not the one compiled is compiled again."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from jinja2 import Environment

from scorekeeper.plumbing.compiled_templates import COMPILED
from support.table import AppFactory


def test_a_second_app_draws_with_the_code_the_first_compiled(
    app_factory: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    first: Flask = app_factory()
    assert first.jinja_env.bytecode_cache is COMPILED
    assert first.test_client().get("/").status_code == 200

    def compiled_again(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled again")

    monkeypatch.setattr(Environment, "compile", compiled_again)
    second: Flask = app_factory()
    assert second is not first and second.jinja_env is not first.jinja_env
    assert "Nueva partida" in second.test_client().get("/").get_data(as_text=True)


def test_a_template_whose_text_changed_is_compiled_again(app_factory: AppFactory, tmp_path: Path) -> None:
    app: Flask = app_factory()
    template = tmp_path / "templates" / "probe.html"
    template.parent.mkdir()
    app.jinja_loader.searchpath.insert(0, str(template.parent))  # type: ignore[union-attr]
    template.write_text("uno", encoding="utf-8")
    with app.app_context():
        assert app.jinja_env.get_template("probe.html").render() == "uno"
    template.write_text("dos", encoding="utf-8")
    again: Flask = app_factory()
    again.jinja_loader.searchpath.insert(0, str(template.parent))  # type: ignore[union-attr]
    with again.app_context():
        assert again.jinja_env.get_template("probe.html").render() == "dos"
