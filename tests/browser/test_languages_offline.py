"""The pages a phone keeps for no connection speak the language it chose last (static/js/pocha/phone_app.js,
static/js/sw.js): Pocha installed in Spanish, the language switched to Basque, then no signal: the offline page is in
Basque."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import expect

from support.service_worker import controlled, until

if TYPE_CHECKING:
    from tests.browser.conftest import PhoneFactory


def test_the_pages_kept_for_no_connection_follow_the_language_chosen(make_phone: PhoneFactory) -> None:
    phone = make_phone()
    phone.goto("/")
    controlled(phone)
    expect(phone.locator("html")).to_have_attribute("lang", "es")

    with phone.expect_navigation():
        phone.get_by_role("button", name="Euskara").tap()
    expect(phone.locator("html")).to_have_attribute("lang", "eu")
    phone.wait_for_function("() => localStorage.getItem('pocha:pages-language') === 'eu'")
    until(  # the worker has kept the offline page again, in Basque
        phone,
        """async () => {
          const names = await caches.keys();
          for (const name of names.filter((n) => n.startsWith('pocha-files-'))) {
            const page = await (await caches.open(name)).match('/sin-conexion');
            if (page && (await page.text()).includes('lang="eu"')) return true;
          }
          return false;
        }""",
        why="the offline page kept in Basque",
    )

    phone.context.set_offline(True)
    phone.goto("/historial")
    expect(phone.locator("html")).to_have_attribute("lang", "eu")
    expect(phone.locator("h1")).to_contain_text("Konexiorik ez")
