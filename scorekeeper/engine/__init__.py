"""The rules of la pocha as a pure library: cards, rules, schedule, bids, play, scoring, standings, simulation, odds."""

from .bidding import (
    AuctionResult,
    auction_winner,
    check_bid,
    check_bids,
    forbidden_bid,
    forbidden_bid_for,
    forbidden_reason,
)
from .cards import (
    NO_TRUMP,
    CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ORDER,
    Card,
    Suit,
    cards_text,
    check_players,
    deck,
    max_cards,
    parse_cards,
    sorted_hand,
    trump_code,
    trump_of,
)
from .errors import (
    BidError,
    ForbiddenBidError,
    IllegalPlayError,
    InvalidCardError,
    Message,
    PochaError,
    RecordError,
    RulesError,
)
from .hand_in_play import AlreadySaidError, HandInPlay, Stage, Step, TurnError, said_steps
from .odds import DEFAULT_DEALS, TrickOdds, trick_odds
from .play import Deal, Ruling, TrickState, check_play, deal_cards, legal_plays, ruling, trick_winner
from .practice import Practice, practice_hand
from .referee import check_hand, check_table, referee
from .rules import CUSTOM_PRESET, PRESETS, HandKind, Multipliers, Ones, Preset, Rules, Special, TieBreak, preset_rules
from .schedule import HandPlan, extra_hand, hand_sizes, plan_hand, schedule
from .scoring import hand_points, points, renuncio_points
from .sheet import (
    MAX_RENUNCIOS,
    HandRecord,
    ScoreSheet,
    SheetRow,
    bid_order,
    check_auction,
    check_record,
    check_tricks,
    check_trump,
    fill_tricks,
    hand_plan,
    leader,
    score_sheet,
    tricks_left,
)
from .simulate import HandLog, PlayRecord, TrickRecord, bot_bid, expected_tricks, simulate_hand
from .standings import Place, Standings, standings, standings_after_extra_hands

__all__ = [
    "AlreadySaidError", "HandInPlay", "Stage", "Step", "TurnError", "said_steps",
    "AuctionResult", "BidError", "CARDS", "CUSTOM_PRESET", "Card", "DEFAULT_DEALS", "Deal", "ForbiddenBidError", "HandKind",
    "HandLog", "HandPlan", "HandRecord", "IllegalPlayError", "InvalidCardError", "MAX_PLAYERS", "MAX_RENUNCIOS", "MIN_PLAYERS", "NO_TRUMP",
    "Message", "Multipliers", "ORDER", "Ones", "PRESETS", "Place", "PlayRecord", "PochaError", "Practice", "Preset",
    "RecordError", "Ruling", "Rules", "RulesError", "ScoreSheet", "SheetRow", "Special", "Standings", "Suit",
    "TieBreak", "TrickOdds", "TrickRecord", "TrickState", "auction_winner", "bid_order", "bot_bid", "cards_text",
    "check_auction", "check_bid", "check_bids", "check_hand", "check_play", "check_players", "check_record", "check_tricks",
    "check_table", "check_trump", "deal_cards",
    "deck", "expected_tricks", "extra_hand", "fill_tricks", "forbidden_bid", "forbidden_bid_for", "forbidden_reason", "hand_plan",
    "hand_points",
    "hand_sizes", "leader", "legal_plays", "max_cards", "parse_cards", "plan_hand", "points", "practice_hand", "preset_rules",
    "referee", "renuncio_points", "ruling", "schedule", "score_sheet", "simulate_hand", "sorted_hand", "standings", "standings_after_extra_hands", "trick_odds", "trick_winner", "trump_code", "trump_of", "tricks_left",
]
