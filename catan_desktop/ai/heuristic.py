"""The computer opponents: easy, normal and hard.

Every decision starts from ``game.observation(seat)`` (see ``knowledge``): the bot samples a world that
matches what the seat knows and evaluates candidate actions on copies of that world. The action itself is
always one of ``game.legal_actions()`` — the list the UI uses — or, for domestic offers and counter-offers,
an offer the engine accepts (``game.is_legal``).

- **easy** plays the evaluation loosely: any action within a margin of the best may be picked, it never
  proposes trades with other players and does not guard against feeding the leader.
- **normal** plays the best action by the evaluation, one step at a time, trades with other players
  when one card is missing for a build, and refuses to help a player close to winning.
- **hard** searches: it plans whole sequences of its turn (trade, then build, then buy), looks ahead at
  the other players' founding picks before placing its first settlement, and weighs the opponents more.
  It stops searching when its think-time budget is spent.

``HeuristicBot`` decides here, from its parts: ``heuristic_core`` (its state and the value of an action
or a hand), ``heuristic_trade`` (offers, answers, partners, market payments), ``heuristic_search``
(the hard level's turn planner and founding look-ahead), ``addons`` (the Frenemies favours and gifts
and the Helpers cards, valued by ``addons_value``) and ``scenarios`` (the scenario maps' canal tokens; chips
and red-path harbours are valued by ``scenarios_value``).
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, Game
from ..engine.any_game import kind_of
from .addons import ADDON_PHASES, AddonPlayer
from .budget import Budget
from .dice_bot import DiceBot
from .dois_trade import MarketTrader
from .evaluate import PIPS
from .heuristic_core import LEVELS
from .heuristic_search import Planner
from .heuristic_trade import MAX_TRADES_PER_TURN, TRADE_KINDS, Trader, trades_this_turn
from .knowledge import sample_world
from .scenarios import SCENARIO_PHASES, ScenarioPlayer

# kind of game (engine.any_game.KINDS) -> the player of each level for it: (level, seed, think_time) -> bot
KIND_PLAYERS: dict[str, Any] = {DiceBot.KIND: DiceBot}
SEARCH_LEVELS = ("hard", "expert")  # the levels that plan their turns and their founding by search


class HeuristicBot(Trader, MarketTrader, Planner, ScenarioPlayer, AddonPlayer):
    """A computer player of a given level (``easy``, ``normal`` or ``hard``).

    ``choose(game, seat)`` returns an action; after a trade answer, an offer or a partner choice,
    ``last_reason`` holds a short sentence the UI can show ("I need brick"). ``think_time`` caps the
    seconds the hard level spends on one decision.
    """

    # ----------------------------------------------------------------------------------------- entry

    def choose(self, game: Game, seat: int) -> Action:
        """Return the action for ``seat`` (the seat to act) in ``game``; ``last_reason`` explains trades."""
        self.last_reason = None
        other = self._player_for(kind_of(game))
        if other is not None:  # another kind of game (the Catan Dice Game): its own player at this level
            return other.choose(game, seat)
        self.budget = Budget(self.think_time, self.clock_time)
        self.fit_weights(game)
        legal = game.legal_actions()
        if not legal:
            raise ValueError("no legal action to choose from")
        obs = game.observation(seat)
        self.tracker.update(obs, game.rules)
        if len(legal) == 1 and obs["phase"] not in ("trade_offer",):
            return legal[0]
        self._knowledge = (game.rules, obs, game.options)  # for more sampled worlds (heuristic_search)
        world = sample_world(game.rules, obs, self.tracker, self.rng, game.options)
        phase = obs["phase"]
        if phase == "trade_offer":
            return self._answer(world, seat, legal, obs)
        if phase == "trade_confirm":
            return self._confirm(world, seat, legal)
        if phase == "discard":
            return self._discard(world, seat, obs)
        if phase == "robber":
            return self._robber(world, seat, legal)
        if phase in ADDON_PHASES:
            return self._addon_phase(world, seat, legal, obs)
        if phase in SCENARIO_PHASES:
            return self._scenario_phase(world, seat, legal, obs)
        if phase == "setup_settlement" and self.level in SEARCH_LEVELS:
            return self._hard_founding(world, seat, legal)
        full = legal
        if phase in ("roll", "main") and world.s.modules:
            legal = self._turn_moves(legal, phase)
        if phase == "main":
            action = self._main(game, world, seat, legal, obs)
            if action.kind == "end":  # Frenemies: a surplus card to a player behind, first
                action = self._maybe_gift(world, seat, full) or action
            return action
        return self._best(world, seat, [a for a in legal if a.kind != "offer"] or legal)

    def _player_for(self, kind: str) -> Any:
        """This bot's player for a kind of game other than the board game (``KIND_PLAYERS``: made on first
        use, seeded from this bot's RNG), or None for the board game, which it plays itself."""
        make = KIND_PLAYERS.get(kind)
        if make is None:
            return None
        players = self.__dict__.setdefault("_kind_players", {})
        if kind not in players:
            players[kind] = make(self.level, self.rng.randrange(2**31), self.think_time)
        return players[kind]

    def _main(self, game: Game, world: Game, seat: int, legal: list[Action], obs: dict[str, Any]) -> Action:
        """A move of the main phase: a trade offer, the hard level's planned move, or the best by value."""
        if trades_this_turn(obs, seat) >= MAX_TRADES_PER_TURN:  # no endless swapping with bank/market
            legal = [a for a in legal if a.kind not in TRADE_KINDS] or legal
        else:
            legal = self._market_moves(game, world, seat, legal, obs)  # Catan a Dois's market (dois_trade)
        canal = self._maybe_canal_offer(game, world, seat, obs)  # the Erie Canal's tokens (S-5.4)
        if canal is not None:
            return canal
        offer = self._maybe_offer(world, seat, obs)
        if offer is not None and game.is_legal(offer):
            return offer
        if self.level in SEARCH_LEVELS:
            return self._plan_turn(world, seat, legal)
        return self._best(world, seat, [a for a in legal if a.kind != "offer"] or legal)


__all__ = ["HeuristicBot", "LEVELS", "PIPS"]
