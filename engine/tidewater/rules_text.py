"""The rules pages for `/game rules`, every number taken from the rules data (spec section 20)."""

from __future__ import annotations

from engine.tidewater import names as nm
from engine.tidewater.data import Rules, rules_for


def _num_word(n: int) -> str:
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    return words[n] if 0 <= n < len(words) else str(n)


def _signed(n: int) -> str:
    return "same" if n == 0 else f"{n:+d}"


def rules_pages(r: Rules) -> list[str]:
    """The rules pages, with every number taken from the rules data (spec section 20)."""
    lines = ", ".join(r.cinfo[c]["name"].split()[0] for c in r.companies)
    costs = set(r.cost.values()) | {r.nav_per_point}
    each = f"{nm.time(costs.pop())} each" if len(costs) == 1 else "time costs vary"
    inv = [s for s in r.slots if s.kind == "investment"]
    inv_ids = [str(r.slot_index[s.id] + 1) for s in inv]
    inv_where = ", ".join(inv_ids[:-1]) + f" or {inv_ids[-1]}" if len(inv_ids) > 1 else inv_ids[0]
    prices = ",".join(map(str, r.prices))
    markets = ", ".join(r.place_names[p] for p in r.market_ports)
    bonus = "; ".join(f"+{b} at the {r.place_names[p]}" for p, b in r.port_bonus.items() if b)
    half_players = [n for n in range(r.min_players, r.max_players + 1) if r.halfway_enabled(n)]
    if len(half_players) > 1:
        half_who = f"With {half_players[0]}-{half_players[-1]} players"
    elif half_players:
        half_who = f"With {half_players[0]} players"
    else:  # data without a halfway trigger at any player count
        half_who = "With no player count"
    wages = "/".join(str(b["wage"]) for b in r.wage_bands if b["wage"])
    opts = r.dividend_options
    effects = ", ".join(f"{d} -> {_signed(r.dividend_effect[d])}" for d in opts)
    rounds = _num_word(r.rounds)
    return [
        f"""**Tidewater Lines: overview**
{r.min_players}-{r.max_players} investors trade shares in {_num_word(len(r.companies))} \
container lines ({lines}). The player with \
the most shares of a line is its CEO. Time is the currency of actions: every action moves your \
disc along a circular Time Track of {r.steps} steps. {rounds[0].upper() + rounds[1:]} rounds; the \
richest player wins.
**Score** = your credits + shares held × stock value. Ties: more credits, then more shares.""",
        """**Turns on the Time Track**
The disc furthest behind acts (on a shared space, the top disc). Each action moves your disc first, \
then resolves. While you are still last you must act again; once you are not last you may stop. \
If a move carries you strictly past the leading disc, your turn ends at once. You can never pass \
Start: reaching it exactly gives you a last chance for free actions (Done ends your round).""",
        f"""**Actions ({each})**
Load a container (ship at a company port takes one from that hex). Produce (draw from the bag to \
its company hex, max {r.hex_cap}). Navigation points: place (shareholder) or move (CEO only) \
1-{r.nav_max_points} points, {nm.time(r.nav_per_point)} each, paid from the company treasury. \
Funding (+{nm.credits(r.funding_credits)}). Invest (put a disc on ship \
slot {inv_where} for {"/".join(str(s.cost) for s in inv)} credits; you earn \
{r.investor_fee} per container later delivered from it). Advertise (swap two \
adjacent demand markers). Buy and/or sell one share (price = stock value; selling drops it by \
{-r.sell_effect}).""",
        f"""**Ships (free actions)**
Ships load at the coloured company ports (Red port...) and deliver at the markets \
({markets}). Shareholders operate their line's ship: Set Sail once per window along sea hexes holding the \
line's navigation points to any other port; Deliver once per market arrival: each container is \
priced by the frontmost demand marker of its colour ({prices}; {bonus}), which then \
moves to the back; money goes to the line's treasury. Dump returns containers to the bag.""",
        f"""**Production and payout**
{half_who} the first disc to reach step {r.halfway} triggers production: the display containers \
go to their company hexes (max {r.hex_cap}, excess back to the bag), then the display refills. \
When the first disc reaches Start (after its free actions): production again, then every line is \
paid in stock-market order: no CEO -> stock {r.no_ceo_effect:+d}. Otherwise the CEO takes the \
wage ({wages} by stock) if the treasury can pay it (else stock {r.unpaid_wage_effect:+d}), then \
picks a dividend {opts[0]}-{opts[-1]} per share: {effects}.""",
    ]


RULES_PAGES = rules_pages(rules_for(()))
