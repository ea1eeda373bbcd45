"""Hardening: security headers on every response (capability addresses kept out of indexes and caches), a lasting session."""

from typing import Final

from flask import Response, has_request_context, request, session

# Everything comes from the app itself: no inline script or style, no third-party host.
CONTENT_SECURITY_POLICY: Final = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "object-src 'none'",
    ]
)

SECURITY_HEADERS: Final = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}


#: Addresses that are capabilities: whoever holds one keeps the score (/p/…) or watches the game (/ver/…),
#: manages a peña (/pena/…) or looks at it (/pena/ver/…).
SCOREKEEPER_PREFIX: Final = "/p/"
WATCHER_PREFIX: Final = "/ver/"
GROUP_PREFIX: Final = "/pena/"
GROUP_LOOKER_PREFIX: Final = "/pena/ver/"
#: A moving link (main/moving.py) carries capability addresses in its query.
MOVING_PREFIX: Final = "/recibir"
CAPABILITY_PREFIXES: Final = (SCOREKEEPER_PREFIX, WATCHER_PREFIX, GROUP_PREFIX, MOVING_PREFIX)
NOINDEX: Final = "noindex, nofollow"


def is_capability_path(path: str) -> bool:
    """Tell whether ``path`` lies under a capability address (/p/…, /ver/…)."""
    return path.startswith(CAPABILITY_PREFIXES)


def guard_capabilities(response: Response) -> Response:
    """Keep capability addresses out of search engines, and the scorekeeper's and the peña manager's out of every cache.

    Every answer under /p/, /ver/ and /pena/ (pages, files, redirects, errors, 304s) says ``noindex``;
    every answer under /p/, and under /pena/ but for the lookers' /pena/ver/, is ``no-store``, whatever
    the view set. The watchers' pages keep their own revalidation (plumbing/live.py).
    """
    path = request.path
    if is_capability_path(path):
        response.headers["X-Robots-Tag"] = NOINDEX
    if path.startswith(SCOREKEEPER_PREFIX) or (
        path.startswith(GROUP_PREFIX) and not path.startswith(GROUP_LOOKER_PREFIX)
    ):
        response.headers["Cache-Control"] = "no-store"
    return response


def capability_page() -> dict[str, bool]:
    """Tell templates whether the page is a capability page, for its ``<meta name="robots">``."""
    return {"noindex_page": has_request_context() and is_capability_path(request.path)}


def add_security_headers(response: Response) -> Response:
    """Add the security headers to a response, leaving any a view set itself."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def keep_session() -> None:
    """Keep the session cookie (and the CSRF token in it) across browser restarts on a phone."""
    if not session.permanent:
        session.permanent = True


def leave_session_alone() -> None:
    """Send no session cookie with this answer: a poll every 2 s, or a tap's acknowledgement, has nothing to add to it.

    The phone keeps the cookie it has (the game is in its list since it opened the page); this
    request only forgets it, so the answer carries no ``Set-Cookie`` to rewrite it with. Call it
    last, once nothing more is drawn: a page drawn after it (an error page's forms) would start
    a new session, and its cookie would replace the phone's.
    """
    session.clear()
    session.modified = False
