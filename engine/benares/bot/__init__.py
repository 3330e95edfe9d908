"""The automatic player of Benares & Calcutta: `player` (the move it makes, a one-turn search),
`evaluation` (what a position is worth), `plan` (what the rest of the hand is worth),
`candidates` (its fast move lists), `fast` (those lists beside the option builders, for the
conformance suite) and `baseline` (the player before issue 12, frozen)."""
