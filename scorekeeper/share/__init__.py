"""The share blueprint: the watchers' read-only page that follows the game live, QR codes, handing over the edit link."""

from flask import Blueprint

bp = Blueprint("share", __name__)


@bp.app_context_processor
def _share_links() -> dict[str, object]:
    """Give templates ``share_links(game, token)``: the addresses for the share panel, as text and QR codes."""
    from scorekeeper.page_parts.share_links import share_links, watch_link

    return {"share_links": share_links, "watch_link": watch_link}


from scorekeeper.share import routes  # noqa: E402,F401  (attaches the views to bp)
