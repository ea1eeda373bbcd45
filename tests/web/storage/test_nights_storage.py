"""A peña's night as stored (storage/nights.py): made with the players who came, each round drawn into tables whose
games count in the peña's league, each table's token sealed with the manager's, and who arrives or leaves between
rounds. Each test runs on SQLite and PostgreSQL (``game_app``)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest
from flask import Flask

from scorekeeper.engine import preset_rules, trump_code
from scorekeeper.extensions import db
from scorekeeper.league import NightError, Round, Table, draw_round, meetings, repeats, table_sizes
from scorekeeper.storage import groups, nights, store
from scorekeeper.storage.models import Group, Night
from support.paper_games import classic_game
from support.played_nights import NAMES, DrawnTable, StoredNight, assert_within_band, seated
from support.table import Table as Phone

#: The message of a night too small for a table.
TOO_FEW = "Hacen falta al menos 3 jugadores para una mesa"


@pytest.fixture
def peña(game_app: Flask) -> Iterator[str]:
    """A new peña: its manager's token."""
    with game_app.app_context():
        _group, token = groups.create_group("Los del jueves")
        db.session.commit()
    yield token


def group_of(token: str) -> Group:
    """The peña behind a manager's token (inside an app context)."""
    group = groups.find_group(token)
    assert group is not None
    return group


def refusal(error: pytest.ExceptionInfo[NightError]) -> str:
    """What a refusal tells the manager (in Spanish)."""
    return str(error.value)


# --- making a night -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8, 13, 20, 22])
def test_a_night_seats_everyone_who_came_once_at_tables_of_the_sizes_asked(game_app: Flask, players: int) -> None:
    came = NAMES[:players]
    night = StoredNight.make(game_app, came, seed=players)

    def made(night: Night) -> tuple[object, ...]:
        return (night.number, night.name, night.preset, night.sizes, night.rounds, night.mode, night.seed)

    assert night.read(made) == (1, "Viernes de mus", "rapida", "4,5", 3, "random", players)
    assert night.who() == [(name, 1, None) for name in came]
    assert night.read(nights.next_sizes) == table_sizes(players, (4, 5), 3, 6)
    drawn = night.draw()
    assert [table.size for table in drawn] == list(table_sizes(players, (4, 5), 3, 6))
    assert [(table.round, table.number) for table in drawn] == [(1, n) for n in range(1, len(drawn) + 1)]
    assert seated(drawn) == sorted(came), "every player at one table, once"
    # The round is the pure draw's, from the night's seed and the round's number.
    pure = draw_round(came, table_sizes(players), random.Random(f"{players}:1"), mode="random")
    assert [(table.players, table.first_dealer) for table in drawn] == [
        (table.players, table.first_dealer) for table in pure.tables
    ]
    assert night.read(nights.drawn_rounds) == 1


