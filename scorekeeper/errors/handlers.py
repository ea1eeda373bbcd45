"""Error handlers: each renders templates/errors/<page>.html with the right status code."""

from flask import render_template
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from scorekeeper.errors import bp
from scorekeeper.extensions import db
from scorekeeper.urls import back_url

Page = tuple[str, int] | tuple[str, int, dict[str, str]]


@bp.app_errorhandler(CSRFError)
def form_expired(error: CSRFError) -> Page:
    """Explain that the form expired (bad or missing CSRF token) and offer to go back (400)."""
    return render_template("errors/csrf.html", back=back_url()), 400


@bp.app_errorhandler(400)
def bad_request(error: HTTPException) -> Page:
    """Explain that the request could not be understood (400)."""
    return render_template("errors/400.html", back=back_url()), 400


@bp.app_errorhandler(403)
def forbidden(error: HTTPException) -> Page:
    """Explain that this page is not available to the player (403)."""
    return render_template("errors/403.html", back=back_url()), 403


@bp.app_errorhandler(404)
def not_found(error: HTTPException) -> Page:
    """Explain that the page does not exist (404)."""
    return render_template("errors/404.html", back=back_url()), 404


@bp.app_errorhandler(MethodNotAllowed)
def method_not_allowed(error: MethodNotAllowed) -> Page:
    """Treat a wrong method (say, reloading a form's target) like a missing page (405)."""
    allow = {"Allow": ", ".join(error.valid_methods)} if error.valid_methods else {}
    return render_template("errors/404.html", back=back_url()), 405, allow


@bp.app_errorhandler(500)
def internal_error(error: Exception) -> Page:
    """Undo the half-done database work and apologise (500)."""
    db.session.rollback()
    return render_template("errors/500.html", back=back_url()), 500
