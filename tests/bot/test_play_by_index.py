"""A button whose choice id is too long for its custom id carries the choice's index: the
service finds it on the menu it reads for the move (the public top menu, or the private menu
the button was on), and an index the menu no longer has is an out-of-date button."""

from __future__ import annotations

import pytest

from bot.errors import StaleError
from bot.results import Outcome, Step
from bot.service.drafts import fingerprint
from tests.bot.test_service import ANA, BEN, CHAN, new_game, user_of


async def test_an_index_plays_the_choice_at_that_index_of_the_menu(service):
    await new_game(service, players=(ANA, BEN))
    out = await service.start(CHAN, ANA)
    prompt = out.prompts[0]
    user = user_of(out, prompt.seat)
    last = len(prompt.choices) - 1
    with pytest.raises(StaleError):
        await service.act_in_game(out.game.id, user, "", out.game.version, index=last + 1)
    done = await service.act_in_game(out.game.id, user, "", out.game.version, index=last)
    expected = prompt.choices[last]
    if isinstance(done, Outcome):
        assert done.chosen == expected.label
    else:  # a step: the private menu it leads to, by index too
        assert expected.step
        sub = done.prompt
        done = await service.act_in_game(
            out.game.id, user, "", menu=fingerprint(sub), index=len(sub.choices) - 1
        )
        while isinstance(done, Step):
            done = await service.act_in_game(
                out.game.id, user, "", menu=fingerprint(done.prompt), index=0
            )
    assert isinstance(done, Outcome) and done.game.version == out.game.version + 1
