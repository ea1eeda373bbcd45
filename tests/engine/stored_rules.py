"""Rules as Pocha stored them before the tie and la pocha options existed: the dicts old games keep."""

from __future__ import annotations

from typing import Any

# The rules of each preset exactly as Pocha stored them before misses_break_ties, pocha_multiplied
# and extra_hand_only_tied existed (Rules().to_dict() had these 17 keys).
STORED_BEFORE: dict[str, dict[str, Any]] = {
    "clasica": {
        "opening_ones": "full_turn", "climb": True, "max_hands": None, "descend": True, "closing_ones": "full_turn",
        "custom_sizes": None, "specials": [], "forbidden_in_one_card_hands": True, "exact_base": 10,
        "exact_per_trick": 5, "miss_per_trick": 5, "multipliers": "none", "pocha_bonus": False, "pocha_points": 100,
        "pocha_min_cards": 5, "renuncio_penalty": 50, "tie_break": "all_cards",
    },
    "corta": {
        "opening_ones": "single", "climb": True, "max_hands": None, "descend": True, "closing_ones": "single",
        "custom_sizes": None, "specials": [], "forbidden_in_one_card_hands": True, "exact_base": 10,
        "exact_per_trick": 5, "miss_per_trick": 5, "multipliers": "none", "pocha_bonus": False, "pocha_points": 100,
        "pocha_min_cards": 5, "renuncio_penalty": 50, "tie_break": "all_cards",
    },
    "ludoteka": {
        "opening_ones": "single", "climb": True, "max_hands": None, "descend": True, "closing_ones": "single",
        "custom_sizes": None, "specials": [], "forbidden_in_one_card_hands": False, "exact_base": 10,
        "exact_per_trick": 5, "miss_per_trick": 5, "multipliers": "none", "pocha_bonus": False, "pocha_points": 100,
        "pocha_min_cards": 5, "renuncio_penalty": 50, "tie_break": "one_card",
    },
    "ludoteka_subir": {
        "opening_ones": "single", "climb": True, "max_hands": None, "descend": False, "closing_ones": "none",
        "custom_sizes": None, "specials": [], "forbidden_in_one_card_hands": False, "exact_base": 10,
        "exact_per_trick": 5, "miss_per_trick": 5, "multipliers": "none", "pocha_bonus": False, "pocha_points": 100,
        "pocha_min_cards": 5, "renuncio_penalty": 50, "tie_break": "one_card",
    },
    "ludoteka_maximo": {
        "opening_ones": "none", "climb": False, "max_hands": None, "descend": False, "closing_ones": "none",
        "custom_sizes": None, "specials": [], "forbidden_in_one_card_hands": False, "exact_base": 10,
        "exact_per_trick": 5, "miss_per_trick": 5, "multipliers": "none", "pocha_bonus": False, "pocha_points": 100,
        "pocha_min_cards": 5, "renuncio_penalty": 50, "tie_break": "one_card",
    },
}
