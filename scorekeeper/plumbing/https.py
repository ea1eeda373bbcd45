"""HTTPS behind a proxy: the forwarded headers of TRUSTED_PROXIES proxies are believed (ProxyFix), and a request
that came over HTTPS gets Secure cookies and Strict-Transport-Security.

With ``TRUSTED_PROXIES = 0`` (the default) no X-Forwarded-* header is believed: a phone could write
them itself. With 1 (Caddy or nginx on the same machine), the scheme, host and client address are
the ones that proxy says the phone used, so share links and QR codes carry the public address and
``request.is_secure`` tells whether the phone is on HTTPS.
"""

from __future__ import annotations

from typing import Final

from flask import Flask, current_app, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.wrappers import Response

HSTS: Final = "Strict-Transport-Security"


def trust_proxies(app: Flask) -> None:
    """Believe X-Forwarded-For, -Proto and -Host from the app's TRUSTED_PROXIES proxies (none by default).

    X-Forwarded-Port and -Prefix are never believed: Caddy does not set them, so a phone could.
    """
    trusted = int(app.config.get("TRUSTED_PROXIES", 0))
    if trusted > 0:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=trusted, x_proto=trusted, x_host=trusted, x_port=0, x_prefix=0
        )


def secure_request() -> bool:
    """Tell whether the request being answered came over HTTPS (directly or through a trusted proxy)."""
    return has_request_context() and request.is_secure


class HttpsSessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, whose cookie is Secure whenever the request came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        """Secure when the settings say so, or when this request came over HTTPS."""
        return bool(super().get_cookie_secure(app)) or secure_request()


def with_secure(cookie: str) -> str:
    """A ``Set-Cookie`` value with the ``Secure`` attribute (added once)."""
    attributes = [part.strip().lower() for part in cookie.split(";")[1:]]
    return cookie if "secure" in attributes else f"{cookie}; Secure"


def secure_over_https(response: Response) -> Response:
    """Over HTTPS: every cookie the views set is Secure, and browsers are told to keep to HTTPS (HSTS)."""
    if not secure_request():
        return response
    cookies = response.headers.getlist("Set-Cookie")
    if cookies:
        response.headers.remove("Set-Cookie")
        for cookie in cookies:
            response.headers.add("Set-Cookie", with_secure(cookie))
    max_age = int(current_app.config.get("HSTS_MAX_AGE", 0))
    if max_age > 0:
        response.headers.setdefault(HSTS, f"max-age={max_age}")
    return response