def test_each_table_plays_the_nights_game_in_the_peñas_league_opened_by_the_managers_token(
    game_app: Flask, peña: str
) -> None:
    other = StoredNight.make(game_app, NAMES[:3])  # in another peña
    night = StoredNight.make(game_app, NAMES[:9], manage=peña, preset="clasica", seed=5)
    with game_app.app_context():
        version = group_of(peña).version
    drawn = night.draw()
    with night.opened() as stored:
        group = stored.group
        assert group.version > version, "the peña's screens draw it again"
        rows = nights.tables_of(stored, 1)
        assert [(row.round, row.number) for row in rows] == [(1, 1), (1, 2)]
        for row, table in zip(rows, drawn, strict=True):
            game = row.game
            assert game is not None
            assert (game.id, [p.name for p in game.players], game.first_dealer) == (
                table.game_id,
                list(table.players),
                table.first_dealer,
            )
            assert (game.preset, game.rules) == ("clasica", preset_rules("clasica").to_dict())
            assert (game.hands, game.finished_at, game.abandoned_at) == ([], None, None)
            assert groups.contains(group, game), "the table's game counts in the peña's league"
            assert nights.table_token(row, peña) == table.token
            found = store.find_game(table.token)
            assert found is not None and found.id == game.id
            assert table.token not in row.sealed_token, "the token is kept sealed"
            assert nights.table_token(row, other.manage) is None, "another peña's manager cannot open it"
            assert nights.table_token(row, group.look_token) is None, "the lookers cannot open it"
            assert nights.table_token(row, table.token) is None
        assert nights.table_token(rows[0], peña) != nights.table_token(rows[1], peña)
        assert len(group.games) == 2


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ((), TOO_FEW),
        (("Ana",), TOO_FEW),
        (("Ana", "Bea"), TOO_FEW),
        (("Ana", "Bea", "  "), "Falta el nombre de un jugador"),
        (("Ana", "", "Bea", "Carlos"), "Falta el nombre de un jugador"),
        (("Ana", "Bea", "Carlos", "ana"), "«ana» está dos veces en la noche"),
        (("Ana María", "Bea", "Carlos", "  ANA   maría "), "«ANA maría» está dos veces en la noche"),
        (("Ana", "Bea", "Carlos", "M" * 21), f"«{'M' * 20}…» es muy largo: como mucho 20 letras"),
        (("Ana", "Bea", "Carlos", "Dani", "Eva", "Fermín", "Bea"), "«Bea» está dos veces en la noche"),
    ],
)
def test_a_night_that_cannot_be_made_is_refused_with_its_reason_and_nothing_kept(
    game_app: Flask, peña: str, players: tuple[str, ...], message: str
) -> None:
    with game_app.app_context():
        group = group_of(peña)
        with pytest.raises(NightError) as error:
            nights.create_night(group, "Noche", players)
        assert refusal(error) == message
        assert (group.nights, group.version) == ([], 0)


def test_names_are_matched_as_the_peñas_league_matches_them_so_accents_make_two_players(
    game_app: Flask, peña: str
) -> None:
    """«Inés» and «Ines» are two players in the peña's league (until the manager merges them), and so in a night."""
    night = StoredNight.make(game_app, ("Inés", "Ines", "Bea"), manage=peña)
    assert night.who() == [("Inés", 1, None), ("Ines", 1, None), ("Bea", 1, None)]


def test_the_names_and_the_nights_name_are_tidied_and_twenty_letters_are_enough(game_app: Flask, peña: str) -> None:
    twenty = "Maria de los Angeles"
    assert len(twenty) == 20
    night = StoredNight.make(
        game_app, ("  Ana   María ", "\tBea\n", "Car\x07los", twenty), manage=peña, name="  Noche de San Juan  "
    )
    assert night.who() == [("Ana María", 1, None), ("Bea", 1, None), ("Carlos", 1, None), (twenty, 1, None)]
    assert night.read(lambda n: n.name) == "Noche de San Juan"
    longest = StoredNight.make(game_app, NAMES[:3], manage=peña, name="Noche " + "larga " * 10)
    assert longest.read(lambda n: n.name) == ("Noche " + "larga " * 10)[:40]


@pytest.mark.parametrize(
    "options",
    [
        {"preset": "no-such-game"},
        {"sizes": "4,6"},
        {"mode": "swiss"},
        {"rounds": 0},
        {"rounds": nights.MAX_ROUNDS + 1},
    ],
)
def test_options_no_form_offers_are_a_programming_error(game_app: Flask, peña: str, options: dict[str, object]) -> None:
    with game_app.app_context():
        with pytest.raises(ValueError) as error:
            nights.create_night(group_of(peña), "Noche", NAMES[:4], **options)  # type: ignore[arg-type]
        assert not isinstance(error.value, NightError)
        assert group_of(peña).nights == []


