"""The transport-free game service: a facade (`GameService`) over one core (`core.Core`: the
sessions, locks, caches and drafts), one loader (`loader`), one package of queries (`queries`:
every statement), one decision transaction (`decision.Decision`, its side effects registered
here as listeners) and one object per use case, each built with the core and the use cases it
needs.

The Discord cogs and the local CLI both call this; neither knows the rules. Every state change
takes the game's lock, loads its state, applies on a copy, and commits in ONE transaction the
actions (automatic players' included), the version bump, a snapshot and the turn message owed.
Only then does the caller get anything to post."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import async_sessionmaker

from bot.db.models import utcnow
from bot.service.again import PlayAgain
from bot.service.clock_admin import ClockAdmin
from bot.service.clock_plans import ClockPlans
from bot.service.clocks import Clocks
from bot.service.core import Core
from bot.service.decision import Decision
from bot.service.delivery import Deliveries
from bot.service.event_admin import EventAdmin
from bot.service.event_rounds import EventRounds
from bot.service.events import Events
from bot.service.export import Exports
from bot.service.follows import Follows
from bot.service.history import History
from bot.service.lobby import Lobby
from bot.service.moderation import Moderation
from bot.service.mygames import MyGames
from bot.service.options import parse_options
from bot.service.people import People
from bot.service.pings import Pings
from bot.service.play import STALE, MenuMoved, Play
from bot.service.reading import Reading
from bot.service.recovery import Recovery
from bot.service.replay import Replay
from bot.service.stalls import Stalls
from bot.service.stats import Stats
from bot.service.substitutes import Substitutes
from bot.service.timers import Fired, Timers
from bot.service.watching import Watching
from bot.service.web_tables import WebTables
from bot.shards import ALL, Shards


class GameService:
    """Every use case, over one set of sessions, locks, state cache and drafts: the callers'
    one object. Its methods are the use cases' own (bound in `__init__`)."""

    def __init__(
        self,
        sessions: async_sessionmaker,
        cache_size: int = 64,
        readers: async_sessionmaker | None = None,
        *,
        reminder_after: timedelta | None = None,
        clock: Callable[[], datetime] = utcnow,
        shards: Shards = ALL,
        cold: async_sessionmaker | None = None,
    ) -> None:
        """`sessions` write (and may read); `readers`, when given, serve the read-only calls;
        `cold`, when given, the cold reads (stats, export, history, replay, timelapse: the
        readers' by default). The rest: see `Core`."""
        core = self.core = Core(
            sessions,
            cache_size,
            readers,
            reminder_after=reminder_after,
            clock=clock,
            shards=shards,
            cold=cold,
        )
        self.drafts = core.drafts
        self.shards = core.shards
        self.posted = core.posted
        decision = Decision(core)
        plans = ClockPlans(core)
        clocks = Clocks(core, decision, plans)
        moderation = Moderation(core, decision, plans)
        reading = Reading(core, clocks)
        people = People(core, plans)
        replay = Replay(core)
        stats = Stats(core)
        stalls = Stalls(core)
        lobby = Lobby(core, decision, moderation)
        rounds = EventRounds(core, lobby, moderation)
        self._listen(decision, clocks, stalls, reading, stats, rounds)
        self._expose_play(lobby, Play(core, decision), reading)
        self._expose_moderation(
            moderation, Substitutes(core, moderation), ClockAdmin(core, plans, clocks)
        )
        mine = MyGames(core, plans)
        self._expose_timers(Timers(core), clocks, stalls, Pings(core, plans, people, mine), mine)
        self._expose_people(people, Watching(core), Follows(core, replay))
        self._expose_repairs(Deliveries(core, decision), Recovery(core, decision))
        exports = Exports(core, replay)
        self._expose_looking_back(stats, replay, exports, History(core), PlayAgain(core, reading))
        self._expose_web(WebTables(core, replay, exports, reading))
        self._expose_events(Events(core), rounds, EventAdmin(core, moderation))

    @staticmethod
    def _listen(
        decision: Decision,
        clocks: Clocks,
        stalls: Stalls,
        reading: Reading,
        stats: Stats,
        rounds: EventRounds,
    ) -> None:
        """The side effects of every decision, in one place (in the order they run in it)."""
        on = decision.on
        on.hand_back.append(clocks.hand_back)  # before an automatic player moves
        on.timers.append(stalls.stall_timer)  # its timers, with the reminder
        on.away_now.append(reading.away_now)  # who is away, read with its statements
        on.game_over.append(stats.game_over)  # ratings and stats of a game it ends
        on.game_over.append(rounds.table_over)  # an event's table it ends
        on.tick.append(clocks.tick)  # the seats' clocks
        on.view.append(reading.away_view)  # who is away, on what it posts

    def _expose_play(self, lobby: Lobby, play: Play, reading: Reading) -> None:
        self.create = lobby.create
        self.set_lobby_message = lobby.set_lobby_message
        self.join = lobby.join
        self.leave = lobby.leave
        self.start = lobby.start
        self.act = play.act
        self.act_in_game = play.act_in_game
        self.prompt_for = play.prompt_for
        self.prompt_in_game = play.prompt_in_game
        self.undo = play.undo
        self.status = reading.status
        self.game_info = reading.game_info
        self.channel_of = reading.channel_of
        self.board = reading.board
        self.board_of = reading.board_of
        self.board_text = reading.board_text
        self.board_text_of = reading.board_text_of
        self.hand_text = reading.hand_text
        self.hand = reading.hand
        self.hand_in_game = reading.hand_in_game
        self.log = reading.log
        self.replay_matches_snapshot = reading.replay_matches_snapshot
        self.game_count = reading.game_count

    def _expose_moderation(
        self, moderation: Moderation, substitutes: Substitutes, clock_admin: ClockAdmin
    ) -> None:
        self.is_moderator_role = moderation.is_moderator_role
        self.set_mod_role = moderation.set_mod_role
        self.admin_end = moderation.admin_end
        self.admin_seat_to = moderation.admin_seat_to
        self.admin_kick = moderation.admin_kick
        self.admin_rollback = moderation.admin_rollback
        self.request_substitute = substitutes.request_substitute
        self.substitute_posted = substitutes.substitute_posted
        self.substitute_request = substitutes.substitute_request
        self.volunteer_substitute = substitutes.volunteer_substitute
        self.approve_substitute = substitutes.approve_substitute
        self.reject_substitute = substitutes.reject_substitute
        self.cancel_substitute = substitutes.cancel_substitute
        self.set_substitute_approval = substitutes.set_substitute_approval
        self.admin_pause = clock_admin.admin_pause
        self.admin_resume = clock_admin.admin_resume
        self.set_clock_days = clock_admin.set_clock_days
        self.admin_extend = clock_admin.admin_extend
        self.admin_pace = clock_admin.admin_pace

    def _expose_timers(
        self, timers: Timers, clocks: Clocks, stalls: Stalls, pings: Pings, mine: MyGames
    ) -> None:
        self.next_timer_due = timers.next_timer_due
        self.claim_due_timers = timers.claim_due_timers
        self.reminder_due = timers.reminder_due
        self.reminders_due = timers.reminders_due
        self.ensure_reminders = timers.ensure_reminders
        self.clock_fired = clocks.clock_fired
        self.game_return = clocks.game_return
        self.stall_due = stalls.stall_due
        self.stalled_games = stalls.stalled_games
        self.stall_setting = stalls.stall_setting
        self.set_stall_days = stalls.set_stall_days
        self.ensure_stalls = stalls.ensure_stalls
        self.route_pings = pings.route_pings
        self.held_ping_due = pings.held_ping_due
        self.digest_due = pings.digest_due
        self.ensure_digests = pings.ensure_digests
        self.my_games = mine.my_games

    def _expose_people(self, people: People, watching: Watching, follows: Follows) -> None:
        self.my_settings = people.my_settings
        self.set_timezone = people.set_timezone
        self.set_quiet = people.set_quiet
        self.set_pings = people.set_pings
        self.set_palette = people.set_palette
        self.palette_of = people.palette_of
        self.set_vacation_days = people.set_vacation_days
        self.go_away = people.go_away
        self.come_back = people.come_back
        self.load_watching = watching.load_watching
        self.follows = watching.follows
        self.forget_followed = watching.forget_followed
        self.watch = watching.watch
        self.unwatch = watching.unwatch
        self.allow_watcher = watching.allow_watcher
        self.decline_watcher = watching.decline_watcher
        self.set_spectators = watching.set_spectators
        self.spectators_of = watching.spectators_of
        self.spectators_at_end = watching.spectators_at_end
        self.followers_of_moves = watching.followers_of_moves
        self.revealed_after = follows.revealed_after

    def _expose_repairs(self, deliveries: Deliveries, recovery: Recovery) -> None:
        self.flush_deliveries = deliveries.flush_deliveries
        self.undelivered = deliveries.undelivered
        self.upgrade_stored_games = recovery.upgrade_stored_games
        self.resume_bots = recovery.resume_bots

    def _expose_looking_back(
        self, stats: Stats, replay: Replay, exports: Exports, history: History, again: PlayAgain
    ) -> None:
        self.recompute_stats = stats.recompute_stats
        self.person_stats = stats.person_stats
        self.title_stats = stats.title_stats
        self.server_stats = stats.server_stats
        self.replay_states = replay.replay_states
        self.replay = replay.replay
        self.replay_of = replay.replay_of
        self.export = exports.export
        self.export_of = exports.export_of
        self.fixture = exports.fixture
        self.public_record = exports.public_record
        self.history = history.history
        self.play_again = again.play_again

    def _expose_web(self, web: WebTables) -> None:
        self.web_key = web.web_key
        self.web_game = web.web_game
        self.web_pages_off = web.web_pages_off
        self.web_log = web.web_log
        self.web_news = web.web_news
        self.may_watch = web.may_watch
        self.web_links = web.web_links
        self.revoke_web_links = web.revoke_web_links
        self.set_web_pages = web.set_web_pages

    def follow_moves(self, on_moved: Callable[[int, int], None], notify: str | None) -> None:
        """Call `on_moved(game id, version)` after each commit that moves a game on; with
        `notify` (PostgreSQL), the commit NOTIFYs that channel instead (bot.web.live)."""
        self.core.on_moved = on_moved
        self.core.notify = notify

    def _expose_events(self, events: Events, rounds: EventRounds, admin: EventAdmin) -> None:
        self.create_event = events.create_event
        self.set_signup_message = events.set_signup_message
        self.event_info = events.event_info
        self.join_event = events.join_event
        self.leave_event = events.leave_event
        self.event_standings = events.event_standings
        self.channel_event = events.channel_event
        self.running_events = events.running_events
        self.final_unposted = events.final_unposted
        self.final_posted = events.final_posted
        self.round_tables = events.round_tables
        self.start_event = rounds.start_event
        self.advance_event = rounds.advance_event
        self.end_season = rounds.end_season
        self.tables_to_open = rounds.tables_to_open
        self.open_table = rounds.open_table
        self.drop_entrant = admin.drop_entrant
        self.add_entrant = admin.add_entrant
        self.reseat_entrant = admin.reseat_entrant
        self.round_deadline = admin.round_deadline

    # What tests and the dispatcher set after building the service: the core's.
    @property
    def clock(self) -> Callable[[], datetime]:
        return self.core.clock

    @clock.setter
    def clock(self, clock: Callable[[], datetime]) -> None:
        self.core.clock = clock

    @property
    def reminder_after(self) -> timedelta | None:
        return self.core.reminder_after

    @reminder_after.setter
    def reminder_after(self, after: timedelta | None) -> None:
        self.core.reminder_after = after

    @property
    def on_timer(self) -> Callable[[datetime], None] | None:
        return self.core.on_timer

    @on_timer.setter
    def on_timer(self, on_timer: Callable[[datetime], None] | None) -> None:
        self.core.on_timer = on_timer


__all__ = ["STALE", "Fired", "GameService", "MenuMoved", "parse_options"]
