"""The transport-free game service: one call per use case, split by use case over one core
(`base.ServiceCore`, on `plumbing`), one loader (`loader`), one package of queries (`queries`: the
reads; `queries.decision`, the statements of one decision; `queries.timers`, the game's timer
rows) and one decision transaction (`base._decide`).

The Discord cogs and the local CLI both call this; neither knows the rules. Every state change
takes the game's lock, loads its state, applies on a copy, and commits in ONE transaction the
actions (automatic players' included), the version bump, a snapshot and the turn message owed.
Only then does the caller get anything to post."""

from __future__ import annotations

from bot.service.again import AgainCases
from bot.service.clock_admin import ClockAdminCases
from bot.service.clocks import ClockCases
from bot.service.delivery import DeliveryCases
from bot.service.export import ExportCases
from bot.service.follows import FollowCases
from bot.service.history import HistoryCases
from bot.service.lobby import LobbyCases
from bot.service.moderation import ModerationCases
from bot.service.options import parse_options
from bot.service.pings import PingCases
from bot.service.play import STALE, MenuMoved, PlayCases
from bot.service.reading import ReadingCases
from bot.service.recovery import RecoveryCases
from bot.service.stalls import StallCases
from bot.service.stats import StatsCases
from bot.service.substitutes import SubstituteCases
from bot.service.timers import Fired, TimerCases


class GameService(
    LobbyCases,
    PlayCases,
    SubstituteCases,
    ModerationCases,
    ReadingCases,
    TimerCases,
    DeliveryCases,
    RecoveryCases,
    ClockAdminCases,
    ClockCases,
    StallCases,
    PingCases,
    StatsCases,
    FollowCases,
    AgainCases,
    ExportCases,
    HistoryCases,
):
    """Every use case, over one set of sessions, locks, state cache and drafts."""


__all__ = ["STALE", "Fired", "GameService", "MenuMoved", "parse_options"]