def test_the_nights_number_counts_up_in_each_peña(game_app: Flask, peña: str) -> None:
    first = StoredNight.make(game_app, NAMES[:3], manage=peña)
    elsewhere = StoredNight.make(game_app, NAMES[:3])
    second = StoredNight.make(game_app, NAMES[:5], manage=peña, rounds=nights.MAX_ROUNDS, mode="standings")
    assert (first.number, second.number, elsewhere.number) == (1, 2, 1)
    with game_app.app_context():
        assert [(n.number, len(n.players), n.rounds, n.mode) for n in group_of(peña).nights] == [
            (1, 3, 3, "random"),
            (2, 5, nights.MAX_ROUNDS, "standings"),
        ]


@pytest.mark.parametrize("sizes", list(nights.SIZES))
@pytest.mark.parametrize("players", [12, 13, 20, 22])
def test_every_choice_of_sizes_draws_the_tables_it_gives(game_app: Flask, sizes: str, players: int) -> None:
    night = StoredNight.make(game_app, NAMES[:players], sizes=sizes)
    expected = table_sizes(players, nights.SIZES[sizes], nights.SMALLEST, nights.LARGEST)
    assert night.read(nights.next_sizes) == expected
    drawn = night.draw()
    assert tuple(table.size for table in drawn) == expected
    assert seated(drawn) == sorted(NAMES[:players])
    assert all(nights.SMALLEST <= table.size <= nights.LARGEST for table in drawn)


def test_twenty_players_sit_at_the_sizes_the_docs_say() -> None:
    assert {key: table_sizes(20, sizes, 3, 6) for key, sizes in nights.SIZES.items()} == {
        "4,5": (4, 4, 4, 4, 4),
        "4": (4, 4, 4, 4, 4),
        "5": (5, 5, 5, 5),
        "3,4": (4, 4, 3, 3, 3, 3),
        "5,6": (5, 5, 5, 5),
        "6": (5, 5, 5, 5),
        "3": (4, 4, 3, 3, 3, 3),
    }


def test_the_same_seed_draws_the_same_night_and_another_seed_another(game_app: Flask) -> None:
    def tables(night: StoredNight, number: int) -> list[tuple[tuple[str, ...], int]]:
        return [(t.players, t.first_dealer) for t in night.tables.values() if t.round == number]

    one, two = (StoredNight.make(game_app, NAMES[:13], seed=7, mode="standings") for _ in range(2))
    for night in (one, two):
        night.draw()
        night.play(1)
        night.draw()
    assert tables(one, 1) == tables(two, 1) and tables(one, 2) == tables(two, 2)
    others = [StoredNight.make(game_app, NAMES[:13], seed=seed) for seed in (8, 9)]
    for other in others:
        other.draw()
    assert any(tables(other, 1) != tables(one, 1) for other in others)


# --- how the tables change after the first round ---------------------------------------------------


def test_a_random_night_spreads_each_first_table_over_the_second_rounds_tables(game_app: Flask) -> None:
    night = StoredNight.make(game_app, NAMES[:12], seed=3, mode="random")
    first = night.draw()
    night.play(1)
    second = night.draw()
    met = meetings([round_of(first)])
    # Four players of each first table over three tables: one pair of each must meet again, and no more do.
    assert repeats([table.players for table in second], met) == 3


def test_a_standings_night_seats_each_player_within_one_table_of_their_place(game_app: Flask) -> None:
    night = StoredNight.make(game_app, NAMES[:12], seed=3, mode="standings")
    night.draw()
    night.play(1)
    order = [line.player for line in night.standings()]
    second = night.draw()
    assert_within_band(second, order)


def round_of(tables: Sequence[DrawnTable]) -> Round:
    """The drawn tables as the pure draw's round."""
    return Round(tuple(Table(t.number, t.players, t.first_dealer) for t in tables))


# --- when the next round can be drawn --------------------------------------------------------------


def draw_refused(night: StoredNight) -> str:
    """Try to draw the next round: refused, with nothing changed; what the manager is told."""
    before = night.state()
    with night.opened() as stored:
        with pytest.raises(NightError) as error:
            nights.check_can_draw(stored)
        with pytest.raises(NightError) as again:
            nights.draw_next(stored, night.manage)
        assert str(again.value) == str(error.value)
        db.session.rollback()
    assert night.state() == before, "a refused draw changed the night"
    return refusal(error)


