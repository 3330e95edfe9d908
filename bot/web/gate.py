"""Who may see a table page: the token read, the game found, its server's switch, its
spectators setting and (a personal link) the person's standing in it. Every refusal is a page
that says what to do, and none tells whether another game exists."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service import GameService
from bot.service.web_tables import ASK, CLOSED, WebGame
from bot.web.tables import Reader
from bot.web.tokens import Pass, Signer

NO_TABLE = "There is no table at this address. /game web in the game's channel gives its link."
EXPIRED = (
    "This personal link has expired. /game web link:mine in the game's channel sends you a new one."
)
REVOKED = (
    "This personal link was revoked. /game web link:mine in the game's channel sends you a new one."
)
TURNED_OFF = "A moderator has turned this server's game pages off."
CLOSED_TEXT = "This game is closed to spectators, so it has no public page."
ASK_TEXT = (
    "This game's players choose who watches: ask with /game watch in its channel; once let "
    "in, /game web link:mine sends you your own link."
)
NOT_YOURS = "This game's spectators need a player's yes first: ask with /game watch in Discord."
NOT_STARTED = "The table appears here once the game starts."


@dataclass(frozen=True)
class Refusal:
    status: int
    title: str
    text: str


@dataclass(frozen=True)
class Admitted:
    game: WebGame
    reader: Reader
    personal: bool


async def admit(service: GameService, signer: Signer, token: str, now: float) -> Admitted | Refusal:
    """Let the token's bearer in, or say why not."""
    given = signer.read(token, now)
    if given is None:
        if signer.expired(token, now):
            return Refusal(410, "Link expired", EXPIRED)
        return Refusal(404, "No table here", NO_TABLE)
    game = await service.web_game(given.game_id)
    if game is None:
        return Refusal(404, "No table here", NO_TABLE)
    if not game.pages_on:
        return Refusal(403, "Pages turned off", TURNED_OFF)
    if given.personal:
        return await _personal(service, game, given)
    setting = game.info.spectators
    if setting == CLOSED:
        return Refusal(404, "No public page", CLOSED_TEXT)
    if setting == ASK:
        return Refusal(403, "Spectators by invitation", ASK_TEXT)
    return _started(Admitted(game, Reader(), False))


async def _personal(service: GameService, game: WebGame, given: Pass) -> Admitted | Refusal:
    user = given.user_id
    assert user is not None
    if await service.web_links(user) != given.links:
        return Refusal(403, "Link revoked", REVOKED)
    if game.seated(user):
        return _started(Admitted(game, Reader(user, seated=True), True))
    if game.info.spectators == CLOSED:
        return Refusal(403, "Closed to spectators", CLOSED_TEXT)
    if not await service.may_watch(game.info.id, user):
        return Refusal(403, "Spectators by invitation", NOT_YOURS)
    return _started(Admitted(game, Reader(user), True))


def _started(admitted: Admitted) -> Admitted | Refusal:
    if admitted.game.info.status not in ("running", "finished"):
        return Refusal(404, "Not started", NOT_STARTED)
    return admitted
