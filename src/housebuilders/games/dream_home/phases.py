"""Dream Home's phases: what a seat is asked now, and the rulebook section of each."""

from __future__ import annotations

DISCARD = "discard"  # 2-3 players: the first player discards a column
MEGAPHONE = "megaphone"  # holders of a Megaphone may play first this round (Q16)
TAKE = "take"  # a player chooses a column
PLACE = "place"  # he places the room card he took
DECOR = "decor"  # he places the decor token of the decor card he took
ROOFER = "roofer"  # the end: the Roofer's owner may take a discarded roof card
SUPPLIER = "supplier"  # then the Supplier's owner may exchange a card (Q13), or use the
# Handyman first if he holds it too
HANDYMAN = "handyman"  # then the Handyman's owner may swap two cards (Q14)
SUPPLIER_AFTER = "supplier-after"  # the Supplier, its owner having used the Handyman first
OVER = "over"

SECTIONS = {
    DISCARD: "Rule Changes For 2-3 Players",
    MEGAPHONE: "Tool Cards",
    TAKE: "Game Play",
    PLACE: "Placing Room Cards",
    DECOR: "Decor Cards",
    ROOFER: "Helper Cards",
    SUPPLIER: "End of the Game",
    HANDYMAN: "End of the Game",
    SUPPLIER_AFTER: "End of the Game",
    OVER: "End of the Game",
}

#: what the acting seat is asked to do in each phase, as a refusal says it
ASKED = {
    DISCARD: "discard one column's pair of cards before the round's turns",
    MEGAPHONE: "say whether you use your Megaphone to play first this round",
    TAKE: "choose a column to take",
    PLACE: "place your room card in your home",
    DECOR: "place the decor token on a room of your home",
    ROOFER: "take a discarded roof card with the Roofer, or none",
    SUPPLIER: "exchange a card of your home for a discarded room card with the Supplier, or none",
    HANDYMAN: "swap two cards of your home with the Handyman, or none",
    SUPPLIER_AFTER: "exchange a card of your home for a discarded room card with the "
    "Supplier, or none (the Handyman used first)",
    OVER: "wait: the game is over",
}
