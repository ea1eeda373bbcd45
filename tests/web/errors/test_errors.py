"""Pocha's own error pages (scorekeeper/errors/): each status in both languages, JSON when asked, refusals shown."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from flask import Flask, Response, abort
from flask.testing import FlaskClient
from werkzeug.exceptions import TooManyRequests
from werkzeug.test import TestResponse

from scorekeeper.errors.texts import size_text
from scorekeeper.extensions import db
from support.pages import text_of

if TYPE_CHECKING:
    from support.table import Table


def test_missing_page_is_friendly_and_in_spanish(client: FlaskClient) -> None:
    response = client.get("/no-existe")
    html = response.get_data(as_text=True)
    assert response.status_code == 404
    assert "Esta página no existe" in html
    assert '<html lang="es">' in html
    assert 'href="/"' in html


def test_missing_page_in_english(client: FlaskClient) -> None:
    response = client.get("/no-existe", headers={"Accept-Language": "en"})
    assert response.status_code == 404
    assert "This page does not exist" in response.get_data(as_text=True)


def test_error_page_links_back_to_where_the_player_came_from(client: FlaskClient) -> None:
    html = client.get("/no-existe", headers={"Referer": "http://localhost/partidas/7"}).get_data(as_text=True)
    assert 'href="/partidas/7"' in html
    other = client.get("/no-existe", headers={"Referer": "https://example.com/x"}).get_data(as_text=True)
    assert "example.com" not in other


def test_expired_form_is_a_friendly_400(client: FlaskClient) -> None:
    response = client.post("/idioma", data={"lang": "en", "next": "/"}, headers={"Referer": "http://localhost/"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "La página ha caducado" in html
    assert "vuelve a intentarlo" in html
    assert 'href="/"' in html
    assert client.get_cookie("lang") is None, "nothing is done when the form has expired"


def test_wrong_csrf_token_is_the_same_friendly_400(client: FlaskClient, csrf_token: Callable[..., str]) -> None:
    csrf_token()  # the session holds a real token; the form sends another
    response = client.post("/idioma", data={"csrf_token": "forged", "lang": "en"})
    assert response.status_code == 400
    assert "La página ha caducado" in response.get_data(as_text=True)


def test_expired_form_in_english(client: FlaskClient) -> None:
    response = client.post("/idioma", data={"lang": "en"}, headers={"Accept-Language": "en"})
    assert response.status_code == 400
    assert "This page has expired" in response.get_data(as_text=True)


def test_wrong_method_is_a_friendly_405_with_its_own_words(client: FlaskClient) -> None:
    response = client.get("/idioma")
    html = response.get_data(as_text=True)
    assert response.status_code == 405
    assert "POST" in response.headers["Allow"]
    assert "Esta dirección no se abre así" in html and "toca el botón otra vez" in html
    assert "Esta página no existe" not in html, "a wrong method is not a missing page"


@pytest.fixture
def failing_app(app_factory: Callable[..., Flask]) -> Flask:
    """An app with routes that fail in each way, and real 500 handling (no exception propagation)."""
    app = app_factory(PROPAGATE_EXCEPTIONS=False)

    def crash() -> str:
        """Start a database change, then fail before saving it."""
        db.session.execute(db.text("CREATE TABLE half_done (id INTEGER)"))
        db.session.execute(db.text("INSERT INTO half_done VALUES (1)"))
        raise RuntimeError("boom")

    def forbidden() -> str:
        """Refuse the request."""
        abort(403)

    def bad() -> str:
        """Reject the request."""
        abort(400)

    def busy() -> str:
        """Refuse for a while, as a rate limit does."""
        raise TooManyRequests(retry_after=30)

    def limited() -> str:
        """Refuse as Flask-Limiter does: a subclass of TooManyRequests."""
        raise RateLimitExceeded()

    def teapot() -> str:
        """A 4xx Pocha has no words of its own for."""
        abort(418)

    def own_answer() -> str:
        """Refuse with a response made by the view itself."""
        raise TooManyRequests(response=Response("slow down", status=429, mimetype="text/plain"))

    app.add_url_rule("/crash", view_func=crash)
    app.add_url_rule("/forbidden", view_func=forbidden)
    app.add_url_rule("/bad", view_func=bad)
    app.add_url_rule("/busy", view_func=busy)
    app.add_url_rule("/limited", view_func=limited)
    app.add_url_rule("/teapot", view_func=teapot)
    app.add_url_rule("/own-answer", view_func=own_answer)
    return app


class RateLimitExceeded(TooManyRequests):
    """Like Flask-Limiter's exception: a TooManyRequests of its own."""


