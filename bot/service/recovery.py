"""Start-up repairs of stored games.

* Games stored under an older rules version of their title: each is rewritten by the title's
  `upgrade_log` and kept only if the new record replays to exactly its newest snapshot;
  otherwise it stays as it was, and loading it is refused with a clear message (loader.load).
* Games waiting on an automatic player (a database written by an older version, or a title
  error that stopped a chain): the automatic players move, in one transaction per game."""

from __future__ import annotations

import logging

from bot import catalog
from bot.db.models import Action, Game, Snapshot
from bot.service import queries as q
from bot.service.core import Core
from bot.service.decision import Decision, event_json
from bot.service.loader import prompts_of, title_of
from bot.service.queries import games as qg
from bot.service.queries.decision import bump
from engine.core import same_position

log = logging.getLogger(__name__)


class Recovery:
    def __init__(self, core: Core, decision: Decision) -> None:
        self.core = core
        self.decision = decision

    async def upgrade_stored_games(self) -> tuple[int, int]:
        """(upgraded, left as they were) among running games of an older rules version."""
        rules = [(title.slug, title.rules_version) for title in catalog.offered()]
        if not rules:
            return 0, 0
        async with self.core.reading() as c:
            ids = await qg.running_of_older_rules(c, self.core.shards, rules)
        done = left = 0
        for game_id in ids:
            if await self._upgrade(game_id):
                done += 1
            else:
                left += 1
        return done, left

    async def _upgrade(self, game_id: int) -> bool:
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game = await s.get(Game, game_id)
            assert game is not None
            title = catalog.title(game.title)
            assert title is not None
            old = await q.live_actions_after(s, game.id, 0)
            snap = await q.latest_snapshot(s, game.id)
            fields = {"game_id": game.id}
            scratch = title.setup(game.seed, game.seats, dict(game.options or {}))
            moves = title.upgrade_log(
                game.rules_version, scratch, [(a.seat_no, a.choice_id) for a in old]
            )
            if moves is None or snap is None:
                log.warning(
                    "game stored under rules %s cannot be upgraded",
                    game.rules_version,
                    extra=fields,
                )
                return False
            state = title.setup(game.seed, game.seats, dict(game.options or {}))
            replayed = [(seat, cid, title.apply(state, seat, cid)) for seat, cid in moves]
            s.expunge(snap)  # all old snapshots go below: they hold old-rules states
            if not same_position(title, state, title.decode(snap.state)):
                log.warning(
                    "upgraded record does not replay to the snapshot; kept as it was", extra=fields
                )
                return False
            version = await bump(s, game, game.version, rules_version=title.rules_version)
            for action in old:  # superseded by the rewritten record, kept for the history
                action.undone_at_version = version
            seq = await q.top_seq(s, game.id) + 1
            by_person = {a.seat_no: a.user_id for a in old if a.user_id is not None}
            for n, (seat, cid, events) in enumerate(replayed):
                s.add(
                    Action(
                        game_id=game.id,
                        seq=seq + n,
                        seat_no=seat,
                        choice_id=cid,
                        user_id=by_person.get(seat),
                        by_bot=seat not in by_person,
                        version=version,
                        events=[event_json(e) for e in events],
                        undoable=False,
                    )
                )
            await q.drop_snapshots_from(s, game.id, 0)
            s.add(
                Snapshot(
                    game_id=game.id,
                    version=version,
                    last_seq=seq + len(replayed) - 1,
                    state=title.encode(state),
                    checkpoint=True,
                )
            )
            self.core.cache.drop(game.id)
            log.info("game upgraded to rules %s", title.rules_version, extra=fields)
            return True

    async def resume_bots(self) -> int:
        """Let automatic players move wherever a running game waits on one; how many games.
        Each game with an automatic player is checked with a read; only those waiting on one
        take a write transaction."""
        async with self.core.reading() as c:
            ids = await qg.running_with_a_bot(c, self.core.shards)
        moved = 0
        for game_id in ids:
            try:
                if await self._waits_on_bot(game_id):
                    moved += await self._resume(game_id)
            except Exception:  # one broken game must not stop the others from resuming
                log.exception("could not resume the automatic players", extra={"game_id": game_id})
        return moved

    async def _waits_on_bot(self, game_id: int) -> bool:
        async with self.core.reading() as c:
            game, seats = await q.game_and_holders(c, game_id)
            if game is None or game.status != "running":
                return False
            title = title_of(game)
            if game.rules_version != title.rules_version:
                return False
            bots = {x.seat_no for x in seats if x.is_bot}
            loaded = await self.core.state(c, game, title)
            return any(p.seat in bots for p in prompts_of(title, loaded))

    async def _resume(self, game_id: int) -> bool:
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game = await s.get(Game, game_id)
            if game is None or game.status != "running":
                return False
            title = title_of(game)
            if game.rules_version != title.rules_version:
                return False
            seats = await q.holders(s, game.id)
            bots = {x.seat_no for x in seats if x.is_bot}
            loaded = await self.core.state(s, game, title)
            if not any(p.seat in bots for p in title.prompts(loaded.state)):
                return False
            await self.decision.decide(s, game, title, loaded, seats, None)
            log.info("automatic players resumed", extra={"game_id": game_id})
            return True
