"""Pocha, the score-keeper for la pocha: the Flask application factory."""

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper.config import load_config
from scorekeeper.extensions import csrf, db, migrate
from scorekeeper.labels import game_words
from scorekeeper.plumbing import assets, compression, languages, rate_limits, security
from scorekeeper.storage import database

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_DIR = PACKAGE_DIR.parent


def resource_dir(name: str) -> Path:
    """Return the folder `name` (templates, static, migrations): inside the installed package, else at the repo root."""
    installed = PACKAGE_DIR / name
    return installed if installed.is_dir() else PROJECT_DIR / name


def create_app(
    test_config: Mapping[str, Any] | None = None,
    instance_path: str | os.PathLike[str] | None = None,
) -> Flask:
    """Build the Pocha app; `test_config` replaces instance/config.py and the environment."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        instance_path=os.fspath(instance_path) if instance_path is not None else None,
        template_folder=str(resource_dir("templates")),
        static_folder=str(resource_dir("static")),
    )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    load_config(app, test_config)
    register_extensions(app)
    register_blueprints(app)
    register_errorhandlers(app)
    security.init_app(app)
    rate_limits.init_app(
        app, os.environ if test_config is None else None
    )  # after the blueprints: it limits their views
    register_shell_context(app)
    return app


def register_extensions(app: Flask) -> None:
    """Bind the database, migrations, CSRF protection, translations, hashed static addresses and compression."""
    from scorekeeper.storage import models  # noqa: F401  (registers the tables with db.metadata)

    db.init_app(app)
    database.init_app(app)
    migrate.init_app(app, db, directory=str(resource_dir("migrations")))
    csrf.init_app(app)
    languages.init_app(app)
    game_words.init_app(app)
    assets.init_app(app)
    compression.init_app(app)  # the first after_request hook, so the last to run


def register_blueprints(app: Flask) -> None:
    """Mount the pages: one blueprint per capability."""
    from scorekeeper.export import bp as export_bp
    from scorekeeper.games import bp as games_bp
    from scorekeeper.history import bp as history_bp
    from scorekeeper.main import bp as main_bp
    from scorekeeper.paper import bp as paper_bp
    from scorekeeper.share import bp as share_bp
    from scorekeeper.simulator import bp as simulator_bp

    app.register_blueprint(main_bp)
    app.register_blueprint(games_bp)
    app.register_blueprint(share_bp)
    app.register_blueprint(export_bp)
    app.register_blueprint(paper_bp)
    app.register_blueprint(history_bp)
    app.register_blueprint(simulator_bp)


def register_errorhandlers(app: Flask) -> None:
    """Mount Pocha's own error pages (400, 403, 404, 405, 413, 429, 500 and the expired-form page)."""
    from scorekeeper.errors import bp as errors_bp

    app.register_blueprint(errors_bp)


def register_shell_context(app: Flask) -> None:
    """Give `flask shell` the database and the models."""
    from scorekeeper.storage import models

    def shell_context() -> dict[str, Any]:
        """Names available in `flask shell`."""
        return {"db": db, "models": models}

    app.shell_context_processor(shell_context)
