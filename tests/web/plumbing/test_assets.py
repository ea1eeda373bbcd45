"""Static files at addresses that carry their content's hash (scorekeeper/plumbing/assets.py), the phone's script put
together from its modules, and the release's fingerprint."""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote

import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient

import scorekeeper
from scorekeeper import PACKAGE_DIR
from scorekeeper.plumbing import assets, modules, stylesheets

if TYPE_CHECKING:
    from support.table import AppFactory

HASHED = re.compile(r"^/static/(?P<name>.+)\.(?P<digest>[0-9a-f]{10})(?P<suffix>\.[a-z0-9]+)?$")


def static_files(app: Flask) -> list[str]:
    """Every file under the app's static folder, and every script put together from them, as ``url_for`` names it."""
    folder = Path(str(app.static_folder))
    files = {path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()}
    return sorted(files | set(assets.SCRIPTS))


def content_of(app: Flask, name: str) -> bytes:
    """What the static file ``name`` holds: the file's bytes, or its modules put together."""
    folder = Path(str(app.static_folder))
    if name in assets.SCRIPTS:
        return modules.put_together(folder, name).content
    if name in assets.STYLESHEETS:
        return stylesheets.minify(stylesheets.put_together(folder, name).content)
    return (folder / name).read_bytes()


def sha(data: bytes) -> str:
    """The first ten hex digits of the SHA-256 of ``data``."""
    return hashlib.sha256(data).hexdigest()[:10]


def test_every_static_file_has_an_address_with_its_content_hash(app: Flask, client: FlaskClient) -> None:
    names = static_files(app)
    assert {"css/pocha.css", "css/paper.css", "css/simulator.css", "js/pocha.js", "icons/pocha.svg"} <= set(names)
    for name in names:
        with app.test_request_context():
            address = url_for("static", filename=name)
        content = content_of(app, name)
        match = HASHED.match(address)
        assert match, address
        assert match["digest"] == sha(content), name
        assert f"{match['name']}{match['suffix'] or ''}" == name
        response = client.get(address)
        assert response.status_code == 200 and response.data == content, address
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert response.headers["ETag"] == f'"{sha(content)}"', "the same ETag on every server"


def test_a_phone_with_a_session_gets_static_files_without_a_cookie(client: FlaskClient, app: Flask) -> None:
    assert client.get("/partidas/nueva").status_code == 200  # the phone now has a session (its form's token)
    assert client.get_cookie("session") is not None
    with app.test_request_context():
        address = url_for("static", filename="css/pocha.css")
    response = client.get(address)
    assert response.status_code == 200
    assert "Set-Cookie" not in response.headers, "a cookie on a static file keeps shared caches from keeping it"
    assert "Set-Cookie" not in client.get("/partidas/nueva").headers, "an unchanged session is not sent again"


def test_the_plain_address_still_works_with_a_short_cache(client: FlaskClient, app: Flask) -> None:
    response = client.get("/static/css/pocha.css")
    assert response.status_code == 200
    assert response.data == content_of(app, "css/pocha.css")
    assert response.headers["Cache-Control"] == "public, max-age=300"
    assert "immutable" not in response.headers["Cache-Control"]


def test_an_address_with_another_hash_gets_the_file_but_not_for_keeps(client: FlaskClient, app: Flask) -> None:
    response = client.get("/static/css/pocha.0123456789.css")  # a page of another release
    assert response.status_code == 200
    assert response.data == content_of(app, "css/pocha.css")
    assert response.headers["Cache-Control"] == "no-cache"


@pytest.mark.parametrize(
    "address",
    [
        "/static/css/nada.css",
        "/static/css/nada.0123456789.css",
        "/static/css/pocha.012345678.css",  # nine digits: no hash, no such file
        "/static/css/pocha.ZZZZZZZZZZ.css",
        "/static/../scorekeeper/config.py",
        "/static/%2e%2e/scorekeeper/config.py",
        "/static/..%2fscorekeeper%2fconfig.py",
        "/static/css",
        "/static/css/",
        "/static/css/..0123456789",
    ],
)
def test_no_other_file_is_served(client: FlaskClient, address: str) -> None:
    assert client.get(address).status_code == 404


def test_a_conditional_request_gets_a_304(client: FlaskClient, app: Flask) -> None:
    with app.test_request_context():
        address = url_for("static", filename="js/pocha.js")
    etag = client.get(address).headers["ETag"]
    for sent in (etag, f"W/{etag}"):
        again = client.get(address, headers={"If-None-Match": sent})
        assert again.status_code == 304 and again.data == b"", sent


