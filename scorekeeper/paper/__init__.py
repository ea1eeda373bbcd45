"""The paper blueprint: the printable score sheet and its PDF."""

from typing import Any

from flask import Blueprint

bp = Blueprint("paper", __name__)


@bp.app_context_processor
def _paper_helpers() -> dict[str, Any]:
    """Give every template ``score_chart(sheet)`` (for games/_chart.html), ``paper_lines(sheet)`` and ``any_not_counted``."""
    from scorekeeper.page_parts.chart import score_chart
    from scorekeeper.page_parts.paper_lines import any_not_counted, paper_lines

    return {"score_chart": score_chart, "paper_lines": paper_lines, "any_not_counted": any_not_counted}


from scorekeeper.paper import routes  # noqa: E402,F401  (attaches the views to bp)