def test_server_error_is_friendly_and_rolls_back(failing_app: Flask) -> None:
    client = failing_app.test_client()
    response = client.get("/crash")
    assert response.status_code == 500
    assert "Algo ha fallado" in response.get_data(as_text=True)
    with failing_app.app_context():
        tables = db.session.execute(db.text("SELECT name FROM sqlite_master WHERE name = 'half_done'")).all()
        rows = db.session.execute(db.text("SELECT count(*) FROM half_done")).scalar() if tables else 0
    assert rows == 0, "the half-done change was rolled back"


def test_forbidden_is_friendly(failing_app: Flask) -> None:
    response = failing_app.test_client().get("/forbidden", headers={"Accept-Language": "en"})
    assert response.status_code == 403
    assert "This page is not available to you." in response.get_data(as_text=True)


def test_bad_request_is_friendly(failing_app: Flask) -> None:
    response = failing_app.test_client().get("/bad")
    assert response.status_code == 400
    assert "Algo no cuadra" in response.get_data(as_text=True)


# --- every status, in both languages ---------------------------------------------------------

#: The title of each error page, in Spanish and in English.
TITLES = {
    400: ("Algo no cuadra", "Something doesn't add up"),
    403: ("No se puede", "Not allowed"),
    404: ("Esta página no existe", "This page does not exist"),
    405: ("Esta dirección no se abre así", "This address can't be opened like that"),
    413: ("Demasiado grande", "Too big"),
    429: ("Demasiadas peticiones", "Too many requests"),
    500: ("Algo ha fallado", "Something went wrong"),
}
#: A piece of each page's advice: what to do next.
ADVICE = {
    400: ("Vuelve atrás y prueba otra vez", "try again"),
    403: ("no está disponible", "not available"),
    404: ("pídeselo otra vez a quien apunta", "ask the scorekeeper for it again"),
    405: ("toca el botón otra vez", "tap the button again"),
    413: ("envía algo más pequeño", "send something smaller"),
    429: ("Espera un momento y prueba otra vez", "Wait a moment and try again"),
    500: ("Vuelve atrás y prueba otra vez", "try again"),
}
WERKZEUG_WORDS = (
    "Bad Request",
    "Not Found",
    "Method Not Allowed",
    "Request Entity Too Large",
    "Too Many Requests",
    "Internal Server Error",
    "Forbidden",
    "The server",
)
TOO_BIG = {"x": "a" * (1024 * 1024 + 100 * 1024)}


def trigger(client: FlaskClient, code: int, headers: dict[str, str]) -> TestResponse:
    """A request to ``failing_app`` that fails with ``code``."""
    if code == 404:
        return client.get("/no-existe", headers=headers)
    if code == 405:
        return client.get("/idioma", headers=headers)
    if code == 413:
        return client.post("/idioma", data=TOO_BIG, headers=headers)
    address = {400: "/bad", 403: "/forbidden", 429: "/busy", 500: "/crash"}[code]
    return client.get(address, headers=headers)


def lead(html: str) -> str:
    """The error page's title and message as text."""
    title = re.search(r'<h1 id="error-title">(.*?)</h1>', html, re.S)
    message = re.search(r'<p class="lead" id="error-message">(.*?)</p>', html, re.S)
    assert title and message, "not Pocha's error page"
    return f"{text_of(title.group(1))} | {text_of(message.group(1))}"


