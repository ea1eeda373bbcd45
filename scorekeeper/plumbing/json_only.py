"""Addresses a phone's script talks to in JSON only: their refusals are JSON too, whatever the phone accepts.

A view marked ``json_only`` answers its own refusals as ``{"error": …}``; the errors blueprint
asks ``json_only_address`` before it draws a page, so that a refusal made before the view runs
(CSRF, a rate limit, a body too large, a method the address does not take) is JSON as well.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

from flask import current_app, request
from werkzeug.exceptions import HTTPException, MethodNotAllowed

View = TypeVar("View", bound=Callable[..., Any])

#: The view attribute that marks an address as JSON only (kept by the wrappers of the rate limits).
MARK: Final = "pocha_json_only"


def json_only(view: View) -> View:
    """Mark ``view``'s address as one that answers JSON only."""
    setattr(view, MARK, True)
    return view


def json_only_address() -> bool:
    """Tell whether this request is for an address that answers JSON only, even with a method it does not take."""
    endpoint = request.endpoint
    refused = request.routing_exception
    if endpoint is None and isinstance(refused, MethodNotAllowed) and refused.valid_methods:
        adapter = current_app.create_url_adapter(request)
        try:
            method = next(iter(refused.valid_methods))
            endpoint = adapter.match(method=method)[0] if adapter is not None else None
        except HTTPException:
            endpoint = None
    view = current_app.view_functions.get(endpoint) if isinstance(endpoint, str) else None
    return bool(getattr(view, MARK, False))