def end_table(app: Flask, token: str, how: str) -> None:
    """The table ends its game another way than finishing it: leaves it where it is, or deletes it."""
    address = {"left": f"/p/{token}/dejar", "deleted": f"/p/{token}/borrar"}[how]
    assert app.test_client().post(address).status_code == 303


def test_a_round_is_not_drawn_while_a_table_is_still_playing(game_app: Flask) -> None:
    night = StoredNight.make(game_app, NAMES[:8])
    night.draw()
    assert draw_refused(night) == "La ronda 1 no ha terminado: cada mesa acaba su partida antes"
    night.play(1, only=[1])
    night.play(1, hands=4, only=[2])
    assert night.read(lambda n: (nights.table_over(n.tables[0]), nights.table_over(n.tables[1]))) == (True, False)
    assert not night.read(lambda n: nights.round_over(n, 1))
    assert draw_refused(night) == "La ronda 1 no ha terminado: cada mesa acaba su partida antes"


@pytest.mark.parametrize(
    "ends",
    [("finished", "finished"), ("left", "left"), ("deleted", "deleted"), ("finished", "left"), ("deleted", "finished")],
)
def test_the_next_round_is_drawn_once_every_table_finished_left_or_deleted_its_game(
    game_app: Flask, ends: tuple[str, str]
) -> None:
    night = StoredNight.make(game_app, NAMES[:8])
    night.draw()
    for number, how in enumerate(ends, start=1):
        if how == "finished":
            night.play(1, only=[number])
        else:
            night.play(1, hands=3, only=[number])
            end_table(game_app, night.token(1, number), how)
    assert night.read(lambda n: nights.round_over(n, 1) and not nights.night_over(n))
    second = night.draw()
    assert [table.round for table in second] == [2, 2]
    assert seated(second) == sorted(NAMES[:8])


def test_no_round_is_drawn_after_the_last_nor_for_fewer_than_three(game_app: Flask) -> None:
    night = StoredNight.make(game_app, NAMES[:3], rounds=1)
    assert not night.read(nights.night_over)
    night.draw()
    night.play(1)
    assert night.read(nights.night_over)
    assert draw_refused(night) == "Ya se han sorteado todas las rondas de la noche"
    small = StoredNight.make(game_app, NAMES[:3])
    small.change(lambda n: nights.leave(n, n.players[0]))
    assert draw_refused(small) == TOO_FEW


# --- who arrives and who leaves ---------------------------------------------------------------------


def test_a_late_arrival_plays_from_the_next_round_drawn_not_before(game_app: Flask) -> None:
    night = StoredNight.make(game_app, NAMES[:4])
    assert night.arrive("  Eva ") == ("Eva", 1, None), "before the first draw: the first round"
    first = night.draw()
    assert "Eva" in seated(first)
    assert night.arrive("Fermín") == ("Fermín", 2, None)
    assert "Fermín" not in night.present(1) and "Fermín" in night.present(2)
    assert night.read(nights.next_sizes) == (6,)
    night.play(1)
    assert "Fermín" not in [line.player for line in night.standings()]
    second = night.draw()
    assert seated(second) == sorted([*NAMES[:4], "Eva", "Fermín"])


def test_someone_who_never_played_and_leaves_is_no_longer_at_the_night(game_app: Flask) -> None:
    night = StoredNight.make(game_app, NAMES[:5])
    night.leave("ana")
    assert [name for name, *_rest in night.who()] == list(NAMES[1:5])
    night.draw()
    night.arrive("Fermín")
    night.leave("FERMÍN")
    assert night.read(lambda n: nights.player_at(n, "Fermín")) is None
    night.play(1)
    assert seated(night.draw()) == sorted(NAMES[1:5])