@pytest.mark.parametrize("code", sorted(TITLES))
@pytest.mark.parametrize("lang", ["es", "en"])
def test_each_error_has_its_own_page_in_each_language(failing_app: Flask, code: int, lang: str) -> None:
    response = trigger(
        failing_app.test_client(), code, {"Accept-Language": lang, "Referer": "http://localhost/partidas/nueva"}
    )
    html = response.get_data(as_text=True)
    assert response.status_code == code
    assert response.mimetype == "text/html"
    title = TITLES[code][0 if lang == "es" else 1]
    assert lead(html).startswith(title + " | "), lead(html)
    assert ADVICE[code][0 if lang == "es" else 1] in lead(html), lead(html)
    assert f"<title>{title} · Pocha</title>" in html.replace("&#39;", "'")
    assert f'<html lang="{lang}">' in html and 'class="site-header"' in html and 'class="language-switch"' in html
    assert 'href="/partidas/nueva"' in html, "a way back to where the player was"
    for words in WERKZEUG_WORDS:
        assert words not in html, f"Werkzeug's own page ({words}) for {code}"


def test_too_big_says_the_limit_in_each_language(failing_app: Flask) -> None:
    limit = failing_app.config["MAX_CONTENT_LENGTH"]
    client = failing_app.test_client()
    spanish = lead(client.post("/idioma", data=TOO_BIG).get_data(as_text=True))
    english = lead(client.post("/idioma", data=TOO_BIG, headers={"Accept-Language": "en"}).get_data(as_text=True))
    assert "pasa de 1 MB" in spanish and "un archivo o un formulario" in spanish
    assert "is over 1 MB" in english and "a file or a form" in english
    assert limit > 1024 * 1024, "the limit shown is rounded down, never more than the real one"


