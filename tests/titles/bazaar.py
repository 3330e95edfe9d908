"""Bazaar: the host's test title (never offered to players).

A small but complete game exercising what the real titles need: hidden hands drawn from a
shuffled deck, a simultaneous secret bid, a turn order set by the bids, a multi-step turn with a
prompt of more than 25 choices and a "back" step, an option, a ranking with a tie-break.

Moves are paths of small choices (engine.core): a bid is picked, then confirmed; a sale is a card,
then a stall, then a confirmation. Only the completed move (`bid:N`, `pass`, `sell:CARD:STALL`)
is applied; the steps before it are the seat's draft, kept by the host and seen by nobody else.

Load it with `EXTRA_TITLES=tests.titles.bazaar:TITLE`.

Rules in short: every round all seats secretly bid coins; bids are revealed and paid; seats then
take one turn each, highest bid first (ties: fewer points, then lower seat). A turn is: choose a
card from your hand (or pass for a coin), choose one of 30 stalls, confirm; then draw a card.
A card scores its value, plus a bonus when its colour matches the stall's. Covering a stall held
by another seat costs one coin paid to them. After the last round each held stall scores a bonus.
Most points wins; ties go to more coins, else the place is shared.
"""

from __future__ import annotations

import msgspec

from engine.core import BACK, Choice, Event, IllegalAction, OptionSpec, Prompt, Result, Title
from engine.rng import Rng

#: Every number of the game (a test fixture: a table here instead of a data file).
NUMBERS: dict[str, int] = {
    "copies": 2,  # copies of each colour/value card
    "max_value": 5,  # card values 1..max_value
    "hand_size": 3,  # cards dealt at setup
    "hand_limit": 5,  # no draw at turn end while holding this many
    "start_coins": 4,
    "income": 2,  # coins every seat receives at the start of each round
    "max_bid": 5,
    "stalls": 30,
    "match_bonus": 2,  # extra points when card colour == stall colour
    "cover_fee": 1,  # coins paid to the seat whose card you cover
    "pass_coins": 1,  # coins for passing instead of playing
    "stall_bonus": 1,  # end-of-game points per stall held
}
COLOURS = ["red", "blue", "green", "gold"]
SEAT_NAMES = ["Amber", "Teal", "Plum", "Slate"]
ROUNDS_CHOICES = ["2", "3", "4"]


class Card(msgspec.Struct, frozen=True):
    colour: str
    value: int

    @property
    def key(self) -> str:
        return f"{self.colour}-{self.value}"

    def words(self) -> str:
        return f"{self.colour} {self.value}"


class Stall(msgspec.Struct):
    colour: str
    cards: list[Card] = []  # bottom -> top; only the top card counts
    owner: int | None = None


class SeatState(msgspec.Struct):
    coins: int
    points: int = 0
    hand: list[Card] = []
    bid: int | None = None  # this round's bid (secret until every seat has bid)


class BazaarState(msgspec.Struct):
    rng: Rng
    rounds: int
    seats: list[SeatState]
    stalls: list[Stall]
    deck: list[Card]
    round: int = 1
    phase: str = "bid"  # bid | play | over
    order: list[int] = []  # this round's turn order
    turn: int = 0  # index into order
    last_action: list[str] = []  # touched ids for highlighting: "stall:12", "seat:1"


class SeatView(msgspec.Struct):
    seat: int
    label: str
    coins: int
    points: int
    hand_size: int
    has_bid: bool
    bid: int | None  # own bid, or everybody's once revealed
    hand: list[Card] | None  # only in the seat's own view


class StallView(msgspec.Struct):
    number: int  # 1-based
    colour: str
    top: Card | None
    owner: int | None
    depth: int


class BazaarView(msgspec.Struct):
    viewer: int | None
    round: int
    rounds: int
    phase: str
    current: int | None
    order: list[int]
    seats: list[SeatView]
    stalls: list[StallView]
    deck_size: int
    last_action: list[str]


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def _stall_group(i: int) -> str:
    """Stalls grouped by tens so paged menus read well."""
    lo = i // 10 * 10 + 1
    return f"Stalls {lo}-{lo + 9}"


