"""Time from a tap on the game page to its effect on screen, in Debian's Chromium on a 390×844 phone: online, without
signal, and against a slow server (every request held 500 ms by a small proxy in front of it).

A tap's time runs from the touch's event (its timeStamp) to the first frame drawn after the page changed (the
phone's drawing counted in body[data-drawn], then one requestAnimationFrame). The phone plays whole hands of 3 cards:
trump, four bids, three tricks (the last filled in), save. Goal: p95 <= 50 ms in every case.

    python benchmarks/tap_to_screen.py --taps 120
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

CHROMIUM = "/usr/bin/chromium"
# The same as the browser tests' (tests/browser/conftest.py), Chromium's own omnibox popups off.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup"]  # fmt: skip
NAMES = ("Ana", "Bea", "Ciro", "Dora")
GOAL_MS = 50.0
TAPS_PER_HAND = 9  # trump, four bids, three tricks, save
HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-connection"}

#: In the page: note each tap's time to the next frame after the phone drew it, in window.tapTimes (ms).
MEASURE = """
(() => {
  window.tapTimes = [];
  let started = null;
  document.addEventListener("click", event => { started = event.timeStamp; }, true);
  new MutationObserver(() => {
    if (started === null) return;
    const from = started; started = null;
    requestAnimationFrame(() => window.tapTimes.push(performance.now() - from));
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-drawn"] });
})();
"""


def free_port() -> int:
    """A port nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """Pocha (waitress) on a free port with a database of its own; wait until it answers."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DATABASE_URL")}
    env.update(DATABASE_URL=f"sqlite:///{folder / 'pocha.sqlite3'}", POCHA_INSTANCE=str(folder / "instance"))
    command = [sys.executable, "-m", "scorekeeper.server.local", "--host", "127.0.0.1", "--port", str(port)]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            with urllib.request.urlopen(url + "/", timeout=1):
                return process, url
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def slow_proxy(target: str, delay: float) -> tuple[ThreadingHTTPServer, str]:
    """A proxy in front of ``target`` that holds every request ``delay`` seconds before passing it on."""

    class Slow(BaseHTTPRequestHandler):
        def do_any(self) -> None:
            time.sleep(delay)
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else None
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP and k.lower() != "host"}
            request = urllib.request.Request(target + self.path, data=body, headers=headers, method=self.command)
            try:
                answer = urllib.request.build_opener(NoRedirects).open(request, timeout=30)
            except urllib.error.HTTPError as error:
                answer = error
            except OSError:  # the server gone at the end of a run
                self.send_error(502)
                return
            data = answer.read()
            self.send_response(answer.status)
            for key, value in answer.headers.items():
                if key.lower() not in HOP and key.lower() != "content-length":
                    self.send_header(key, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = do_any  # noqa: N815

        def log_message(self, format: str, *args: object) -> None:
            """Quiet."""

    class Quiet(ThreadingHTTPServer):
        def handle_error(self, request: object, client_address: object) -> None:
            """A phone closed at the end of a run is no error of the benchmark's; anything else is."""
            if not isinstance(sys.exc_info()[1], ConnectionError):
                super().handle_error(request, client_address)  # type: ignore[arg-type]

    server = Quiet(("127.0.0.1", 0), Slow)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


class NoRedirects(urllib.request.HTTPRedirectHandler):
    """Pass a redirect on to the browser, as it came."""

    def redirect_request(self, *args: object, **kwargs: object) -> None:
        """Never follow it here."""
        return None


def start_game(page: Page, hands: int) -> None:
    """Start a game of ``hands`` hands of 3 cards through the new-game form."""
    page.goto("/partidas/nueva")
    for i, name in enumerate(NAMES):
        page.locator(f"#names-{i}").fill(name)
    page.locator("#first_dealer").select_option(label=NAMES[0])
    page.locator("#preset").select_option("a_medida")
    more = page.locator("details.more-options")
    if more.get_attribute("open") is None:
        more.locator("summary").tap()
    page.locator("#custom_sizes").fill(" ".join(["3"] * hands))
    with page.expect_navigation():
        page.get_by_role("button", name="Empezar la partida").tap()


def tap(page: Page, css: str) -> None:
    """One tap, and wait until the phone has drawn it."""
    drawn = page.evaluate("() => +(document.body.dataset.drawn || 0)")
    page.locator(css).first.tap()
    page.wait_for_function(f"() => +(document.body.dataset.drawn || 0) > {drawn}")


def play(page: Page, taps: int) -> None:
    """Tap through hands of 3 cards until ``taps`` taps are made: trump, bids, one trick each to the first three
    players (the last is filled in), save."""
    for _ in range(taps):
        hand = page.evaluate(
            "() => { const h = PochaGame.state().hand; return { stage: h.stage(), order: h.order(),"
            " forbidden: h.forbidden(), tricks: h.tricks }; }"
        )
        if hand["stage"] == "trump":
            tap(page, "#mano button.suit-O")
        elif hand["stage"] == "bids":
            tap(page, f"#mano .numbers button[value='{1 if hand['forbidden'] != 1 else 0}']")
        elif hand["stage"] == "tricks":
            seat = next(seat for seat in hand["order"] if hand["tricks"][seat] is None)
            tap(page, f"#mano .seat-row[data-seat='{seat}'] .seat-numbers button[value='1']")
        else:
            tap(page, "#mano button.button-big")


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` fall."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


def measure(browser, origin: str, taps: int, offline: bool) -> list[float]:  # type: ignore[no-untyped-def]
    """The tap-to-screen times of ``taps`` taps on a new phone at ``origin``."""
    context = browser.new_context(
        base_url=origin, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="es-ES"
    )
    context.add_init_script(MEASURE)
    page = context.new_page()
    page.set_default_timeout(30_000)
    start_game(page, min(100, taps // TAPS_PER_HAND + 2))
    page.wait_for_function("() => window.PochaGame && window.PochaGame.settled()")
    if offline:
        context.set_offline(True)
    play(page, taps)
    times = [float(t) for t in page.evaluate("() => window.tapTimes")]
    context.close()
    return times


def main() -> None:
    """Measure each case and print p50/p95 against the goal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=120, help="taps measured in each case")
    parser.add_argument("--delay", type=float, default=0.5, help="seconds the slow server holds each request")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, url = start_server(Path(folder))
        proxy, slow_url = slow_proxy(url, args.delay)
        failed = False
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
                cases = [
                    ("online", url, False),
                    ("offline", url, True),
                    (f"slow server (+{args.delay * 1000:.0f} ms)", slow_url, False),
                ]
                print(f"tap to screen, {args.taps} taps each, Chromium 390x844 (goal: p95 <= {GOAL_MS:.0f} ms)")
                for name, origin, offline in cases:
                    times = measure(browser, origin, args.taps, offline)
                    p50, p95 = statistics.median(times), percentile(times, 0.95)
                    ok = p95 <= GOAL_MS
                    failed |= not ok
                    verdict = "ok" if ok else "OVER GOAL"
                    figures = f"p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  max {max(times):6.1f} ms"
                    print(f"  {name:<26} n={len(times):>4}  {figures}  {verdict}")
                browser.close()
        finally:
            proxy.shutdown()
            process.kill()
            process.wait()
        sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
