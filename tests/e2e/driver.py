"""Playing a Boardroom game through the fake Discord, the way people would: open a lobby, press
Join/Start, then answer each turn message with its buttons/select menus (or "Decide privately"
and the ephemeral menu), or with `/play` after autocomplete. Shared by the e2e tests and the
load benchmark. Nothing here knows the rules: choices come from what the bot shows."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tests.e2e.fake_discord import Exchange, FakeDiscord, Message

MENTION = re.compile(r"<@!?(\d+)>")
GAME_ID = re.compile(r"^br:(\d+):")
TURN_ID = re.compile(
    r"^br:(?P<game>\d+):(?P<version>\d+)(?::f(?P<fp>[0-9a-f]{6}))?:(?P<kind>[cispm])(?::(?P<ref>.+))?$"
)
#: A `/play` autocomplete value: `@<game version>:<choice id>` (or the bare choice id).
PICKED = re.compile(r"^@[0-9]+:(?P<id>.+)$", re.DOTALL)


def picked_choice(value: str) -> str:
    """The choice id a `/play` autocomplete value stands for."""
    found = PICKED.match(value)
    return found["id"] if found else value


#: Menu steps a simulated person takes before their move is made. A move is never more than a
#: dozen steps deep, but a random person can wander: Mombasa's planning menu offers to plan a
#: card, take one back or confirm, so a random pick confirms about one step in five, and 12
#: steps ran out in about one planning decision in 15 (the benchmarks then failed).
MAX_STEPS = 60

#: choice picker: (choice ids offered) -> the one to take
Policy = Callable[[Sequence[str]], str]


def first_forward(choices: Sequence[str]) -> str:
    """The first choice that moves the game on (never "back"/"cancel")."""
    for c in choices:
        if c not in ("back", "cancel"):
            return c
    return choices[0]


def is_turn_message(msg: Message, game_id: int) -> bool:
    """A public turn message of this game: its embed is titled "<Title> · game #<id>" and it
    carries the board image (or the final standings), or says the board is unchanged."""
    for e in msg.embeds:
        title = e.get("title") or ""
        shows = msg.attachments or board_unchanged(e)
        if f"game #{game_id}" in title and "lobby" not in title and shows:
            return True
    return False


def board_unchanged(embed: dict) -> bool:
    """Does the embed say its board is the one an earlier turn message shows?"""
    return any(f.get("name") == "Board" for f in embed.get("fields") or [])


def turn_version(msg: Message) -> int | None:
    for cid in msg.custom_ids():
        m = TURN_ID.match(cid)
        if m:
            return int(m["version"])
    footer = " ".join((e.get("footer") or {}).get("text") or "" for e in msg.embeds)
    m = re.search(r"Move (\d+)", footer)
    return int(m[1]) if m else None


def is_refusal(ex: Exchange) -> bool:
    return any(m.ephemeral and "⚠️" in m.text() for m in ex.messages())


async def public_answer(ex: Exchange, timeout: float = 15.0) -> Message:
    """The message everyone sees that `ex` was answered with: the first answer, or after a
    deferral (always private) the follow-up that comes after its "✅ Done." (the exchange
    counts as answered from that edit on). Fails at once on a refusal."""

    def shown() -> Message | None:
        assert not is_refusal(ex), ex.text()
        return next((m for m in ex.messages() if not m.ephemeral and not m.deleted), None)

    return await ex.fake.wait_for(shown, timeout, what=f"the public answer to {ex.describe()}")


def choice_controls(msg: Message) -> list[tuple[str, str, str]]:
    """(kind, custom_id, choice id) for every choice a message offers: "button" or "select"."""
    out: list[tuple[str, str, str]] = []
    for c in msg.flat_components():
        cid = c.get("custom_id") or ""
        m = TURN_ID.match(cid)
        if m is None or c.get("disabled"):
            continue
        if c.get("type") == 2 and m["kind"] in "ci":
            out.append(("button", cid, m["ref"] if m["kind"] == "c" else f"#{m['ref']}"))
        elif c.get("type") == 3 and m["kind"] == "s":
            out.extend(("select", cid, o["value"]) for o in c.get("options") or [])
    return out


@dataclass
class Table:
    """One game in one channel, seen from Discord."""

    fake: FakeDiscord
    channel: int
    players: list[str]
    game_id: int = 0
    lobby: Message | None = None
    moves: int = 0
    via_play: int = 0
    via_components: int = 0
    #: draft steps taken on the way to moves (sub-menus, picks before a confirmation)
    steps: int = 0
    #: turn message id -> players who confirmed a secret decision on it (edited in place)
    decided: dict[int, set[str]] = field(default_factory=dict)
    refusals: list[str] = field(default_factory=list)
    #: seconds from a deciding interaction's dispatch to the new turn message (with its image)
    turn_rtts: list[float] = field(default_factory=list)
    #: the same, per way of deciding: "/play", "button", "select", "private menu"
    turn_rtts_by: dict[str, list[float]] = field(default_factory=dict)

    # ---- reading the channel ---------------------------------------------------------------
    def turn_messages(self) -> list[Message]:
        return [m for m in self.fake.messages(self.channel) if is_turn_message(m, self.game_id)]

    def turn_message(self) -> Message | None:
        msgs = self.turn_messages()
        return msgs[-1] if msgs else None

    def version(self) -> int:
        msg = self.turn_message()
        v = turn_version(msg) if msg else None
        return v if v is not None else -1

    def finished(self) -> bool:
        msg = self.turn_message()
        return msg is not None and any(
            "final standings" in (e.get("title") or "") for e in msg.embeds
        )

    def name_of(self, user_id: int) -> str | None:
        for name, u in self.fake.users.items():
            if int(u["id"]) == user_id:
                return name
        return None

    def waiting(self) -> list[str]:
        """Users pinged by the newest turn message (the people who must decide now), less those
        who already confirmed their part of a simultaneous secret decision on it (the message
        is edited in place and keeps its pings: only the players themselves know)."""
        msg = self.turn_message()
        if msg is None or self.finished():
            return []
        names = [self.name_of(int(x)) for x in MENTION.findall(msg.content)]
        done = self.decided.get(msg.id, set())
        return [
            n
            for n in names
            if n is not None and n in self.players and self._pinged(msg, n) and n not in done
        ]

    def _pinged(self, msg: Message, name: str) -> bool:
        return int(self.fake.users[name]["id"]) in msg.pinged

    # ---- lobby -----------------------------------------------------------------------------
    async def open(self, host: str, title: str = "bazaar", **options: object) -> Exchange:
        ex = await self.fake.slash(host, self.channel, "game", "new", title=title, **options)
        self.lobby = await public_answer(ex)
        ids = self.lobby.custom_ids()
        self.game_id = int(GAME_ID.match(ids[0])[1])  # type: ignore[index]
        return ex

    def lobby_button(self, action: str) -> str:
        return f"br:{self.game_id}:l:{action}"

    async def join_all(self) -> None:
        assert self.lobby is not None
        for p in self.players[1:]:
            ex = await self.fake.press(p, self.lobby, self.lobby_button("join"))
            assert not is_refusal(ex), ex.text()

    async def start(self, who: str | None = None) -> Exchange:
        assert self.lobby is not None
        ex = await self.fake.press(who or self.players[0], self.lobby, self.lobby_button("start"))
        await self.fake.wait_for(self.turn_message, what="the first turn message")
        return ex

    # ---- playing ---------------------------------------------------------------------------
    async def _await_progress(
        self, ex: Exchange, before: int, timeout: float, how: str, user: str, turn_id: int
    ) -> Exchange:
        def done() -> bool:
            return is_refusal(ex) or self.version() > before or self.finished()

        await self.fake.wait_for(done, timeout, what=f"game {self.game_id} to move on")
        if is_refusal(ex):
            self.refusals.append(ex.text())
        else:
            self.moves += 1
            msg = self.turn_message()
            if msg is not None and msg.id == turn_id:  # a quiet confirmation, edited in place
                self.decided.setdefault(msg.id, set()).add(user)
            if msg is not None and msg.created_at >= ex.sent_at:
                self.turn_rtts.append(msg.created_at - ex.sent_at)
                self.turn_rtts_by.setdefault(how, []).append(msg.created_at - ex.sent_at)
        return ex

    async def play_components(
        self, user: str, policy: Policy = first_forward, timeout: float = 30.0
    ) -> Exchange:
        """Decide with the newest turn message's components (via "Decide privately" and the
        ephemeral menu when the decision is private), then through the player's own menu,
        step by step, until the move is made."""
        msg = self.turn_message()
        assert msg is not None
        before = self.version()
        menu = msg
        private = [c for c in msg.custom_ids() if (m := TURN_ID.match(c)) and m["kind"] == "p"]
        if private:
            opened = await self.fake.press(user, msg, private[0], timeout=timeout)
            if is_refusal(opened):
                self.refusals.append(opened.text())
                return opened
            menu = opened.messages()[-1]
        how = "private menu" if private else ""
        ex = await self._pick(user, menu, policy, timeout)
        how = how or ("button" if ex.type == 3 and "values" not in ex.payload["data"] else "select")
        for _ in range(MAX_STEPS):
            await self.fake.wait_for(
                lambda ex=ex: self._moved(ex, before) or ex.answered(), timeout, what="an answer"
            )
            nxt = None if self._moved(ex, before) else self.step_menu(ex)
            if nxt is None:
                break
            self.steps += 1
            ex = await self._pick(user, nxt, policy, timeout)
        self.via_components += 1
        return await self._await_progress(ex, before, timeout, how, user, msg.id)

    def _moved(self, ex: Exchange, before: int) -> bool:
        return is_refusal(ex) or self.version() > before or self.finished()

    def step_menu(self, ex: Exchange) -> Message | None:
        """The player's own menu an answer showed (a step of a move): a new ephemeral message
        with choices, or the pressed ephemeral menu edited in place."""
        for m in reversed(ex.messages()):
            if m.ephemeral and choice_controls(m):
                return m
        if ex.callback_type in (6, 7) and ex.source_message_id:
            src = self.fake.message(ex.source_message_id)
            if src is not None and src.ephemeral and choice_controls(src):
                return src
        return None

    async def _pick(self, user: str, menu: Message, policy: Policy, timeout: float) -> Exchange:
        controls = choice_controls(menu)
        assert controls, f"no choices on {menu.text()!r} {menu.custom_ids()}"
        pick = policy([c for _, _, c in controls])
        kind, cid, _ = next(x for x in controls if x[2] == pick)
        if kind == "button":
            return await self.fake.press(user, menu, cid, timeout=timeout)
        return await self.fake.select(user, menu, cid, [pick], timeout=timeout)

    async def play_command(
        self, user: str, policy: Policy = first_forward, timeout: float = 30.0
    ) -> Exchange:
        """Decide with `/play`: autocomplete (empty text) first, then the command; a step
        answers with the player's own menu, which is followed to the end of the move."""
        before = self.version()
        turn = self.turn_message()
        ex: Exchange | None = None
        for _ in range(MAX_STEPS):
            offered = await self.fake.autocomplete(
                user, self.channel, "play", focused="choice", choice="", timeout=timeout
            )
            assert offered, f"{user} was offered nothing by /play autocomplete"
            values = {picked_choice(c["value"]): c["value"] for c in offered}
            pick = policy(list(values))
            ex = await self.fake.slash(
                user, self.channel, "play", choice=values[pick], timeout=timeout
            )
            await self.fake.wait_for(
                lambda ex=ex: self._moved(ex, before) or ex.answered(), timeout, what="an answer"
            )
            if self._moved(ex, before) or self.step_menu(ex) is None:
                break
            self.steps += 1
        assert ex is not None
        self.via_play += 1
        turn_id = turn.id if turn is not None else 0
        return await self._await_progress(ex, before, timeout, "/play", user, turn_id)

    async def play_to_end(
        self,
        mode: Callable[[int], str] = lambda n: "components" if n % 2 else "command",
        max_moves: int = 400,
        after_move: Callable[[Table], object] | None = None,
        think: Callable[[], float] | None = None,
    ) -> None:
        """Play until the final standings appear; `mode(n)` says how decision n is taken,
        `think()` how many seconds the player thinks first."""
        n = 0
        while not self.finished():
            assert n < max_moves, f"game {self.game_id} did not end in {max_moves} decisions"
            if think is not None:
                await asyncio.sleep(think())
            waiting = self.waiting()
            assert waiting, f"nobody to wait for in {self.turn_message().text()!r}"
            user = waiting[0]
            if mode(n) == "command":
                ex = await self.play_command(user)
            else:
                ex = await self.play_components(user)
            assert not is_refusal(ex), f"move {n} by {user} refused: {ex.text()}"
            if after_move is not None:
                after_move(self)
            n += 1
