"""The rules pages for `/game rules`, numbers taken from the data table."""

from __future__ import annotations

from tests.titles.bazaar.data import NUMBERS


def rules_pages() -> list[str]:
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