def _card_points(card: Card, stall: Stall) -> int:
    return card.value + (NUMBERS["match_bonus"] if card.colour == stall.colour else 0)


class Bazaar(Title[BazaarState]):
    slug = "bazaar"
    name = "Bazaar"
    min_seats = 2
    max_seats = 4
    rules_version = "1"
    hidden_hands = True
    state_type = BazaarState
    blurb = "Test title: bid for turn order, sell goods at the market stalls."
    options = [
        OptionSpec("rounds", "How many rounds the game lasts", "3", list(ROUNDS_CHOICES)),
    ]

    # ---- setup ------------------------------------------------------------------------------
    def setup(self, seed: int, seats: int, options: dict[str, str]) -> BazaarState:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Bazaar needs 2-4 seats, not {seats}")
        rounds = options.get("rounds", "3")
        if rounds not in ROUNDS_CHOICES:
            raise ValueError(f"rounds must be one of {ROUNDS_CHOICES}, not {rounds!r}")
        rng = Rng.from_seed(seed)
        deck = [
            Card(colour, value)
            for colour in COLOURS
            for value in range(1, NUMBERS["max_value"] + 1)
            for _ in range(NUMBERS["copies"])
        ]
        rng.shuffle(deck)
        stall_colours = [COLOURS[i % len(COLOURS)] for i in range(NUMBERS["stalls"])]
        rng.shuffle(stall_colours)
        players = []
        for _ in range(seats):
            hand = [deck.pop() for _ in range(NUMBERS["hand_size"])]
            players.append(SeatState(coins=NUMBERS["start_coins"] + NUMBERS["income"], hand=hand))
        return BazaarState(
            rng=rng,
            rounds=int(rounds),
            seats=players,
            stalls=[Stall(colour=c) for c in stall_colours],
            deck=deck,
        )

    # ---- whose decision ---------------------------------------------------------------------
    def current(self, state: BazaarState) -> int | None:
        return state.order[state.turn] if state.phase == "play" else None

    def prompts(self, state: BazaarState) -> list[Prompt]:
        if state.phase == "bid":
            return [self._bid_prompt(state, s) for s, p in enumerate(state.seats) if p.bid is None]
        if state.phase == "play":
            seat = self.current(state)
            assert seat is not None
            return [self._card_prompt(state, seat)]
        return []

    def choices(self, state: BazaarState, seat: int, draft: tuple[str, ...] = ()) -> Prompt | None:
        top = self.prompt_for(state, seat)
        if top is None or not draft:
            if draft:
                raise IllegalAction(self._not_your_turn(state, seat))
            return top
        if state.phase == "bid":
            amount = self._draft_number(top, draft, "pick:")
            if len(draft) == 1:
                return self._bid_confirm_prompt(state, seat, amount)
        else:
            card = self._draft_card(state, seat, draft[0])
            if len(draft) == 1:
                return self._stall_prompt(state, seat)
            stall = self._draft_stall(state, seat, draft[1])
            if len(draft) == 2:
                return self._confirm_prompt(state, seat, card, stall)
        raise IllegalAction("That menu is not available now.")

    def _draft_number(self, top: Prompt, draft: tuple[str, ...], head: str) -> int:
        found = top.find(draft[0])
        if found is None or not draft[0].startswith(head):
            raise IllegalAction("That bid is not one you can make now.")
        return int(draft[0][len(head) :])

    def _draft_card(self, state: BazaarState, seat: int, step: str) -> Card:
        kind, _, key = step.partition(":")
        card = self._card_in_hand(state, seat, key) if kind == "card" else None
        if card is None:
            raise IllegalAction(f"You have no {key.replace('-', ' ')} in your hand.")
        return card

    def _draft_stall(self, state: BazaarState, seat: int, step: str) -> int:
        kind, _, arg = step.partition(":")
        if kind != "stall" or not arg.isdigit() or not 1 <= int(arg) <= len(state.stalls):
            raise IllegalAction(
                f"There is no stall {arg}; the stalls are numbered 1 to {len(state.stalls)}."
            )
        problem = self._cover_problem(state, seat, int(arg) - 1)
        if problem:
            raise IllegalAction(problem)
        return int(arg) - 1

    @staticmethod
    def _card_in_hand(state: BazaarState, seat: int, key: str) -> Card | None:
        return next((c for c in state.seats[seat].hand if c.key == key), None)

    def _bid_prompt(self, state: BazaarState, seat: int) -> Prompt:
        coins = state.seats[seat].coins
        top = min(coins, NUMBERS["max_bid"])
        choices = [
            Choice(f"pick:{n}", f"Bid {_coins(n)}", "Bid", step=True) for n in range(top + 1)
        ]
        text = f"Round {state.round}: bid secretly for turn order (you have {_coins(coins)})."
        return Prompt(seat, text, choices, secret=True)

    def _bid_confirm_prompt(self, state: BazaarState, seat: int, amount: int) -> Prompt:
        choices = [
            Choice(f"bid:{amount}", f"Confirm: bid {_coins(amount)}", "Confirm"),
            Choice(BACK, "Back: choose another bid", "Other", step=True),
        ]
        return Prompt(seat, "Confirm your secret bid.", choices, secret=True)

    def _card_prompt(self, state: BazaarState, seat: int) -> Prompt:
        choices: list[Choice] = []
        for card in sorted(set(state.seats[seat].hand), key=lambda c: (c.colour, c.value)):
            choices.append(Choice(f"card:{card.key}", f"Sell a {card.words()}", "Cards", step=True))
        fee = NUMBERS["pass_coins"]
        choices.append(Choice("pass", f"Pass and take {_coins(fee)}", "Other"))
        # The choices show the hand, so they are made privately (like the real titles do).
        return Prompt(seat, "Choose a card to sell, or pass.", choices, secret=True)

    def _stall_prompt(self, state: BazaarState, seat: int) -> Prompt:
        choices = [
            Choice(f"stall:{i + 1}", self._stall_place(state, i, seat), _stall_group(i), step=True)
            for i in range(len(state.stalls))
            if self._cover_problem(state, seat, i) is None
        ]
        choices.append(Choice(BACK, "Back: choose another card", "Other", step=True))
        return Prompt(seat, "Choose a stall for the card you picked.", choices, secret=True)

    def _stall_place(self, state: BazaarState, i: int, seat: int) -> str:
        stall = state.stalls[i]
        if stall.owner is None:
            return f"Stall {i + 1} ({stall.colour}, empty)"
        held = f"{self.seat_label(state, stall.owner)}'s {stall.cards[-1].words()}"
        fee = f", pay {_coins(NUMBERS['cover_fee'])}" if stall.owner != seat else ""
        return f"Stall {i + 1} ({stall.colour}, {held}){fee}"

    def _stall_label(self, state: BazaarState, i: int, card: Card, seat: int) -> str:
        stall = state.stalls[i]
        gain = f"+{_card_points(card, stall)} points"
        if stall.owner is None:
            held = "empty"
        else:
            held = f"{self.seat_label(state, stall.owner)}'s {stall.cards[-1].words()}"
            if stall.owner != seat:
                gain += f", pay {_coins(NUMBERS['cover_fee'])}"
        return f"Stall {i + 1} ({stall.colour}, {held}): {gain}"

    def _confirm_prompt(self, state: BazaarState, seat: int, card: Card, i: int) -> Prompt:
        label = f"Confirm: sell your {card.words()} at stall {i + 1}"
        label += f" ({self._stall_label(state, i, card, seat).split(': ')[1]})"
        choices = [
            Choice(f"sell:{card.key}:{i + 1}", label, "Confirm"),
            Choice(BACK, "Back: choose another stall", "Other", step=True),
        ]
        return Prompt(seat, "Confirm your sale.", choices, secret=True)

    def _cover_problem(self, state: BazaarState, seat: int, i: int) -> str | None:
        stall = state.stalls[i]
        fee = NUMBERS["cover_fee"]
        if stall.owner is not None and stall.owner != seat and state.seats[seat].coins < fee:
            owner = self.seat_label(state, stall.owner)
            return (
                f"Stall {i + 1} is held by {owner}; covering it costs {_coins(fee)} "
                f"and you have {_coins(state.seats[seat].coins)}."
            )
        return None

    # ---- applying choices -------------------------------------------------------------------
    def apply(self, state: BazaarState, seat: int, choice_id: str) -> list[Event]:
        if state.phase == "over":
            raise IllegalAction("The game is over; no more moves can be made.")
        if not 0 <= seat < len(state.seats):
            raise IllegalAction(f"There is no seat {seat + 1} in this game.")
        if self.prompt_for(state, seat) is None:
            raise IllegalAction(self._not_your_turn(state, seat))
        kind, _, arg = choice_id.partition(":")
        me = state.seats[seat]
        if state.phase == "bid":
            top = min(me.coins, NUMBERS["max_bid"])
            if kind != "bid" or not arg.isdigit() or int(arg) > top:
                raise IllegalAction(
                    f"You can bid from 0 to {_coins(top)} (you have {_coins(me.coins)}); "
                    f"{choice_id!r} is not a bid."
                )
            return self._apply_bid(state, seat, int(arg))
        if choice_id == "pass":
            return self._apply_pass(state, seat)
        if kind == "sell":
            key, _, stall = arg.partition(":")
            card = self._draft_card(state, seat, f"card:{key}")
            return self._apply_sale(
                state, seat, card, self._draft_stall(state, seat, f"stall:{stall}")
            )
        raise IllegalAction(
            f"Right now you must sell a card at a stall or pass; {choice_id!r} is not a move."
        )

    def _not_your_turn(self, state: BazaarState, seat: int) -> str:
        if state.phase == "bid":
            return "You have already bid this round; wait for the others to bid."
        current = self.current(state)
        assert current is not None
        return f"It is not your turn; {self.seat_label(state, current)} is playing."

    def _apply_bid(self, state: BazaarState, seat: int, amount: int) -> list[Event]:
        state.seats[seat].bid = amount
        done = sum(p.bid is not None for p in state.seats)
        events = [  # who bid stays private until the reveal: the public learns how many
            Event(f"Someone has placed a secret bid ({done} of {len(state.seats)} bids are in)."),
            Event(f"You bid {_coins(amount)}.", private_to=seat),
        ]
        if all(p.bid is not None for p in state.seats):
            events.extend(self._reveal_bids(state))
        return events

    def _reveal_bids(self, state: BazaarState) -> list[Event]:
        bids = [p.bid or 0 for p in state.seats]
        for p, bid in zip(state.seats, bids, strict=True):
            p.coins -= bid
        state.order = sorted(
            range(len(state.seats)), key=lambda s: (-bids[s], state.seats[s].points, s)
        )
        state.phase, state.turn = "play", 0
        state.last_action = [f"seat:{s}" for s in range(len(state.seats))]
        shown = ", ".join(f"{self.seat_label(state, s)} {b}" for s, b in enumerate(bids))
        order = ", ".join(self.seat_label(state, s) for s in state.order)
        return [Event(f"Bids revealed and paid: {shown}. Turn order: {order}.", barrier=True)]

    def _apply_pass(self, state: BazaarState, seat: int) -> list[Event]:
        state.seats[seat].coins += NUMBERS["pass_coins"]
        state.last_action = [f"seat:{seat}"]
        events = [
            Event(
                f"{self.seat_label(state, seat)} passes and takes {_coins(NUMBERS['pass_coins'])}."
            )
        ]
        return events + self._end_turn(state, seat)

    def _apply_sale(self, state: BazaarState, seat: int, card: Card, i: int) -> list[Event]:
        me, stall, name = state.seats[seat], state.stalls[i], self.seat_label(state, seat)
        me.hand.remove(card)
        text = f"{name} sells a {card.words()} at stall {i + 1} ({stall.colour})"
        state.last_action = [f"stall:{i + 1}", f"seat:{seat}"]
        if stall.owner is not None and stall.owner != seat:
            fee = NUMBERS["cover_fee"]
            me.coins -= fee
            state.seats[stall.owner].coins += fee
            text += f", paying {self.seat_label(state, stall.owner)} {_coins(fee)}"
            state.last_action.append(f"seat:{stall.owner}")
        points = _card_points(card, stall)
        me.points += points
        stall.cards.append(card)
        stall.owner = seat
        # Revealing a hidden card is a barrier: undo may not take it back.
        events = [Event(f"{text}: +{points} points.", barrier=True)]
        return events + self._end_turn(state, seat)

    def _end_turn(self, state: BazaarState, seat: int) -> list[Event]:
        name, me = self.seat_label(state, seat), state.seats[seat]
        events = []
        if not state.deck:
            events.append(Event(f"The deck is empty; {name} draws nothing."))
        elif len(me.hand) >= NUMBERS["hand_limit"]:
            events.append(Event(f"{name} holds {len(me.hand)} cards and draws nothing."))
        else:
            card = state.deck.pop(state.rng.below(len(state.deck)))
            me.hand.append(card)
            events.append(Event(f"{name} draws a card.", barrier=True))
            events.append(Event(f"You drew a {card.words()}.", private_to=seat, barrier=True))
        state.turn += 1
        if state.turn < len(state.order):
            return events
        return events + self._end_round(state)

    def _end_round(self, state: BazaarState) -> list[Event]:
        if state.round >= state.rounds:
            return self._final_scoring(state)
        state.round += 1
        state.phase, state.order, state.turn = "bid", [], 0
        for p in state.seats:
            p.bid = None
            p.coins += NUMBERS["income"]
        return [Event(f"Round {state.round} begins; every seat takes {_coins(NUMBERS['income'])}.")]

    def _final_scoring(self, state: BazaarState) -> list[Event]:
        state.phase, state.order, state.turn = "over", [], 0
        bonus = NUMBERS["stall_bonus"]
        parts = []
        for s, p in enumerate(state.seats):
            held = sum(1 for st in state.stalls if st.owner == s)
            p.points += held * bonus
            parts.append(f"{self.seat_label(state, s)} +{held * bonus}")
        return [Event("Game over. Stall bonuses: " + ", ".join(parts) + ".")]

    # ---- views and results ------------------------------------------------------------------
    def view(self, state: BazaarState, seat: int | None) -> BazaarView:
        revealed = state.phase != "bid"
        seats = [
            SeatView(
                seat=s,
                label=self.seat_label(state, s),
                coins=p.coins,
                points=p.points,
                hand_size=len(p.hand),
                has_bid=p.bid is not None,
                bid=p.bid if revealed or s == seat else None,
                hand=list(p.hand) if s == seat else None,
            )
            for s, p in enumerate(state.seats)
        ]
        stalls = [
            StallView(i + 1, st.colour, st.cards[-1] if st.cards else None, st.owner, len(st.cards))
            for i, st in enumerate(state.stalls)
        ]
        current = self.current(state)
        return BazaarView(
            viewer=seat,
            round=state.round,
            rounds=state.rounds,
            phase=state.phase,
            current=current,
            order=list(state.order),
            seats=seats,
            stalls=stalls,
            deck_size=len(state.deck),
            last_action=list(state.last_action),
        )

    def redeal(self, state: BazaarState, seat: int | None, rng: Rng) -> BazaarState:
        new = self.copy(state)
        others = [s for s in range(len(new.seats)) if s != seat]
        pool = list(new.deck) + [c for s in others for c in new.seats[s].hand]
        rng.shuffle(pool)
        for s in others:
            size = len(new.seats[s].hand)
            new.seats[s].hand, pool = pool[:size], pool[size:]
            if new.phase == "bid" and new.seats[s].bid is not None:
                new.seats[s].bid = rng.randint(0, min(new.seats[s].coins, NUMBERS["max_bid"]))
        new.deck = pool
        return new

    def result(self, state: BazaarState) -> Result | None:
        if state.phase != "over":
            return None
        key = {s: (p.points, p.coins) for s, p in enumerate(state.seats)}
        ranking = sorted(key, key=lambda s: (-key[s][0], -key[s][1], s))
        places: dict[int, int] = {}
        for pos, s in enumerate(ranking):
            prev = ranking[pos - 1] if pos else None
            places[s] = places[prev] if prev is not None and key[prev] == key[s] else pos + 1
        details = "; ".join(
            f"{places[s]}. {self.seat_label(state, s)}: {key[s][0]} points, {_coins(key[s][1])}"
            for s in ranking
        )
        return Result(
            scores={s: p.points for s, p in enumerate(state.seats)},
            ranking=ranking,
            places=places,
            details=details,
        )

    # ---- presentation -------------------------------------------------------------------------
    def seat_label(self, state: BazaarState, seat: int) -> str:
        return SEAT_NAMES[seat]

    def secret_decision(self, state: BazaarState, seat: int) -> str:
        return "bid"

    def status_line(self, state: BazaarState) -> str:
        if state.phase == "over":
            res = self.result(state)
            assert res is not None
            return f"Game over: {self.seat_label(state, res.ranking[0])} wins."
        head = f"Round {state.round}/{state.rounds}"
        if state.phase == "bid":
            waiting = [
                self.seat_label(state, s) for s, p in enumerate(state.seats) if p.bid is None
            ]
            return f"{head} · bidding · waiting for {', '.join(waiting)}"
        current = self.current(state)
        assert current is not None
        return f"{head} · {self.seat_label(state, current)} to play"

    def private_text(self, state: BazaarState, seat: int) -> str | None:
        hand = state.seats[seat].hand
        if not hand:
            return "Your hand is empty."
        cards = ", ".join(c.words() for c in sorted(hand, key=lambda c: (c.colour, c.value)))
        return f"Your hand: {cards}."

    def rules_pages(self) -> list[str]:
        n = NUMBERS
        return [
            "# Bazaar\nA test title. Merchants sell goods cards at 30 market stalls. "
            f"Everyone starts with {n['hand_size']} cards and {n['start_coins']} coins, and takes "
            f"{n['income']} coins at the start of every round. The game lasts 2-4 rounds "
            "(option `rounds`, default 3).",
            "## Bidding\nAt the start of each round every merchant secretly bids "
            f"0-{n['max_bid']} coins. When all have bid, the bids are revealed and paid to the "
            "bank. Turn order: highest bid first; ties go to the merchant with fewer points, "
            "then to the lower seat.",
            "## Your turn\n1. Choose a card from your hand, or pass and take "
            f"{n['pass_coins']} coin.\n2. Choose a stall (1-30).\n3. Confirm (or go back).\n"
            f"A card scores its value, +{n['match_bonus']} if its colour matches the stall. "
            f"Covering another merchant's card pays them {n['cover_fee']} coin. Then you draw a "
            f"card unless you hold {n['hand_limit']}.",
            "## The end\nAfter the last round each stall you hold (your card on top) scores "
            f"{n['stall_bonus']} point. Most points wins; a tie goes to more coins; "
            "still tied, the place is shared.",
        ]

    # ---- automatic player ---------------------------------------------------------------------
    def default_move(self, state: BazaarState, seat: int) -> str:
        """The default decision of an idle seat: bid nothing (`bid:0`) when bidding, and
        pass (taking the pass coin) on a turn."""
        if self.prompt_for(state, seat) is None:
            raise IllegalAction("It is not this seat's decision.")
        return "bid:0" if state.phase == "bid" else "pass"

    def bot_choice(self, state: BazaarState, seat: int, rng: Rng) -> str:
        """Random but purposeful: mostly sells, prefers well-scoring stalls."""
        if self.prompt_for(state, seat) is None:
            raise IllegalAction("It is not this seat's decision.")
        me = state.seats[seat]
        if state.phase == "bid":
            return f"bid:{rng.randint(0, min(me.coins, NUMBERS['max_bid']))}"
        cards = sorted(set(me.hand), key=lambda c: (c.colour, c.value))
        if not cards or not rng.below(10):
            return "pass"
        card = rng.choice(cards)
        stalls = [
            i for i in range(len(state.stalls)) if self._cover_problem(state, seat, i) is None
        ]

        def score(i: int) -> int:
            return _card_points(card, state.stalls[i]) * 4 + (state.stalls[i].owner is None) * 2

        best = max(score(i) for i in stalls)
        i = rng.choice([i for i in stalls if score(i) >= best - 2])
        return f"sell:{card.key}:{i + 1}"


TITLE = Bazaar()
