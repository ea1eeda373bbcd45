"""Names cut to fit the sheet's columns: short enough for a phone, never two that read the same."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.labels.short_names import (
    COLUMN_LETTERS,
    MARK_LETTERS,
    STRIP_LETTERS,
    STRIP_LETTERS_BY_COLUMNS,
    RowName,
    one_line_names,
    row_names,
    short_names,
    strip_names,
    told_apart,
)
from scorekeeper.storage.player_names import NAME_MAX, tidy_name


def lines(*names: str, letters: int = COLUMN_LETTERS, marked: int | None = None) -> list[tuple[str, ...]]:
    """The lines each name is shown in."""
    return [short.lines for short in short_names(names, letters, marked)]


def test_a_name_that_fits_is_shown_whole_in_one_or_two_lines() -> None:
    assert lines("Ana", "Guadalupe Fernández", "Bea") == [("Ana",), ("Guadalupe", "Fernández"), ("Bea",)]
    assert [short.cut for short in short_names(["Ana", "Guadalupe Fernández"])] == [False, False]


def test_a_long_name_is_cut_and_says_so() -> None:
    (short,) = short_names(["María Auxiliadora G."])
    assert short.lines == ("María", "Auxiliad…") and short.cut and short.name == "María Auxiliadora G."


def test_a_long_first_word_is_cut_before_the_rest_and_a_single_word_goes_on() -> None:
    assert lines("Encarnación López R.", "Maximilianoalejandro") == [
        ("Encarnac…", "López R."),
        ("Maximilia", "noalejan…"),
    ]


def test_two_maria_jose_do_not_look_the_same() -> None:
    assert lines("María José García", "María José Gómez") == [("María", "José Gar…"), ("María", "José Góm…")]
    alike = lines("María José Fernández", "María José Fernándes", "Ana")
    assert alike == [("María", "…ernández"), ("María", "…ernándes"), ("Ana",)], "the ends tell them apart"


def test_names_alike_at_both_ends_are_numbered() -> None:
    assert lines("Ana Belén A Ruiz", "Ana Belén B Ruiz", "Ana Belén Cruz", letters=5) == [
        ("Ana", "1·Be…"),
        ("Ana", "2·Be…"),
        ("Ana", "…Cruz"),
    ]


def test_the_leader_s_name_leaves_room_for_the_star() -> None:
    assert lines("Guadalupe Fernández", "Ana", marked=0) == [("Guadal…", "Fernán…"), ("Ana",)]
    assert all(len(line) <= COLUMN_LETTERS - MARK_LETTERS for line in lines("Guadalupe Fernández", marked=0)[0])


def test_case_alone_does_not_tell_names_apart() -> None:
    assert (
        len({" ".join(short.lines).casefold() for short in short_names(["Ana Belén Ruiz X", "ANA BELÉN RUIZ Y"], 6)})
        == 2
    )


names = st.lists(
    st.text(alphabet="aáAÁbBeéjJmMoO ·.", min_size=1, max_size=NAME_MAX).map(tidy_name).filter(bool),
    min_size=3,
    max_size=8,
    unique_by=str.casefold,
)


@settings(max_examples=400, deadline=None)
@given(names=names, marked=st.one_of(st.none(), st.integers(0, 7)))
def test_any_table_of_names_reads_apart_within_the_columns(names: list[str], marked: int | None) -> None:
    shown = short_names(names, marked=marked)
    assert len({short.text.casefold() for short in shown}) == len(names)
    for seat, short in enumerate(shown):
        room = COLUMN_LETTERS - (MARK_LETTERS if seat == marked else 0)
        assert 1 <= len(short.lines) <= 2 and all(len(line) <= room for line in short.lines), short
        assert short.cut == (short.text != short.name)


def test_on_one_line_for_the_strip_a_long_name_is_cut_and_two_alike_told_apart() -> None:
    assert one_line_names(["Ana", "Maximiliano Fernández", "Bea"]) == ("Ana", "Maximilian…", "Bea")
    assert one_line_names(["María José Gutiérrez", "María José Fernández", "Dani"]) == (
        "María J. G.",
        "María J. F.",
        "Dani",
    )
    assert one_line_names(["María José Fernández", "María José Fernándes"]) == ("…Fernández", "…Fernándes")
    assert one_line_names(["Ana Bel Pérez Ruiz", "Ana Bel Pinez Ruiz"], letters=8) == ("1·Ana B…", "2·Ana B…")


@settings(max_examples=400, deadline=None)
@given(names=names)
def test_any_table_of_names_reads_apart_on_one_line(names: list[str]) -> None:
    shown = one_line_names(names)
    assert len({label.casefold() for label in shown}) == len(names), shown
    assert all(1 <= len(label) <= STRIP_LETTERS for label in shown), shown


@settings(max_examples=300, deadline=None)
@given(names=names.filter(lambda table: len(table) >= 3))
def test_the_strip_cuts_names_to_its_columns_and_tells_them_apart(names: list[str]) -> None:
    shown = strip_names(names)
    letters = STRIP_LETTERS_BY_COLUMNS[len(names) if len(names) <= 5 else 4]
    assert len({label.casefold() for label in shown}) == len(names), shown
    assert all(1 <= len(label) <= letters for label in shown), shown


def test_five_long_names_in_the_strip_read_apart() -> None:
    shown = strip_names(["Francisco Javier Gil", "Francisco Javier Paz", "Ana", "Encarnación López", "Bea"])
    assert shown == ("…Gil", "…Paz", "Ana", "Enca…", "Bea")


def test_a_row_keeps_the_part_of_a_name_that_tells_it_from_another() -> None:
    parts = told_apart(
        ["Francisco Javier Gil", "Francisco Javier Paz", "Ana", "Maximilianoalejandro", "Maximilianoalfonso"]
    )
    assert parts == (
        ("Francisco Javier", " Gil"),
        ("Francisco Javier", " Paz"),
        ("Ana", ""),
        ("Maximilianoalej", "andro"),
        ("Maximilianoal", "fonso"),
    )


def test_a_name_a_row_may_cut_is_a_tap_away_whole() -> None:
    shown = row_names(["Ana", "Rosario", "Fernando", "Francisco Javier Gil", "Francisco Javier Paz"])
    assert [row.may_be_cut for row in shown] == [False, False, True, True, True]
    assert shown[3] == RowName("Francisco Javier", " Gil", True)


@settings(max_examples=300, deadline=None)
@given(names=names)
def test_head_and_tail_are_the_name_and_the_tails_tell_alike_starts_apart(names: list[str]) -> None:
    parts = told_apart(names)
    assert [head + tail for head, tail in parts] == names
    for seat, (_head, tail) in enumerate(parts):
        alike = [
            other for other in names if other != names[seat] and other[:10].casefold() == names[seat][:10].casefold()
        ]
        assert bool(tail) == bool(alike), (names, parts)
