"""The statistics rebuilt from the games: by migration 0007 (the games already over when it
runs) and by the recompute command."""

from __future__ import annotations

import io

from alembic import command
from sqlalchemy.engine import Connection

from bot import catalog
from bot.db.engine import alembic_config, make_engine, migrate, sessionmaker
from bot.local import amain
from bot.service import GameService
from tests.bot.test_stats import ANA, BEN, CAL, GUILD, ratings, results, stored_finished_games
from tests.conftest import TEST_RENDERERS, TEST_TITLES


def _upgrade_to(revision: str):  # noqa: ANN202
    def run(connection: Connection) -> None:
        cfg = alembic_config()
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, revision)

    return run


async def test_the_migration_backfills_finished_games(db_url):
    catalog.load(TEST_TITLES, TEST_RENDERERS)
    engine = make_engine(db_url)
    async with engine.begin() as conn:
        await conn.run_sync(_upgrade_to("0006"))
    svc = GameService(sessionmaker(engine))
    await stored_finished_games(svc, [{ANA: 1, BEN: 2}, {BEN: 1, CAL: 2, ANA: 3}])
    await migrate(engine)  # 0007 creates the tables and fills them
    backfilled, rated = await results(svc), await ratings(svc)
    assert len(backfilled) == 5 and {k[0] for k in rated} == {ANA, BEN, CAL}
    me = await svc.person_stats(GUILD, ANA)
    assert (me.total.played, me.total.won, me.places) == (2, 1, [1, 0, 1])
    await svc.recompute_stats()
    assert await results(svc) == backfilled and await ratings(svc) == rated
    await engine.dispose()


async def test_the_recompute_command(tmp_path, monkeypatch):
    monkeypatch.setenv("EXTRA_TITLES", ",".join(TEST_TITLES))
    monkeypatch.setenv("EXTRA_RENDERERS", ",".join(TEST_RENDERERS))
    url = f"sqlite+inline:///{tmp_path / 'r.db'}"
    catalog.load(TEST_TITLES, TEST_RENDERERS)
    engine = make_engine(url)
    await migrate(engine)
    svc = GameService(sessionmaker(engine))
    await stored_finished_games(svc, [{ANA: 1, BEN: 2}, {BEN: 1, ANA: 2}])
    assert await results(svc) == []  # stored behind the service's back
    out = io.StringIO()
    assert await amain(["recompute-stats", "--db", url], stdout=out) == 0
    assert "Statistics rebuilt: 4 rows, 2 rated games" in out.getvalue()
    assert {k: v[1] for k, v in (await ratings(svc)).items()} == {
        (ANA, "bazaar"): 2,
        (BEN, "bazaar"): 2,
    }
    await engine.dispose()
