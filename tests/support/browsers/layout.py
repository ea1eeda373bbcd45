"""Whether a page fits a phone, as its engine draws it: no sideways scroll, every control a thumb's size, none under
another element or over another control. The same check in every engine (``fits``), run in the page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from support.browsers.phone import Phone

#: A thumb's size, in CSS pixels.
MIN_TAP: Final = 44
#: The phone's width, in CSS pixels: a page wider than that scrolls sideways (a phone's browser may widen its layout
#: to the page's, so the page's own idea of its width proves nothing).
PHONE_WIDTH: Final = 390

#: The controls a thumb taps (a box or a radio by the label that holds it), and what is wrong with them: each one
#: brought into view and looked for at its middle (what lies there must be the control itself), its size, and any
#: other control it overlaps. A control inside running text (a link in a sentence) is not one.
LAYOUT: Final = """(minTap, screen) => {
  const folded = (el) => { const box = el.closest('details:not([open])'); return !!box && !box.querySelector(':scope > summary').contains(el); };
  const shown = (el) => { const b = el.getBoundingClientRect(); const style = getComputedStyle(el);
    return b.width > 1 && b.height > 1 && style.visibility !== 'hidden' && !el.closest('.visually-hidden, [hidden]') && !folded(el); };
  const controls = [...document.querySelectorAll(
      'a.button, button, select, textarea, summary, input:not([type=hidden])')]
    .map((el) => (el.type === 'checkbox' || el.type === 'radio') ? (el.closest('label') || el) : el)
    .filter((el, i, all) => all.indexOf(el) === i && shown(el));
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + [...el.classList].map((c) => '.' + c).join('')
    + ' «' + (el.textContent || el.value || '').replace(/\\s+/g, ' ').trim().slice(0, 40) + '»';
  const small = controls.filter((el) => { const b = el.getBoundingClientRect(); return b.width < minTap || b.height < minTap; });
  const covered = [];
  for (const el of controls) {
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const b = el.getBoundingClientRect();
    const x = Math.min(Math.max(b.left + b.width / 2, 0), innerWidth - 1), y = Math.min(Math.max(b.top + b.height / 2, 0), innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(el === hit || el.contains(hit) || hit.contains(el) && hit.tagName === 'LABEL')) covered.push([name(el), hit ? name(hit) : null]);
  }
  window.scrollTo(0, 0);
  const overlapping = [];
  const boxes = controls.map((el) => [el, el.getBoundingClientRect()]);
  boxes.forEach(([a, p], i) => boxes.slice(i + 1).forEach(([b, q]) => {
    if (a.contains(b) || b.contains(a)) return;
    const across = Math.min(p.right, q.right) - Math.max(p.left, q.left), down = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (across > 1 && down > 1) overlapping.push([name(a), name(b)]);
  }));
  return { width: document.documentElement.scrollWidth, screen, controls: controls.length,
           small: small.map(name), covered, overlapping };
}"""

#: Whether the page is drawn dark: the phone asks for it, and the page's background is dark.
DRAWN_DARK: Final = """() => {
  const rgb = getComputedStyle(document.body).backgroundColor.match(/[0-9.]+/g).map(Number);
  const background = rgb.length > 3 && rgb[3] === 0 ? getComputedStyle(document.documentElement).backgroundColor.match(/[0-9.]+/g).map(Number) : rgb;
  return matchMedia('(prefers-color-scheme: dark)').matches && (background[0] + background[1] + background[2]) / 3 < 96;
}"""


@dataclass(frozen=True)
class Layout:
    """What the check found on one page."""

    width: int
    screen: int
    controls: int
    small: list[str]
    covered: list[Any]
    overlapping: list[Any]

    @property
    def fits(self) -> bool:
        """No sideways scroll, no small control, none covered or overlapping."""
        return self.width <= self.screen and not (self.small or self.covered or self.overlapping)


def layout(phone: Phone) -> Layout:
    """The page shown now, checked."""
    return Layout(**phone.run(LAYOUT, MIN_TAP, PHONE_WIDTH))


def fits(phone: Phone, where: str, least_controls: int = 1) -> None:
    """Fail unless the page shown fits the phone (and has at least ``least_controls`` controls), light or dark as
    the phone asks."""
    found = layout(phone)
    assert found.controls >= least_controls, f"{phone.engine}, {where}: {found.controls} controls"
    assert found.fits, f"{phone.engine}, {where}, {'dark' if phone.dark else 'light'}: {found}"
    assert phone.run(DRAWN_DARK) is phone.dark, (
        f"{phone.engine}, {where}: not drawn {'dark' if phone.dark else 'light'}"
    )
