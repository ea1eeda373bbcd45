"""The phone app: the web app manifest, the service worker at the top of the site and the page shown without a connection.

A phone can put Pocha on its home screen where the browser allows it (over HTTPS, or on this
computer). The service worker (static/js/sw.js) takes pages from the network first and static
files from its cache. It keeps each game's page as the network last gave it (the first visit's,
which the worker did not fetch, it fetches again when the page asks); without a connection it
serves that page as it is, working (its script carries on with the phone's own record of the
game), or, for any other page, the offline page, which lists the games kept.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

from flask import current_app, make_response, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.main import bp
from scorekeeper.plumbing.assets import release
from scorekeeper.plumbing.languages import current_locale

#: Colours of the app's frame before a page is drawn: the page's background and the table's green (pocha.css).
LIGHT: Final = {"background_color": "#f6f4ee", "theme_color": "#1d6b45"}
DARK: Final = {"background_color": "#121614", "theme_color": "#121614"}
#: The files every page needs, kept by the service worker when it is installed (at their hashed addresses).
PRECACHE: Final = ("css/pocha.css", "css/paper.css", "css/game.css", "js/pocha.js", "js/game.js", "js/phone_game.js")
#: The service worker's source; the server puts its settings in front of it.
WORKER_SOURCE: Final = "js/sw.js"
#: Asked again every time (each answer carries the addresses of this release), a 304 while it is the same.
NO_CACHE: Final = "no-cache"


def revalidated(response: Response, *vary: str) -> Response:
    """``response`` to be asked for again each time, with an ETag of its body: a bodiless 304 while it is unchanged."""
    response.headers["Cache-Control"] = NO_CACHE
    response.vary.update(vary)
    response.add_etag()
    return response.make_conditional(request)


def manifest_data() -> dict[str, Any]:
    """The web app manifest: name, language, where it starts, standalone, colours for light and dark, icons."""

    def icon(filename: str, size: str, kind: str, purpose: str) -> dict[str, str]:
        """One of the manifest's icons: the static file at its hashed address, its size, type and purpose."""
        return {"src": url_for("static", filename=filename), "sizes": size, "type": kind, "purpose": purpose}

    return {
        "id": url_for("main.index"),
        "name": "Pocha",
        "short_name": "Pocha",
        "description": _("Lleva las apuestas, las bazas y los puntos de cada mano de la pocha."),
        "lang": current_locale(),
        "dir": "ltr",
        "start_url": url_for("main.index"),
        "scope": url_for("main.index"),
        "display": "standalone",
        **LIGHT,
        "user_preferences": {"color_scheme_dark": DARK},
        "icons": [
            icon("icons/pocha-192.png", "192x192", "image/png", "any"),
            icon("icons/pocha-512.png", "512x512", "image/png", "any"),
            icon("icons/pocha-maskable-512.png", "512x512", "image/png", "maskable"),
            icon("icons/pocha.svg", "any", "image/svg+xml", "any"),
        ],
    }


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest, in the phone's language."""
    response = make_response(json.dumps(manifest_data(), ensure_ascii=False, indent=1))
    response.mimetype = "application/manifest+json"
    return revalidated(response, "Accept-Language")


def worker_settings() -> dict[str, Any]:
    """What the service worker needs to know of this release: its name, the files to keep, the offline page and the
    offer to install Pocha (kept for a page shown without a connection) and the page a game made on this phone is
    drawn in (games/phone_game_route.py)."""
    return {
        "release": release(),
        "precache": [url_for("static", filename=name) for name in PRECACHE],
        "offline": url_for("main.offline"),
        "install": url_for("main.install_offer"),
        "made": url_for("games.phone_game"),
        "new_game": url_for("games.new_game"),
    }


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, at the top of the site so that it serves every page; a new release makes a new one."""
    folder = current_app.static_folder
    assert folder is not None, "Pocha always has its static folder"
    source = Path(folder, WORKER_SOURCE).read_text(encoding="utf-8")
    response = make_response(f"self.POCHA = {json.dumps(worker_settings())};\n{source}")
    response.mimetype = "text/javascript"
    return revalidated(response)


@bp.get("/sin-conexion")
def offline() -> Response:
    """The page the service worker shows without a connection: the copies of games this phone keeps."""
    return revalidated(make_response(render_template("main/offline.html")), "Cookie")


@bp.get("/instalar")
def install_offer() -> Response:
    """The offer to install Pocha, in the phone's language: a fragment the page's script puts at its foot, asked for
    only where the phone can install Pocha, so that no page's first load carries it."""
    return revalidated(make_response(render_template("main/_install_offer.html")), "Cookie", "Accept-Language")
