"""Words for the add-on games' engine codes: Frenemies' guilds and favours (RULES.md Part A) and the Helpers'
cards (Part H). Merged into the refusal reasons (``reasons.REASONS``) and the card names; the guild names
are the Portuguese manual's (Mercador, Comerciante, Calceteiro, Professor, Arquiteto)."""

from __future__ import annotations

from ..i18n import N_

GUILD_NAMES = {
    "merchant": N_("Merchant"),
    "trader": N_("Trader"),
    "paver": N_("Paver"),
    "teacher": N_("Teacher"),
    "architect": N_("Architect"),
}
GUILDS = tuple(GUILD_NAMES)  # A-1.1's guild table, in its order (the engine's frenemies_state.GUILDS)

HELPER_NAMES = {  # helpers_of_catan_2014.json's card titles, shortened to what the card does
    "forced_trade": N_("Forced Trade"),
    "road_assistance": N_("Road Assistance"),
    "resource_balance": N_("Resource Balance"),
    "move_road": N_("Move a Road"),
    "seven_protection": N_("Protection from the 7"),
    "development_help": N_("Development Help"),
    "robber_to_desert": N_("Robber to the Desert"),
    "free_port": N_("Free Port"),
    "swords_to_plowshares": N_("Swords to Plowshares"),
    "alms": N_("Alms"),
}

ADDON_REASONS: dict[str, str] = {
    # Frenemies (A-3.2 gifts, A-5 and A-6 favours)
    "gift_once_a_turn": N_("you have already given a card this turn"),
    "gift_to_other": N_("give the card to another player"),
    "gift_same_card": N_("after a refusal you may offer only the same card ({res}) again"),
    "gift_refused_already": N_("player {player} has already refused a gift this turn"),
    "gift_vp_higher": N_("player {player} shows more victory points than you ({vp} to {yours})"),
    "gift_no_cards": N_("you have no resource card to give"),
    "gift_nobody": N_("nobody can take a gift now: each shows more points than you or has refused"),
    "favour_unknown_guild": N_("there is no guild called {guild}"),
    "favour_once_a_turn": N_("you have already used or exchanged a favour this turn"),
    "favour_tokens": N_("the {guild} favour needs {need} tokens of its guild; you can use {have}"),
    "favour_no_tokens": N_("you have no favour token from an earlier turn"),
    "favour_no_chips": N_("no Catan chips are left"),
    "favour_supply_empty": N_("the favour supply is empty"),
    "merchant_no_swaps": N_("you have no merchant's swap left this turn"),
    "favour_return_held": N_("return one of the favour tokens you hold"),
    "favour_order_owed": N_("first choose who draws their favour tokens first"),
    # Helpers (H-3, H-4, each card's own conditions)
    "helper_not_held": N_("you do not hold {card}"),
    "helper_taken_this_turn": N_("a helper cannot be used in the turn it was taken"),
    "helper_used_this_turn": N_("you have already used your helper this turn"),
    "helper_not_in_special_build": N_("helpers are not used in the special building phase"),
    "helper_not_now": N_("{card} cannot be used now"),
    "helper_must_swap": N_("a helper used on side B must be swapped"),
    "helper_not_in_display": N_("{card} is not among the helpers on display"),
    "helper_choice_not_offered": N_("that choice is not offered"),
    "helper_forced_trade_rule": N_("ask one or two other players for a resource, before you build"),
    "helper_cannot_pay": N_("you cannot pay for that with one card exchanged"),
    "helper_no_road_to_move": N_("none of your roads has an open end to move"),
    "helper_robber_on_desert": N_("the robber is already in the desert"),
    "helper_no_knight": N_("you have no knight to lay down"),
    "helper_plowshares_rule": N_("lay down a knight to pay for a settlement or a city"),
    "helper_alms_rule": N_("take a card only from a player who shows more points than you"),
}
