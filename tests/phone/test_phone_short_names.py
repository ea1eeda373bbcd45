"""The phone's copy of how names are cut short (static/js/pocha/short_names.js) equals the server's
(labels/short_names.py: strip_names, row_names): for random tables of 3 to 8 names of 1 to 20 letters (accents,
Greek, emoji, names that share their first letters or their first words, the same name in another case, spaces as
a form leaves them or not), the phone shows the strip's names and the rows' names, told apart, as the page's data
carries them, letter for letter; it cuts them by the limits the page's data carries (``script_limits``).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

import pytest

import scorekeeper
from scorekeeper.labels.short_names import ELLIPSIS, SEAT_MARK, row_names, script_limits, strip_names
from scorekeeper.plumbing import modules
from scorekeeper.storage.player_names import NAME_MAX, tidy_name
from support.phone_rules import PhoneDriver, node_program, plain

STATIC: Final = Path(scorekeeper.resource_dir("static"))
MODULE: Final = "js/pocha/short_names.js"
#: Random tables compared, in batches of ``BATCH`` (one request to the phone's side each).
TABLES: Final = 4_800
BATCH: Final = 80

#: How the server shows a name in the strip and in a row: each is reached by many names.
STRIP_OUTCOMES: Final = ("strip: whole", "strip: cut", "strip: initials", "strip: its end", "strip: numbered")
ROW_OUTCOMES: Final = ("row: whole", "row: may be cut", "row: told apart by a word", "row: told apart by its end")

#: Words real tables bring: accents, the same start («Mari», «María», «Marisa»), Greek (with its final sigma),
#: a dotless i, a sharp s, emoji (one letter each, two in a JavaScript string), a decomposed accent.
WORDS: Final = (
    "Ana",
    "Ana Belén",
    "Francisco",
    "Francisco Javier",
    "Javier",
    "Gil",
    "Ruiz",
    "Mari",
    "María",
    "Mari\u0301a",
    "Marisa",
    "José",
    "Jose",
    "Encarnación",
    "López",
    "Fernández",
    "Fernándes",
    "Guadalupe",
    "Auxiliadora",
    "Σοφία",
    "ΟΔΥΣΣΕΑΣ",
    "Οδυσσέας",
    "Işık",
    "Isik",
    "Straße",
    "STRASSE",
    "ẞ",
    "🂡",
    "😀😀",
    "👩‍👩‍👧",
    "Ñ",
    "de",
    "la",
    "J.",
)
#: Letters of made-up words: accents, Greek, emoji, a space as a form never leaves it (U+00A0, U+3000, U+0085, a
#: tab), a mark JavaScript reads as a space and Python does not (U+FEFF).
LETTERS: Final = "aeioumrsnAEIOUMRSNáéíóúñÁÑüçσςΣαΩİıǅﬁßẞ😀🂡\u00a0\u3000\u0085\t\ufeff ."

#: Ways a name is written: as it is, in upper or lower case, as a title.
CASES: Final[tuple[Callable[[str], str], ...]] = (str, str, str, str.upper, str.lower, str.title, str.swapcase)


@pytest.fixture(scope="module")
def phone() -> Iterator[ShortNames]:
    """The phone's copy of how names are cut short, in one Node.js process for the module."""
    driver = ShortNames(node_program())
    yield driver
    driver.close()


class ShortNames(PhoneDriver):
    """The phone's short names in Node.js: ``cut(tables)`` gives each table's names as the strip and rows show them."""

    driver = "short_names_driver.js"

    def cut(self, tables: list[list[str]]) -> list[dict[str, Any]]:
        """The strip's and the rows' names of each table, with the limits a page's data carries."""
        return self.ask({"names": tables, "limits": plain(script_limits())})


def server_seen(names: list[str]) -> dict[str, Any]:
    """The server's names of ``names`` as the page's data carries them (games/_phone_page.html)."""
    return plain({"strip": strip_names(names), "rows": row_names(names)})


def written(name: str, tidy: bool) -> str:
    """``name`` as a game has it: tidied as the new-game form tidies it (or left as typed), at most ``NAME_MAX``
    letters, never empty."""
    name = (tidy_name(name) if tidy else name)[:NAME_MAX]
    return name if name.strip() else "Ana"


def random_name(rng: random.Random) -> str:
    """A name of one to four words, known or made up, in some case, tidied or (one in ten) left with its spaces."""
    words = [
        rng.choice(WORDS) if rng.random() < 0.6 else "".join(rng.choices(LETTERS, k=rng.randint(1, 12)))
        for _ in range(rng.randint(1, 4))
    ]
    return written(rng.choice(CASES)(" ".join(words)), tidy=rng.random() >= 0.1)


