"""Short rules pages for `/game rules` (each under 1800 characters)."""

PAGES = [
    """**Benares & Calcutta — overview**
You run a trading company in 18th-century Bengal. Your boat carries crates of Indigo, Silk, \
Cotton and Saltpetre from river sources to the two markets, **Benares** and **Calcutta**. \
The game has **two rounds**; each is an **Action phase** then an **Administration phase**.
Rupees sit on a **Treasury track 0–9**: whenever income passes 9 you gain a **Profit disc** and \
the marker carries on from 0. Payments move it back; discs never pay rupee costs. Discs are \
spent on the **Investment grid** in Administration; unspent discs score 1 VP each.
Setup: in reverse seat order each player puts their boat on Benares or Calcutta, then 8 cards \
are dealt to everyone. Your hand is private.""",
    """**Your turn**
Each turn you play one card into one empty space of your six-space Company board. Each space \
shows a multiplier (1,1,2,2,3,3), a company **Development** action and a company **Logistics** \
action.
• **Development play**: the card covers the company Logistics action. You may use the card's \
Development action (repeated by the space's multiplier) and the company Development action.
• **Logistics play**: the card covers the company Development action. You may use the card's \
Load/Move (its printed quantity) and the company Logistics action.
• **Skip**: put the card on any open space, ignore both actions and gain ₹3.
You choose which action goes first; each is finished completely before the other begins. \
Either may be declined. After six turns each, the Action phase ends.""",
    """**Boats, crates and sales**
**Load N**: take up to N crates from the source your boat is on, ₹1 each, hold max 4.
**Move N**: follow river connections (1 step each) or shortcuts (2–3 steps, paid from ONE \
Move action). You may not re-enter a space in the same Move, and you must keep moving while \
you can. Entering a city ends the Move: you may then sell crates there. Each crate pays your \
pawn's crate value in that city (row + 1) plus half (rounded down) of that good's marker.
**Market pawns**: each company has a Benares pawn, a Calcutta pawn and a Financial Advisor \
(rows 0–10). The Advisor pays a reward on each even row it enters: ₹2, a goods step, a city \
pawn step, a Profit disc, 3 VP. Steps past the end are lost.""",
    """**Posts, goods and Concessions**
**Trading Posts** (North/South/East/West ₹2 in that region, Regional ₹3 anywhere on the river) \
go on the rightmost open space of your 8-space Post track. Directional posts give an immediate \
bonus and 1 VP at the end; a Regional post scores 2 VP per different directional type you own.
**Goods markers** (0–8) score at the end (0,0,0,1,1,2,2,3,4) and raise sale prices. When a \
good's marker reaches the Agency column (8 − posts placed), its **Concession** triggers once: \
Indigo +1 disc +1 VP; Silk +3 VP and a goods step; Cotton ₹5 +1 VP; Saltpetre Advisor +2, +1 VP.""",
    """**Administration and scoring**
A. **Market adjustment**: on each track the highest pawns drop 2 rows, other pawns on rows 3+ \
drop 1 (only if the top row is 3 or more). Advisors pushed down earn nothing.
B. **Investment**: from the first player clockwise, buy one cell (1/2/3 discs for levels \
I/II/III, in order within a sector) or pass for good. First buyers of level II/III get bonus VP.
C. After round 1: boards cleared, hands discarded, sources refilled, all cards reshuffled and \
dealt; the first player moves one seat left.
**Final score**: VP from play + posts + goods lanes + 1 per unspent disc. Ties: more rupees, \
then more posts, else shared.""",
]
