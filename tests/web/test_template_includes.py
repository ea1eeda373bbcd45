"""Templates name their partials plainly: no ``ignore missing``, and every template a page is drawn from exists.

A renamed or missing partial then fails loudly (here, and on the first page that draws it) rather
than leaving a hole in the page.
"""

from __future__ import annotations

import ast

from flask import Flask
from jinja2 import meta, nodes

from scorekeeper import PROJECT_DIR


def templates(app: Flask) -> list[str]:
    """Every template of the app, by the name templates and views use."""
    names = sorted(app.jinja_env.list_templates(extensions=["html"]))
    assert "base.html" in names and "games/_hand.html" in names
    return names


def parsed(app: Flask, name: str) -> nodes.Template:
    """The template ``name`` parsed by the app's Jinja environment."""
    loader = app.jinja_env.loader
    assert loader is not None
    source, _filename, _uptodate = loader.get_source(app.jinja_env, name)
    return app.jinja_env.parse(source, name)


def test_no_template_ignores_a_missing_partial(app: Flask) -> None:
    quiet = [
        name
        for name in templates(app)
        for include in parsed(app, name).find_all(nodes.Include)
        if include.ignore_missing
    ]
    assert quiet == [], "include partials plainly, so a missing one fails loudly"


def test_every_include_import_and_extends_names_an_existing_template(app: Flask) -> None:
    known = set(templates(app))
    named = {name: list(meta.find_referenced_templates(parsed(app, name))) for name in templates(app)}
    assert all(None not in used for used in named.values()), {k: v for k, v in named.items() if None in v}
    missing = {name: sorted(set(used) - known) for name, used in named.items() if set(used) - known}
    assert missing == {}, "these templates name templates that do not exist"
    assert "games/_below_hand.html" in named["games/game.html"]
    assert "games/_corrections.html" in named["games/_below_hand.html"]


def rendered_names() -> list[tuple[str, str]]:
    """Every template name a view passes to ``render_template`` as it is written: (module, name)."""
    found = []
    for path in sorted((PROJECT_DIR / "scorekeeper").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "render_template"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                found.append((path.relative_to(PROJECT_DIR).as_posix(), str(node.args[0].value)))
    return found


def test_every_template_a_view_draws_exists(app: Flask) -> None:
    drawn = rendered_names()
    assert ("scorekeeper/games/routes.py", "games/game.html") in drawn
    known = set(templates(app))
    assert [(module, name) for module, name in drawn if name not in known] == []