def test_every_page_links_its_files_by_hash(client: FlaskClient) -> None:
    for page in ("/", "/partidas/nueva", "/simulador?players=4&cards=3&seed=1", "/arbitro", "/no-existe"):
        html = client.get(page).get_data(as_text=True)
        linked = re.findall(r'(?:href|src)="(/static/[^"]*)"', html)
        assert linked, page
        assert all(HASHED.match(address) for address in linked), (page, linked)


def test_a_changed_file_gets_a_new_address(app_factory: AppFactory, tmp_path: Path) -> None:
    app = app_factory()
    folder = tmp_path / "static"
    (folder / "css").mkdir(parents=True)
    sheet = folder / "css" / "x.css"
    sheet.write_text("body { color: red; }\n")
    app.static_folder = str(folder)
    client = app.test_client()
    with app.test_request_context():
        old = url_for("static", filename="css/x.css")
    assert old == f"/static/css/x.{sha(sheet.read_bytes())}.css"
    sheet.write_text("body { color: blue; }\n")
    with app.test_request_context():
        new = url_for("static", filename="css/x.css")
    assert new != old and new == f"/static/css/x.{sha(sheet.read_bytes())}.css"
    assert client.get(new).headers["Cache-Control"] == assets.IMMUTABLE
    stale = client.get(old)  # a page drawn before the change
    assert stale.data == b"body { color: blue; }\n" and stale.headers["Cache-Control"] == "no-cache"


@pytest.mark.parametrize(
    ("name", "hashed"),
    [
        ("css/pocha.css", "css/pocha.0123456789.css"),
        ("js/app.min.js", "js/app.min.0123456789.js"),
        ("LICENSE", "LICENSE.0123456789"),
        (".hidden", ".hidden.0123456789"),
        ("x.", "x..0123456789"),
        ("notes.tar-gz", "notes.0123456789.tar-gz"),
    ],
)
def test_the_hash_goes_before_the_last_suffix_and_comes_off_again(name: str, hashed: str) -> None:
    assert assets.with_hash(name, "0123456789") == hashed
    assert assets.split_hash(hashed) == (name, "0123456789")
    assert assets.split_hash(name) is None


