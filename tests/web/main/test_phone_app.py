"""The phone app (scorekeeper/main/phone_app.py): the manifest and its icons, the service worker at /sw.js, the offline
page; and what every page says about it (manifest, apple-touch icon, a game's page marked for the screen, a refused
form's GET address)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image

from scorekeeper.plumbing import modules

if TYPE_CHECKING:
    from support.table import Table

FOUR = ["Ana", "Bea", "Carlos", "Dani"]
ICON_SIZES = {"192x192": 192, "512x512": 512}


def image(client: FlaskClient, address: str) -> Image.Image:
    """The picture at ``address`` (200 expected)."""
    response = client.get(address)
    assert response.status_code == 200, address
    return Image.open(io.BytesIO(response.data))


@pytest.mark.parametrize(("lang", "description"), [("es", "Lleva las apuestas"), ("en", "Keep the bids")])
def test_the_manifest_names_pocha_and_says_how_it_starts(client: FlaskClient, lang: str, description: str) -> None:
    response = client.get("/manifest.webmanifest", headers={"Accept-Language": lang})
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    data = json.loads(response.get_data(as_text=True))
    assert (data["name"], data["short_name"], data["lang"]) == ("Pocha", "Pocha", lang)
    assert data["description"].startswith(description)
    assert (data["start_url"], data["scope"], data["display"]) == ("/", "/", "standalone")
    assert re.fullmatch(r"#[0-9a-f]{6}", data["theme_color"]) and re.fullmatch(
        r"#[0-9a-f]{6}", data["background_color"]
    )
    dark = data["user_preferences"]["color_scheme_dark"]
    assert dark["background_color"] != data["background_color"], "a frame of its own in dark mode"


def test_the_manifests_icons_are_pngs_of_the_sizes_it_says(client: FlaskClient) -> None:
    icons = json.loads(client.get("/manifest.webmanifest").get_data(as_text=True))["icons"]
    pngs = [icon for icon in icons if icon["type"] == "image/png"]
    assert {(icon["sizes"], icon["purpose"]) for icon in pngs} == {
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    }
    for icon in pngs:
        picture = image(client, icon["src"])
        side = ICON_SIZES[icon["sizes"]]
        assert (picture.format, picture.size) == ("PNG", (side, side)), icon
        corner = picture.convert("RGBA").getpixel((0, 0))
        assert isinstance(corner, tuple)
        if icon["purpose"] == "maskable":
            assert corner[3] == 255, "a maskable icon fills its whole square: the launcher cuts its own shape"
        else:
            assert corner[3] == 0, "the rounded square as drawn, its corners clear"


def test_every_page_names_the_manifest_and_an_opaque_apple_touch_icon(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', html)
    assert touch is not None
    picture = image(client, touch.group(1))
    assert picture.size == (180, 180)
    assert picture.convert("RGBA").getpixel((0, 0))[3] == 255  # type: ignore[index]
    assert '<meta name="theme-color" content="#121614" media="(prefers-color-scheme: dark)">' in html


def test_the_service_worker_serves_the_whole_site_and_knows_this_releases_files(
    app: Flask, client: FlaskClient
) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    first, source = response.get_data(as_text=True).split("\n", 1)
    settings = json.loads(first.removeprefix("self.POCHA = ").removesuffix(";"))
    assert settings["release"] == app.config["POCHA_RELEASE"]
    assert settings["offline"] == "/sin-conexion"
    assert settings["install"] == "/instalar"
    kept = sorted(re.sub(r"\.[0-9a-f]{10}\.", ".", address) for address in settings["precache"])
    assert kept == [
        "/static/css/game.css",
        "/static/css/paper.css",
        "/static/css/pocha.css",
        "/static/js/game.js",
        "/static/js/phone_game.js",
        "/static/js/pocha.js",
    ]
    for address in settings["precache"]:
        assert re.search(r"\.[0-9a-f]{10}\.(css|js)$", address), address
        assert client.get(address).status_code == 200
    assert 'addEventListener("fetch"' in source
    again = client.get("/sw.js", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304, "the browser's update check costs no body while the release is the same"


@pytest.mark.parametrize(("lang", "title"), [("es", "Sin conexión"), ("en", "No connection")])
def test_the_offline_page_says_there_is_no_connection(client: FlaskClient, lang: str, title: str) -> None:
    response = client.get("/sin-conexion", headers={"Accept-Language": lang})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert re.search(rf'<h1 id="offline-title">.*{title}</h1>', html, re.S)
    assert 'id="kept-games"' in html
    assert "data-game" not in html, "not a game's page: no copy kept of it"


@pytest.mark.parametrize(
    ("lang", "button", "hint"),
    [("es", "Instalar Pocha", "toca Compartir"), ("en", "Install Pocha", "tap Share")],
)
def test_the_offer_to_install_pocha_is_a_fragment_of_its_own(
    client: FlaskClient, lang: str, button: str, hint: str
) -> None:
    response = client.get("/instalar", headers={"Accept-Language": lang})
    assert response.status_code == 200 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<p class="install-offer" id="instalar">') and "<body" not in html
    # The script shows the hint or the button, and the word on taps waiting while any wait; «Ahora no» always.
    assert re.findall(r'class="[^"]*install-(\w+)"( hidden)?>', html) == [
        ("apple", " hidden"),
        ("waiting", " hidden"),
        ("button", " hidden"),
        ("dismiss", ""),
    ]
    assert button in html and hint in html
    assert response.headers["Cache-Control"] == "no-cache"
    assert {"Cookie", "Accept-Language"} <= set(response.vary)
    again = client.get("/instalar", headers={"Accept-Language": lang, "If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def test_no_page_carries_the_offer_to_install_only_where_to_ask_for_it(table: Table) -> None:
    token = table.start(FOUR)
    for address in ("/", f"/p/{token}", f"/ver/{table.watch_token(token)}", "/sin-conexion"):
        html = table.client.get(address).get_data(as_text=True)
        assert re.search(r'<body[^>]* data-install="/instalar"', html), address
        assert "install-offer" not in html and "Instalar Pocha" not in html, address


def test_a_games_pages_are_marked_for_the_screen_and_no_other_page_is(table: Table) -> None:
    token = table.start(FOUR)
    watch = table.watch_token(token)
    for address in (f"/p/{token}", f"/ver/{watch}"):
        html = table.client.get(address).get_data(as_text=True)
        assert re.search(r"<body[^>]* data-game[ >]", html), address
        assert re.search(
            r'<p class="awake-hint" id="pantalla" hidden data-video-mp4="/static/media/awake\.[0-9a-f]{10}\.mp4"', html
        )
    for address in ("/", "/partidas/nueva", f"/p/{token}/imprimir", "/historial"):
        html = table.client.get(address).get_data(as_text=True)
        assert "data-game" not in html and "awake-hint" not in html, address


def test_a_page_drawn_after_a_post_names_its_get_address_and_no_other_does(table: Table) -> None:
    assert "data-address" not in table.client.get("/partidas/nueva").get_data(as_text=True)
    refused = table.new_game(["Ana", "Bea", "ana"], preset="corta", renuncio_penalty=30)
    assert refused.status_code == 422
    address = re.search(r'<body[^>]* data-address="([^"]+)"', refused.get_data(as_text=True))
    assert address is not None
    again = table.read(table.client.get(address.group(1).replace("&amp;", "&")))
    assert again.status == 200
    assert [again.value(f"names-{i}") for i in range(3)] == ["Ana", "Bea", "ana"]
    assert again.selected("preset") == "corta" and again.value("renuncio_penalty") == "30"


def test_a_refused_tap_from_the_game_page_goes_back_to_that_page(table: Table) -> None:
    token = table.start(FOUR)
    page = f"http://localhost/p/{token}"
    stale = table.client.post(
        f"/p/{token}/apuesta", data={"hand": "1", "seat": "3", "value": "1"}, headers={"Referer": page}
    )
    assert stale.status_code in (409, 422)
    assert re.search(rf'<body[^>]* data-address="/p/{token}"', stale.get_data(as_text=True))


def test_the_offline_pages_list_is_in_every_pages_script_but_the_game_pages(app: Flask) -> None:
    static = Path(str(app.static_folder))
    assert "js/pocha/kept_games.js" in modules.put_together(static, "js/pocha.js").modules
    assert "js/pocha/kept_games.js" not in modules.put_together(static, "js/game.js").modules, "never the offline page"
