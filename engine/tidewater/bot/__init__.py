"""The automatic player of Tidewater Lines: `player` (the move it makes, a one-move look-ahead),
`evaluation` (every seat's estimated final score), `candidates` (its fast move lists), `fast`
(the fast paths beside the plain rule checks, for the conformance suite) and `baseline` (the
player before issue 12, frozen)."""