@pytest.mark.parametrize(
    ("limit", "spanish", "english"),
    [
        (1024 * 1024 + 64 * 1024, "1 MB", "1 MB"),
        (3 * 1024 * 1024 // 2, "1,5 MB", "1.5 MB"),
        (64 * 1024, "64 KB", "64 KB"),
        (100, "1 KB", "1 KB"),
    ],
)
def test_size_text_rounds_down_in_the_pages_language(app: Flask, limit: int, spanish: str, english: str) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        assert size_text(limit) == spanish
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert size_text(limit) == english


def test_wrong_method_in_english(client: FlaskClient) -> None:
    response = client.get("/idioma", headers={"Accept-Language": "en"})
    assert response.status_code == 405
    assert lead(response.get_data(as_text=True)).startswith("This address can't be opened like that")


def test_too_many_requests_keeps_its_retry_after(failing_app: Flask) -> None:
    response = failing_app.test_client().get("/busy")
    assert response.status_code == 429
    assert response.headers["Retry-After"] == "30"
    assert lead(response.get_data(as_text=True)).startswith("Demasiadas peticiones")


def test_a_rate_limits_own_exception_gets_the_same_page(failing_app: Flask) -> None:
    response = failing_app.test_client().get("/limited", headers={"Accept-Language": "en"})
    assert response.status_code == 429
    assert lead(response.get_data(as_text=True)).startswith("Too many requests")


def test_an_error_that_brings_its_own_answer_keeps_it(failing_app: Flask) -> None:
    response = failing_app.test_client().get("/own-answer")
    assert response.status_code == 429
    assert response.get_data(as_text=True) == "slow down"


def test_any_other_client_error_reads_as_a_bad_request_with_its_own_status(failing_app: Flask) -> None:
    response = failing_app.test_client().get("/teapot")
    assert response.status_code == 418
    assert lead(response.get_data(as_text=True)).startswith("Algo no cuadra")


# --- too big, anywhere -----------------------------------------------------------------------


def test_too_big_on_every_form_but_import_gets_pochas_page(table: Table, client: FlaskClient) -> None:
    token = table.start(["Ana", "Bea", "Carlos"], preset="a_medida", custom_sizes="1 1")
    table.play_hand(token, "O", [1, 0, 1], [1, 0, 0])
    forms = [
        "/idioma",
        "/partidas/nueva",
        f"/p/{token}/apuesta",
        f"/p/{token}/pinta",
        f"/p/{token}/mano/1/corregir",
        "/simulador/jugar",
    ]
    before = table.snap(token).facts
    for address in forms:
        response = table.client.post(address, data=TOO_BIG)
        assert response.status_code == 413, address
        assert lead(response.get_data(as_text=True)).startswith("Demasiado grande"), address
    assert table.snap(token).facts == before, "nothing was saved"
    # With CSRF on, as when playing, the form is read before any view, even one that reads no field of it.
    response = client.post("/p/no-existe/nuevo-enlace", data=TOO_BIG, headers={"Accept-Language": "en"})
    assert response.status_code == 413 and lead(response.get_data(as_text=True)).startswith("Too big")


def test_too_big_on_the_import_page_keeps_its_own_message(table: Table) -> None:
    response = table.client.post("/partidas/importar", data=TOO_BIG)
    html = response.get_data(as_text=True)
    assert response.status_code == 413
    assert "El archivo es demasiado grande: como mucho 1 MB" in html
    assert 'id="error-title"' not in html, "the import page, not the general one"


# --- JSON for those who ask for it ------------------------------------------------------------


def json_error(response: TestResponse) -> str:
    """The ``error`` of a JSON answer, checking it is JSON."""
    assert response.mimetype == "application/json", response.mimetype
    document = json.loads(response.get_data(as_text=True))
    assert set(document) == {"error"}
    message: str = document["error"]
    return message


def test_a_client_that_asks_for_json_gets_json(failing_app: Flask) -> None:
    client = failing_app.test_client()
    asked = {"Accept": "application/json"}
    assert "enlace" in json_error(client.get("/no-existe", headers=asked))
    english = client.get("/no-existe", headers={**asked, "Accept-Language": "en"})
    assert english.status_code == 404 and "link" in json_error(english)
    wrong = client.get("/idioma", headers=asked)
    assert wrong.status_code == 405 and "POST" in wrong.headers["Allow"] and json_error(wrong)
    big = client.post("/idioma", data=TOO_BIG, headers=asked)
    assert big.status_code == 413 and "1 MB" in json_error(big)
    busy = client.get("/busy", headers=asked)
    assert busy.status_code == 429 and busy.headers["Retry-After"] == "30" and json_error(busy)
    expired = client.post("/idioma", data={"lang": "en"}, headers=asked)
    assert expired.status_code == 400 and "recárgala" in json_error(expired)


def test_a_failure_answered_in_json_still_rolls_back(failing_app: Flask) -> None:
    response = failing_app.test_client().get("/crash", headers={"Accept": "application/json"})
    assert response.status_code == 500 and json_error(response)
    with failing_app.app_context():
        tables = db.session.execute(db.text("SELECT name FROM sqlite_master WHERE name = 'half_done'")).all()
        rows = db.session.execute(db.text("SELECT count(*) FROM half_done")).scalar() if tables else 0
    assert rows == 0


def test_a_json_address_answers_its_errors_in_json_unless_a_browser_asks(client: FlaskClient) -> None:
    plain = client.get("/p/no-existe/partida.json", headers={"Accept": "*/*"})
    assert plain.status_code == 404 and json_error(plain)
    browser = client.get("/p/no-existe/partida.json", headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert browser.status_code == 404 and browser.mimetype == "text/html"
    page = client.get("/no-existe", headers={"Accept": "*/*"})
    assert page.mimetype == "text/html", "a page's address answers with a page"


@pytest.mark.parametrize(("lang", "words"), [("es", "jugadores"), ("en", "players")])
def test_the_simulators_deal_json_still_answers_its_own_errors(client: FlaskClient, lang: str, words: str) -> None:
    response = client.get("/simulador/deal.json?players=9&seed=7", headers={"Accept-Language": lang})
    assert response.status_code == 400
    assert words in json_error(response)


# --- a refused tap is shown on the page it came from -----------------------------------------


def alerts(html: str) -> str:
    """The text of everything on the page marked ``role="alert"``."""
    found = re.findall(r'<(p|div)[^>]*role="alert"[^>]*>(.*?)</\1>', html, re.S)
    return " | ".join(text_of(body) for _tag, body in found)


@pytest.fixture
def finished(table: Table) -> str:
    """A finished game of one hand of one card (Ana wins)."""
    token = table.start(["Ana", "Bea", "Carlos"], dealer=2, preset="a_medida", custom_sizes="1")
    table.play_hand(token, "O", [1, 0, 1], [1, 0, 0])
    assert table.snap(token).finished_at is not None
    return token


@pytest.mark.parametrize(("lang", "said"), [("es", "La partida ya ha terminado"), ("en", "The game is already over")])
def test_a_tap_refused_on_a_finished_game_is_shown(table: Table, finished: str, lang: str, said: str) -> None:
    table.client.set_cookie("lang", lang)
    for tap, data in (
        ("apuesta", {"hand": "2", "seat": "0", "value": "1"}),
        ("pinta", {"hand": "2", "value": "O"}),
        ("bazas", {"hand": "1", "seat": "0", "value": "0"}),
        ("guardar", {"hand": "1"}),
        ("apuesta", {"hand": "x"}),
    ):
        response = table.client.post(f"/p/{finished}/{tap}", data=data)
        html = response.get_data(as_text=True)
        assert response.status_code in (400, 409, 422), (tap, response.status_code)
        assert 'id="tap-error"' in html and alerts(html), (tap, data, "a refused tap on a finished game says why")
    response = table.client.post(f"/p/{finished}/apuesta", data={"hand": "2", "seat": "0", "value": "1"})
    assert said in alerts(response.get_data(as_text=True))


def test_a_tap_refused_during_the_game_is_shown(table: Table) -> None:
    token = table.start(["Ana", "Bea", "Carlos"], dealer=2)
    table.ok(token, "pinta", 1, value="O")
    table.ok(token, "apuesta", 1, 0, 1)
    table.ok(token, "apuesta", 1, 1, 0)
    page = table.refused(token, "apuesta", 1, 2, 0)  # the dealer may not make the bids add up to 1
    assert "Carlos" in alerts(page.html)


def test_refusals_on_every_other_form_are_shown(table: Table, finished: str) -> None:
    client = table.client
    pages = {
        "new game": client.post(
            "/partidas/nueva",
            data={
                "names-0": "Ana",
                "names-1": "Ana",
                "names-2": "Bea",
                "first_dealer": "0",
                "preset": "clasica",
                "action": "start",
            },
        ),
        "correction": client.post(f"/p/{finished}/mano/1/corregir", data={"trump": "O", "bids-0": "x"}),
        "practice": client.post("/simulador/jugar", data={"players": "4", "cards": "5", "seed": "7", "asiento": "9"}),
        "referee": client.get("/arbitro?mano=8O&mesa=&pinta=O"),
        "odds": client.get("/simulador/cuantas?mano=8O&pinta=O"),
        "simulator": client.get("/simulador?players=9&seed=7"),
    }
    for name, response in pages.items():
        assert response.status_code in (400, 422), (name, response.status_code)
        assert alerts(response.get_data(as_text=True)), f"the refused {name} form says why"
    imported = client.post("/partidas/importar", data={})
    assert imported.status_code in (400, 422) and 'id="file-error"' in imported.get_data(as_text=True)


def test_refusals_of_the_share_and_language_forms_are_pocha_pages(client: FlaskClient) -> None:
    new_link = client.post("/p/no-existe/nuevo-enlace", headers={"Referer": "http://localhost/p/no-existe"})
    assert new_link.status_code == 400 and lead(new_link.get_data(as_text=True)).startswith("La página ha caducado")
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/").get_data(as_text=True))
    assert token
    unknown = client.post("/p/no-existe/nuevo-enlace", data={"csrf_token": token.group(1)})
    assert unknown.status_code == 404 and lead(unknown.get_data(as_text=True)).startswith("Esta página no existe")
    language = client.post("/idioma", data={"csrf_token": token.group(1), "lang": "<b>fr</b>"})
    assert language.status_code == 400 and lead(language.get_data(as_text=True)).startswith("Algo no cuadra")
