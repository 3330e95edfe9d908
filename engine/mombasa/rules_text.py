"""The short Markdown rules pages for `/game rules` (spec sections 0.3, 7-10, 19), numbers
taken from the data."""

from __future__ import annotations

from engine.mombasa.data import data


def rules_pages() -> list[str]:
    d = data()
    return [
        "**Mombasa — overview**\n"
        "You invest in four chartered companies that belong to nobody: **Mombasa, Cape Town, "
        "Saint-Louis and Cairo**. Goods cards buy new cards and move your markers up the company "
        "tracks (shares). Expansion cards spread a company's trading posts over Africa, uncovering "
        "coins on its base (its share value). Bookkeepers and diamond merchants advance your two "
        f"personal tracks; bonus markers claim bonus spaces. The game lasts **{d.rounds} rounds**; "
        "each has a planning, an action and a preparation phase. Most pounds at the end wins; "
        "ties share the victory.",
        "**Setup and planning**\n"
        f"Everyone starts with £{d.starting_money}, 2 bonus markers, slots 2, 3 and 4 unlocked and "
        "10 cards. You are dealt 2 starting tiles and secretly keep one: it becomes your first book "
        "and locks 3 of your cards in the discard piles above slots 2-4.\n"
        "**Planning** (all at once, in secret): put cards from your hand into your unlocked slots, "
        "one per slot, as many as you like, step by step in your private menu; a held bonus tile "
        "must go into your action area with a face of your choice. Confirming is final. Others see "
        "only who has planned. When the last player confirms, every plan is revealed at once.",
        "**Action phase**\n"
        "From the start player, in seat order, each player who has not passed takes ONE action:\n"
        "• **Goods**: use face-up goods cards of one good; buy up to 1 display card (crates + "
        "column modifier) and move up company tracks with the units left.\n"
        "• **Expand**: use all your face-up expansion cards to place one company's posts. The "
        "menus name each area by the number on its disc on the map, its name and its reward.\n"
        "• **Bookkeeper** / **Diamond merchant**: use one such card.\n"
        "• **Bonus marker**: place one on a free bonus space and take its reward.\n"
        "• **Pass**: no more turns this round.\n"
        "Used cards turn face down but keep counting. When passing is all you can do, the game "
        "passes for you. A track bonus unlocked now works from your next turn.",
        "**Preparation and the end**\n"
        "Everyone chooses at once, openly, one of their 5 discard piles that holds cards and "
        "takes all its cards into hand. Then every card in your slots goes onto the pile above it, bonus markers come "
        "back, used bonus tiles go back to their spaces, the card display discards its right "
        "column, slides right and refills, and the book display refills.\n"
        f"After round {d.rounds}'s action phase the game ends. Score = cash + for each company "
        "(track shares + share cards) × share value + your diamond track value + your bookkeeping "
        "track value.",
    ]