def test_the_icon_is_drawn_with_the_page(app: Flask, client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    icon = re.search(r'<link rel="icon" href="([^"]*)" type="image/svg\+xml">', html)
    assert icon and icon.group(1).startswith("data:image/svg+xml,")
    svg = unquote(icon.group(1).removeprefix("data:image/svg+xml,"))
    original = (Path(str(app.static_folder)) / "icons/pocha.svg").read_text()
    assert svg == " ".join(original.split()).replace('"', "'")
    with app.test_request_context():
        assert assets.inline_address("css/pocha.css").startswith("/static/css/pocha.")  # not an SVG: its address


def copy_of(source: Path, target: Path) -> Path:
    """A copy of the folder ``source`` at ``target``."""
    shutil.copytree(source, target)
    return target


def test_the_release_is_the_same_everywhere_and_changes_with_any_file(app: Flask, tmp_path: Path) -> None:
    package = PACKAGE_DIR
    templates, static = Path(str(app.template_folder)), Path(str(app.static_folder))
    release = app.config["POCHA_RELEASE"]
    assert re.fullmatch(r"[0-9a-f]{10}", release)
    assert assets.fingerprint(package, templates, static) == release

    elsewhere = copy_of(templates, tmp_path / "a" / "templates")  # the same files on another machine
    assert assets.fingerprint(package, elsewhere, static) == release
    changed = copy_of(templates, tmp_path / "b" / "templates")
    (changed / "base.html").write_text((changed / "base.html").read_text() + "\n")
    assert assets.fingerprint(package, changed, static) != release
    more = copy_of(static, tmp_path / "c" / "static")
    (more / "new.txt").write_text("x")
    assert assets.fingerprint(package, templates, more) != release


def test_the_release_can_be_named(app_factory: AppFactory) -> None:
    app = app_factory(POCHA_RELEASE="2026-11-a")
    with app.app_context():
        assert assets.release() == "2026-11-a"


# --- the phone's script: modules, served as one file a page ------------------------------------------


def test_the_script_is_its_modules_in_the_order_their_imports_give(app: Flask, client: FlaskClient) -> None:
    static = Path(str(app.static_folder))
    bundle = modules.put_together(static, "js/pocha.js")
    for index, name in enumerate(bundle.modules):
        needs = {needed.module for needed in modules.read(static, name).imports}
        assert needs <= set(bundle.modules[:index]), f"{name} comes after what it imports"
    assert bundle.modules[-1] == "js/pocha.js"
    at = 0
    for name in bundle.modules:
        marker = f"// --- {name}\n".encode()
        assert bundle.source.find(marker, at) >= at, f"{name} is not next in the script"
        at = bundle.source.find(marker, at) + len(marker)
    with app.test_request_context():
        address = url_for("static", filename="js/pocha.js")
    served = client.get(address).data
    assert served == bundle.content and len(served) < len(bundle.source) * 0.8, "minified"
    assert address == f"/static/js/pocha.{sha(served)}.js"


def test_every_page_does_the_same_and_only_the_game_page_keeps_score(app: Flask) -> None:
    static = Path(str(app.static_folder))
    every_page = set(modules.put_together(static, "js/pocha/every_page.js").modules)
    others = set(modules.put_together(static, "js/pocha.js").modules)
    game = set(modules.put_together(static, "js/game.js").modules)
    assert every_page <= others and every_page <= game
    assert "js/pocha/hand_rules.js" in game - others and "js/pocha/new_game.js" in others - game


def test_the_script_is_served_like_any_static_file(app: Flask, client: FlaskClient) -> None:
    with app.test_request_context():
        address = url_for("static", filename="js/pocha.js")
    served = client.get(address)
    assert served.mimetype == client.get("/static/js/sw.js").mimetype  # as this system names a .js file
    assert served.headers["Cache-Control"] == assets.IMMUTABLE
    assert served.headers["ETag"] == f'"{sha(served.data)}"'
    packed = client.get(address, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert packed.headers["Content-Encoding"] == "br" and packed.headers["ETag"] == f'W/"{sha(served.data)}"'
    assert len(packed.data) * 3 < len(served.data)
    plain = client.get("/static/js/pocha.js")
    assert plain.data == served.data and plain.headers["Cache-Control"] == assets.SHORT
    stale = client.get("/static/js/pocha.0123456789.js")  # a page of another release
    assert stale.data == served.data and stale.headers["Cache-Control"] == assets.REVALIDATE
    ranged = client.get(address, headers={"Range": "bytes=0-9"})
    assert ranged.status_code == 206 and ranged.data == served.data[:10]


def static_copy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A copy of static/ that the apps created from now on serve, as if it were the project's."""
    static = copy_of(Path(scorekeeper.resource_dir("static")), tmp_path / "copy" / "static")
    real = scorekeeper.resource_dir
    monkeypatch.setattr(scorekeeper, "resource_dir", lambda name: static if name == "static" else real(name))
    return static


def script_address(app: Flask) -> str:
    """Where the app's pages ask for the phone's script."""
    with app.test_request_context():
        return url_for("static", filename="js/pocha.js")


def test_a_changed_module_changes_the_scripts_address(
    app_factory: AppFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    static = static_copy(monkeypatch, tmp_path)
    bundle = modules.put_together(static, "js/pocha.js")
    for module in modules.in_order(static, "js/pocha.js"):  # every module's code is in what is minified and hashed
        assert module.body.encode() in bundle.source, module.name
    app = app_factory()
    before = script_address(app)
    for changed, part in enumerate((bundle.modules[0], bundle.modules[-1]), start=1):  # the first and the entry
        module = static / part
        module.write_text(module.read_text() + f"window.changed = {changed};\n")
        assets.assemble(app, scripts=("js/pocha.js",), stylesheets=())  # what start-up does, for the script alone
        after = script_address(app)
        assert after != before, part
        before = after
        assert app.test_client().get(after).data.count(b"window.changed=") == changed, part
    assert script_address(app_factory()) == after, "an app started now reads the same"


def test_a_missing_module_stops_the_app_from_starting(
    app_factory: AppFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    static = static_copy(monkeypatch, tmp_path)
    missing = "js/pocha/print.js"
    (static / missing).unlink()
    with pytest.raises(modules.ModuleError, match=re.escape(missing) + r".*imported by js/pocha\.js"):
        app_factory()


def test_a_module_is_one_more_import(app: Flask, tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "one.js").write_text('export function one() { return "one"; }\n')
    (tmp_path / "js" / "both.js").write_text('import { one } from "./one.js";\nwindow.said = one();')
    app.static_folder = str(tmp_path)
    assets.assemble(app, scripts=("js/both.js",), stylesheets=())
    both = modules.put_together(tmp_path, "js/both.js")
    assert both.modules == ("js/one.js", "js/both.js")
    with app.test_request_context():
        assert assets.address("js/both.js") == f"js/both.{sha(both.content)}.js"
    assert app.test_client().get("/static/js/both.js").data == both.content
