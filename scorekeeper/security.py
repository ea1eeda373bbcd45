"""HTTP hardening: strict security headers on every response and a lasting session cookie."""

from typing import Final

from flask import Flask, Response, session

from scorekeeper import escaping

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


def add_security_headers(response: Response) -> Response:
    """Add the security headers to a response, leaving any a view set itself."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def keep_session() -> None:
    """Keep the session cookie (and the CSRF token in it) across browser restarts on a phone."""
    if not session.permanent:
        session.permanent = True


def init_app(app: Flask) -> None:
    """Install the header hook, plain-text lazy strings and the lasting session."""
    escaping.lazy_strings_are_text()
    app.before_request(keep_session)
    app.after_request(add_security_headers)
