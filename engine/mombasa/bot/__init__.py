"""The automatic player of Mombasa: `player` (the move it makes, from what its seat may see),
`evaluation` (a cheap estimate of a seat's final score), `plan` (the planning phase),
`candidates` (its candidate moves of the action phase) and `fast` (the menus' shortcuts beside
the long way, for the conformance suite)."""
