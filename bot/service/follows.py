"""Which followed players' moves a posted decision tells their followers about, read from the
log (never from what this process remembers): the decision's own moves and, when it revealed a
simultaneous secret decision, the confirmations before it that were never posted (quiet). So a
secret decision is reported at its reveal only, also to someone who began following after the
player confirmed, and also after a restart between the confirmation and the reveal."""

from __future__ import annotations

from bot.service import queries as q
from bot.service.core import Core
from bot.service.loader import title_of
from bot.service.queries import replay as qr
from bot.service.replay import Replay, still_secret


class Follows:
    def __init__(self, core: Core, replay: Replay) -> None:
        self.core = core
        self.replay = replay

    async def revealed_after(self, game_id: int, version: int) -> int:
        """The version after which the moves told with the posted decision `version` begin:
        `version - 1`, or earlier by the run of quiet confirmations it revealed."""
        start = version - 1
        async with self.core.reading() as c:
            game, _ = await q.game_and_holders(c, game_id)
            if game is None:
                return start
            rows = await qr.moves_up_to_version(c, game_id, version)
            seqs = [r.seq for r in rows]
            pos = sum(1 for r in rows if r.version < version)  # moves before the decision
            title = title_of(game)
            after = title.prompts(await self.replay.state_after(c, game, title, seqs, pos))
            while pos > 0 and after and all(p.secret for p in after):
                action = rows[pos - 1]
                if action.version != start or (pos > 1 and rows[pos - 2].version == start):
                    break  # a quiet confirmation is one move, alone in its version
                before = title.prompts(await self.replay.state_after(c, game, title, seqs, pos - 1))
                if not still_secret(before, after, action.seat_no, action.events or []):
                    break
                start, after, pos = start - 1, before, pos - 1
        return start
