"""Pocha, the score-keeper for la pocha: the Flask application factory, to be read from top to bottom."""

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper import template_globals
from scorekeeper.config import load_config
from scorekeeper.extensions import babel, csrf, db, migrate
from scorekeeper.plumbing import (
    assets,
    compiled_templates,
    compression,
    escaping,
    https,
    languages,
    rate_limits,
    security,
)
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
        static_folder=None,  # served by register_static_files, at hashed addresses
    )
    app.static_folder = str(resource_dir("static"))
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    load_config(app, test_config)  # every setting: the defaults, instance/config.py, the environment
    # For the whole process, not just this app: a text of Flask-Babel's is escaped like any other text when
    # drawn, so a name typed into a translated message can never become markup (plumbing/escaping.py).
    escaping.lazy_strings_are_text()
    register_extensions(app)
    register_static_files(app)
    register_blueprints(app)
    register_errorhandlers(app)
    register_request_hooks(app)
    register_rate_limits(app)  # after the blueprints: Flask-Limiter wraps the views they registered
    template_globals.register(app)
    compiled_templates.share_compiled_templates(app)
    register_shell_context(app)
    return app


def register_extensions(app: Flask) -> None:
    """Bind the extensions: the database (SQLite set up for safe writes), migrations, CSRF protection and
    translations."""
    from scorekeeper.storage import models  # noqa: F401  (registers the tables with db.metadata)

    db.init_app(app)
    database.configure_engines(app)
    migrate.init_app(app, db, directory=str(resource_dir("migrations")))
    csrf.init_app(app)
    babel.init_app(app, locale_selector=languages.select_locale)


def register_static_files(app: Flask) -> None:
    """Put the phone's scripts and stylesheet together (``assets.SCRIPTS``, ``assets.STYLESHEETS``), serve static/
    at addresses that carry each file's hash (kept a year), give every ``url_for('static', ...)`` that address, and
    name the release (``POCHA_RELEASE``, else a hash of what pages are drawn from)."""
    assets.assemble(app)  # a module or a part missing: the app does not start
    app.add_url_rule(f"{app.static_url_path}/<path:filename>", endpoint="static", view_func=assets.serve_static)
    app.url_defaults(assets.hash_static_addresses)
    if not app.config.get(assets.RELEASE_KEY):
        templates = Path(app.root_path, app.template_folder or "templates")
        app.config[assets.RELEASE_KEY] = assets.fingerprint(PACKAGE_DIR, templates, Path(app.static_folder or "static"))


def register_blueprints(app: Flask) -> None:
    """Mount the pages: one blueprint per capability."""
    from scorekeeper.export import bp as export_bp
    from scorekeeper.games import bp as games_bp
    from scorekeeper.groups import bp as groups_bp
    from scorekeeper.history import bp as history_bp
    from scorekeeper.main import bp as main_bp
    from scorekeeper.paper import bp as paper_bp
    from scorekeeper.share import bp as share_bp
    from scorekeeper.simulator import bp as simulator_bp
    from scorekeeper.watch import bp as watch_bp

    app.register_blueprint(main_bp)
    app.register_blueprint(games_bp)
    app.register_blueprint(watch_bp)
    app.register_blueprint(share_bp)
    app.register_blueprint(export_bp)
    app.register_blueprint(paper_bp)
    app.register_blueprint(history_bp)
    app.register_blueprint(simulator_bp)
    app.register_blueprint(groups_bp)


def register_errorhandlers(app: Flask) -> None:
    """Mount Pocha's own error pages (400, 403, 404, 405, 413, 429, 500 and the expired-form page)."""
    from scorekeeper.errors import bp as errors_bp

    app.register_blueprint(errors_bp)


#: What is done to every answer on its way out, in the order it is done (see register_request_hooks).
AFTER_EVERY_REQUEST = (
    rate_limits.retry_after,  # a 429 says when to come back
    security.guard_capabilities,  # game addresses: noindex, and no-store under /p/
    security.add_security_headers,  # CSP and the others, where a view set none
    https.secure_over_https,  # over HTTPS: Secure cookies and HSTS
    compression.without_indentation,  # pages without their templates' indentation
    compression.compress,  # last: it compresses the body as it finally is
)


def register_request_hooks(app: Flask) -> None:
    """What is done around every request: the phone's address and scheme as trusted proxies say, a session
    cookie that lasts (Secure over HTTPS), and the answer's headers and compression.

    Flask runs ``after_request`` hooks from the last registered to the first, so the hooks of
    ``AFTER_EVERY_REQUEST`` are registered in reverse: they run in the order that list gives.
    """
    https.trust_proxies(app)  # X-Forwarded-* believed from TRUSTED_PROXIES proxies only
    app.session_interface = https.HttpsSessionInterface()
    app.before_request(security.keep_session)
    for hook in reversed(AFTER_EVERY_REQUEST):
        app.after_request(hook)


def register_rate_limits(app: Flask) -> None:
    """Give the app a rate limiter of its own (none when the limits are off) and put the views under their limits.

    Its check runs before every view, after the hooks above; it wraps the views of the blueprints,
    so it comes after them.
    """
    if rate_limits.make_limiter(app) is not None:
        rate_limits.limit_views(app)


def register_shell_context(app: Flask) -> None:
    """Give `flask shell` the database and the models."""
    from scorekeeper.storage import models

    def shell_context() -> dict[str, Any]:
        """Names available in `flask shell`."""
        return {"db": db, "models": models}

    app.shell_context_processor(shell_context)