def random_table(rng: random.Random) -> list[str]:
    """3 to 8 names, many sharing a start with another: a name of its own, another's with words after it, in
    another case or cut shorter, or another's again."""
    stems = [random_name(rng) for _ in range(rng.randint(1, 3))]
    table = []
    for _ in range(rng.randint(3, 8)):
        stem = rng.choice(stems)
        way = rng.choices(("own", "longer", "case", "shorter", "same"), weights=(8, 5, 2, 3, 1))[0]
        if way == "own":
            name = random_name(rng)
        elif way == "longer":
            name = written(stem + " " + random_name(rng), tidy=True)
        elif way == "case":
            name = written(rng.choice(CASES)(stem), tidy=True)
        elif way == "shorter":
            name = written(stem[: rng.randint(1, NAME_MAX)], tidy=True)
        else:
            name = stem
        table.append(name)
    return table


def outcomes(table: list[str], seen: dict[str, Any]) -> Counter[str]:
    """What the server did to the names of ``table``: how the strip told them apart, whether the rows did."""
    tally: Counter[str] = Counter(tables=1)
    for seat, (name, short) in enumerate(zip(table, seen["strip"], strict=True)):
        if short == name:
            tally["strip: whole"] += 1
        elif short.startswith(f"{seat + 1}{SEAT_MARK}"):
            tally["strip: numbered"] += 1
        elif short.startswith(ELLIPSIS):
            tally["strip: its end"] += 1
        elif name.startswith(short.removesuffix(ELLIPSIS)):
            tally["strip: cut"] += 1
        else:
            tally["strip: initials"] += 1
    for name, (head, tail, may_be_cut) in zip(table, seen["rows"], strict=True):
        if not tail:
            tally["row: may be cut" if may_be_cut else "row: whole"] += 1
        elif name.split(" ")[: head.count(" ") + 1] == head.split(" "):
            tally["row: told apart by a word"] += 1
        else:
            tally["row: told apart by its end"] += 1
    return tally


def compare(phone: ShortNames, batch: list[list[str]]) -> Counter[str]:
    """Cut ``batch`` on both sides: the same names, table by table; what the server did to them."""
    seen = phone.cut(batch)
    assert len(seen) == len(batch)
    tally: Counter[str] = Counter()
    for table, phone_saw in zip(batch, seen, strict=True):
        expected = server_seen(table)
        assert phone_saw == expected, f"the phone cuts {table!r} otherwise"
        tally.update(outcomes(table, expected))
    return tally


@pytest.mark.parametrize(
    "table",
    [
        ["Francisco Javier Gil", "Francisco Javier Ruiz", "Ana"],
        ["Mari", "María", "MARÍA JOSÉ", "Marisa"],
        ["Ana Belén Ruiz X", "ANA BELÉN RUIZ Y", "Bea", "Encarnación López", "Encarnación Lópes"],
        ["😀😀😀😀😀😀😀😀😀😀😀😀", "😀😀😀😀😀😀😀😀😀😀😀😀🂡", "Σοφία", "ΣΟΦΊΑ Β", "Işık", "Isik"],
        ["Guadalupe Fernández", "Guadalupe Fernándes", "Auxiliadora", "Ana", "Bea", "Eva", "Paz", "Lola"],
        ["Straße Gil", "STRASSE Paz", "ẞ", "ss", "Javier"],
    ],
)
def test_names_real_tables_bring_are_cut_as_the_server_cuts_them(phone: ShortNames, table: list[str]) -> None:
    compare(phone, [table])


def test_random_tables_are_cut_as_the_server_cuts_them(phone: ShortNames) -> None:
    tally: Counter[str] = Counter()
    for seed in range(TABLES // BATCH):
        rng = random.Random(seed)
        tally.update(compare(phone, [random_table(rng) for _ in range(BATCH)]))
    print("\nphone vs server, short names:\n" + "\n".join(f"  {count:6} {outcome}" for outcome, count in tally.items()))
    assert tally["tables"] == TABLES
    for outcome in STRIP_OUTCOMES + ROW_OUTCOMES:
        assert tally[outcome] >= 50, f"too few names reached «{outcome}»: {tally}"


def test_the_phone_copies_no_limit() -> None:
    """Every number the names are cut by, the ellipsis and the seat's mark come from the page's data: the module
    writes no number but 0, 1 and 2 (half the letters), and neither mark."""
    module = modules.parse(MODULE, (STATIC / MODULE).read_text(encoding="utf-8"))
    code = re.sub(r"//[^\n]*", "", module.body)
    assert set(re.findall(r"\b\d+\b", code)) <= {"0", "1", "2"}
    assert ELLIPSIS not in code and SEAT_MARK not in code
