"""A game's (and a peña's) two addresses as another phone must open them: the address the phone used (through a trusted proxy: the
public one), or the LAN address for a page opened on the server itself."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlsplit

from flask import current_app, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from scorekeeper.page_parts.qr import qr_svg, qr_svg_file
from scorekeeper.plumbing import addresses
from scorekeeper.storage.models import Game, Group


def lan_reaches_server() -> bool:
    """Tell whether the computer's LAN address reaches this server: it listens on every network, with no proxy
    in front (behind a proxy the address the phone used is the public one, whatever it is)."""
    config = current_app.config
    return not config.get("TRUSTED_PROXIES") and addresses.is_wildcard(str(config.get("SERVER_HOST", "")))


def public_root() -> str:
    """``scheme://host[:port]`` of this request, as a phone at the table can reach it.

    The address the page was opened with (behind a trusted proxy, the scheme and host the
    phone used), unless that only reaches this computer (127.0.0.1, localhost: the scorekeeper
    opened it on the server itself) and the server listens on every network: then the
    computer's LAN address, same port. A server listening on 127.0.0.1 alone shares 127.0.0.1,
    the only address it answers on. Nothing is sent on the network to find it.
    """
    netloc = request.host
    parts = urlsplit(f"//{netloc}")
    if parts.hostname and addresses.is_loopback(parts.hostname) and lan_reaches_server():
        lan = addresses.lan_addresses()
        if lan:
            netloc = lan[0] + (f":{parts.port}" if parts.port else "")
    return f"{request.scheme}://{netloc}"


def public_url(endpoint: str, **values: Any) -> str:
    """The full address of ``endpoint`` for another phone (see ``public_root``)."""
    return public_root() + url_for(endpoint, **values)


def whatsapp_link(text: str) -> str:
    """A plain link that opens WhatsApp with ``text`` ready to send to a chat of the player's choosing."""
    return "https://wa.me/?text=" + quote(text, safe="")


@dataclass(frozen=True)
class Link:
    """An address to pass to another phone: as text and as a QR code named ``title``; with ``message`` (the words sent
    with it to the table's chat), also as a WhatsApp link. With ``image``, the code is an image file at that address,
    which the page asks for only when it is shown, rather than drawn in the page."""

    url: str
    title: str
    message: str | None = None
    image: str | None = None

    @property
    def qr(self) -> Markup:
        """The QR code of the address, as inline SVG."""
        return qr_svg(self.url, self.title)

    @property
    def qr_file(self) -> str:
        """The QR code of the address, as an SVG file of its own (served at ``image``)."""
        return qr_svg_file(self.url, self.title)

    @property
    def whatsapp(self) -> str | None:
        """A plain link that opens WhatsApp with the message and the address ready to send: nothing is asked of
        anyone until it is tapped. None for an address not to be sent to a group (the scorekeeper's)."""
        if self.message is None:
            return None
        return whatsapp_link(f"{self.message} {self.url}")


@dataclass(frozen=True)
class ShareLinks:
    """What the share panel offers: the watchers' address, and the scorekeeper's (to hand over)."""

    watch: Link
    edit: Link | None


def watch_link(game: Game) -> Link:
    """The read-only address of ``game``."""
    return Link(
        public_url("watch.page", token=game.watch_token),
        _("Código QR del enlace para mirar"),
        _("Sigue la partida de pocha desde el móvil:"),
    )


def edit_link(token: str) -> Link:
    """The scorekeeper's address of the game opened with ``token``, to hand the scoring over; its QR code an image of
    its own (share/routes.py), asked for only once the handover is opened."""
    return Link(
        public_url("games.play", token=token),
        _("Código QR del enlace para apuntar"),
        image=url_for("share.edit_link_qr", token=token),
    )


def share_links(game: Game, token: str | None = None) -> ShareLinks:
    """The links of the share panel; the scorekeeper's only with its edit ``token`` (a page opened with it)."""
    return ShareLinks(watch=watch_link(game), edit=edit_link(token) if token else None)


@dataclass(frozen=True)
class GroupLinks:
    """A peña's two addresses: the lookers' and the manager's."""

    look: Link
    manage: Link


def group_links(group: Group, token: str) -> GroupLinks:
    """The peña's addresses for its manager's page (opened with the manager's ``token``)."""
    return GroupLinks(
        look=Link(
            public_url("groups.look", token=group.look_token),
            _("Código QR del enlace para mirar la peña"),
            _("La liga de la peña %(name)s:", name=group.name),
        ),
        manage=Link(public_url("groups.manage", token=token), _("Código QR del enlace para gestionar la peña")),
    )


def moving_link(fields: dict[str, str]) -> Link:
    """The link (and QR code) that carries a phone's list of games and peñas to another phone."""
    return Link(public_url("main.receive", **fields), _("Código QR para llevar las partidas a otro móvil"))