def test_someone_who_played_and_leaves_keeps_their_rounds_and_can_come_back(game_app: Flask) -> None:
    night = StoredNight.make(game_app, NAMES[:5])
    night.draw()
    night.play(1)
    night.leave("Bea")
    assert ("Bea", 1, 2) in night.who()
    assert "Bea" not in night.present(2)
    second = night.draw()
    assert "Bea" not in seated(second)
    (bea,) = (line for line in night.standings() if line.player == "Bea")
    assert [r.round for r in bea.rounds] == [1], "the round she played still counts"
    assert night.arrive("bea") == ("Bea", 1, None), "back: the same player, playing from the next round"
    assert "Bea" in night.present(3)
    night.play(2)
    assert "Bea" in seated(night.draw())


def test_leaving_twice_changes_nothing_the_second_time(game_app: Flask) -> None:
    night = StoredNight.make(game_app, NAMES[:5])
    night.draw()
    night.play(1)
    assert night.leave("Bea")
    before = night.who(), night.state()
    night.draw()
    night.play(2)
    drawn = night.state()
    assert not night.leave("Bea")  # a second tap, or an old page
    assert night.who() == before[0], "she left before round 2, whatever is tapped later"
    assert night.state() == drawn
    assert "Bea" not in night.present(2)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Ana", "«Ana» ya está en la noche"),
        ("  aNA ", "«Ana» ya está en la noche"),
        ("Eva", "«Eva» ya está en la noche"),
        ("", "Falta el nombre de un jugador"),
        ("N" * 21, f"«{'N' * 20}…» es muy largo: como mucho 20 letras"),
    ],
)
def test_an_arrival_is_refused_with_its_reason(game_app: Flask, name: str, message: str) -> None:
    night = StoredNight.make(game_app, NAMES[:4])
    night.draw()
    night.arrive("Eva")  # arrived for round 2: already at the night too
    before = night.who(), night.state()
    with night.opened() as stored:
        with pytest.raises(NightError) as error:
            nights.arrive(stored, name)
        db.session.rollback()
    assert refusal(error) == message
    assert (night.who(), night.state()) == before


def test_no_one_arrives_once_the_last_round_is_drawn(game_app: Flask) -> None:
    night = StoredNight.make(game_app, NAMES[:3], rounds=1)
    night.draw()
    with night.opened() as stored:
        with pytest.raises(NightError) as error:
            nights.arrive(stored, "Dani")
        db.session.rollback()
    assert refusal(error) == "Ya se han sorteado todas las rondas de la noche"


def test_no_one_leaves_once_the_last_round_is_drawn(game_app: Flask) -> None:
    night = StoredNight.make(game_app, NAMES[:3], rounds=1)
    night.draw()
    before = night.who(), night.state()
    with night.opened() as stored:
        with pytest.raises(NightError) as error:
            nights.leave(stored, stored.players[0])
        db.session.rollback()
    assert refusal(error) == "Ya se han sorteado todas las rondas de la noche"
    assert (night.who(), night.state()) == before


# --- what the night's pages depend on -----------------------------------------------------------


def test_the_nights_state_changes_with_a_draw_an_arrival_a_leaving_and_any_saved_hand(game_app: Flask) -> None:
    night = StoredNight.make(game_app, NAMES[:8])
    states = [night.state()]
    assert night.state() == states[0], "read twice, the same"
    drawn = night.draw()
    states.append(night.state())
    night.arrive("Inés")
    states.append(night.state())
    night.leave("Inés")
    states.append(night.state())
    table = Phone(game_app, game_app.test_client())
    first = drawn[0]
    hand = classic_game(first.size, first.first_dealer, rules=preset_rules("rapida"))[0]
    table.play_hand_queued(first.token, trump_code(hand.trump), hand.bids, hand.tricks)
    states.append(night.state())
    assert table.correct(first.token, 1, {}).status_code == 303  # nothing to change: nothing changes
    assert night.state() == states[-1]
    end_table(game_app, drawn[1].token, "deleted")
    states.append(night.state())
    assert len(set(states)) == len(states), states
