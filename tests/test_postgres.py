"""The test harness's databases: a fresh empty PostgreSQL database per test, and one of each kind for `database_url`."""

from pathlib import Path

import pytest
import sqlalchemy as sa

from support import postgres


def tables_in(url: str) -> list[str]:
    """The names of the tables of the database at ``url``."""
    engine = sa.create_engine(url)
    try:
        return sa.inspect(engine).get_table_names()
    finally:
        engine.dispose()


@pytest.mark.parametrize("turn", [1, 2])
def test_each_test_gets_a_fresh_empty_database(pg_url: str, turn: int) -> None:
    assert tables_in(pg_url) == []
    engine = sa.create_engine(pg_url)
    with engine.begin() as connection:
        connection.execute(sa.text("CREATE TABLE left_behind (turn integer)"))  # the other turn must not see it
        connection.execute(sa.text("INSERT INTO left_behind VALUES (:turn)"), {"turn": turn})
        name, encoding = connection.execute(
            sa.text(
                "SELECT current_database(), pg_encoding_to_char(encoding) "
                "FROM pg_database WHERE datname = current_database()"
            )
        ).one()
    engine.dispose()
    assert name == sa.make_url(pg_url).database
    assert encoding == "UTF8"
    assert tables_in(pg_url) == ["left_behind"]


def test_the_cluster_is_postgresql_15_or_newer_on_its_own_socket(
    postgres_cluster: postgres.Cluster, pg_url: str
) -> None:
    engine = sa.create_engine(pg_url)
    with engine.connect() as connection:
        version = connection.execute(sa.text("SHOW server_version_num")).scalar_one()
        listen = connection.execute(sa.text("SHOW listen_addresses")).scalar_one()
        sockets = connection.execute(sa.text("SHOW unix_socket_directories")).scalar_one()
    engine.dispose()
    assert int(version) >= 150000
    assert listen == "", "the test cluster listens on no TCP address"
    assert sockets == str(postgres_cluster.root)
    assert sa.make_url(pg_url).query["host"] == str(postgres_cluster.root)


def test_database_url_gives_a_database_of_each_kind(database_url: str, request: pytest.FixtureRequest) -> None:
    kind = request.node.callspec.params["database_url"]
    assert sa.make_url(database_url).get_backend_name() == kind
    assert tables_in(database_url) == []


def test_without_postgresql_the_reason_names_the_install_step(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(postgres, "candidate_bindirs", lambda: [tmp_path])
    with pytest.raises(postgres.PostgresUnavailableError, match="make postgresql"):
        postgres.find_bindir()
