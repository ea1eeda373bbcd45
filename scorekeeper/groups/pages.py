"""The peña's page drawn whole, for the views of this blueprint: the league, and for its manager the forms."""

from __future__ import annotations

from typing import Any

from flask import render_template, request, url_for
from flask_wtf import FlaskForm

from scorekeeper.groups.forms import AddressForm, ChoiceForm, MergeForm, SeasonForm
from scorekeeper.groups.league_page import FIRST_ARG, SEASON_ARG, SECOND_ARG, LeaguePage
from scorekeeper.groups.night_page import night_summaries
from scorekeeper.storage.groups import LOOK, MANAGE, GroupScope, group_for

#: The manager's forms on the peña's page, each with a prefix of its own (their fields do not mix).
FORMS: dict[str, tuple[type[FlaskForm], str]] = {
    "game_form": (AddressForm, "game"),
    "merge_form": (MergeForm, "merge"),
    "season_form": (SeasonForm, "season"),
}


def page_of(scope: GroupScope, token: str, lock: bool = False) -> LeaguePage:
    """The peña behind the address as this request sees it (the season and the two players the address asks for)."""
    group = group_for(scope, token, lock)
    args = request.args
    return LeaguePage(
        group,
        scope,
        token,
        season=args.get(SEASON_ARG, "")[:12],
        pair=(args.get(FIRST_ARG, "")[:80], args.get(SECOND_ARG, "")[:80]),
    )


def empty_form(name: str) -> FlaskForm:
    """A manager's form, empty (not read from the request)."""
    kind, prefix = FORMS[name]
    return kind(formdata=None, prefix=prefix)


def sent_form(name: str) -> Any:
    """A manager's form as the request sent it."""
    kind, prefix = FORMS[name]
    return kind(prefix=prefix)


def page_address(page: LeaguePage) -> str:
    """The GET address of the page a refused form came from."""
    endpoint = "groups.manage" if page.scope == MANAGE else "groups.look"
    return url_for(endpoint, token=page.token)


def render_group(page: LeaguePage, status: int = 200, **forms: FlaskForm) -> tuple[str, int]:
    """The peña's page: the league of the season asked for; for its manager, the forms (``forms``: those sent, with
    what was typed and why it was refused)."""
    context: dict[str, Any] = {
        "page": page,
        "group": page.group,
        "token": page.token,
        "managing": page.managing,
        "nights": night_summaries(page.group),
    }
    if page.managing:
        for name in FORMS:
            context[name] = forms.get(name) or empty_form(name)
        context["choice_form"] = ChoiceForm(formdata=None)
    html = render_template(
        "groups/group.html", **context, page_address=page_address(page) if request.method == "POST" else None
    )
    return html, status


__all__ = ["LOOK", "MANAGE", "page_of", "render_group", "sent_form"]
