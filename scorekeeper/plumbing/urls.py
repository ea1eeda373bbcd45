"""URL helpers shared by the blueprints: going back safely to one of our own pages."""

from urllib.parse import urlsplit

from flask import request


def local_url(url: str | None) -> str | None:
    """Return the path and query of `url` if it points into this app, else None (no open redirects)."""
    if not url or "\\" in url:
        return None
    try:
        parts = urlsplit(url)
    except ValueError:  # "http://[": a broken IPv6 host, sent by no browser
        return None
    if parts.scheme not in ("", "http", "https") or (parts.netloc and parts.netloc != request.host):
        return None
    if not parts.path.startswith("/") or parts.path.startswith("//"):
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def back_url() -> str | None:
    """Return the page the player came from (the Referer), when it is one of ours."""
    return local_url(request.referrer)


def current_page() -> str:
    """The address to come back to after a side trip (the language switch): this page when it was
    fetched with GET; after a refused form, the page the form was sent from; else the home page."""
    if request.method == "GET":
        return request.full_path.rstrip("?")
    return back_url() or "/"
