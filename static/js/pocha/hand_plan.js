// One hand of the schedule as the game's card writes it (engine/game_card.py: plan_card), planned on the phone as
// engine/schedule.py plans it (plan_hand, extra_hand): the deal passes one seat each hand, la mano bids first and the
// dealer last. The game page plans its extra hands with it (hand_rules.js), the whole schedule is planned with it
// (schedule.js); tests/phone/ checks both against the engine. `tables` is what the page's data carries from the
// engine: `max_cards`, the most cards each player holds by the players at the table, and `fixed_trumps`, the trump
// each kind of hand sets (engine/game_card.py: max_cards_by_table, fixed_trumps_by_kind). No dependencies.

// Hand `number` (from 1) of `cards` cards and of kind `kind`, at a table of `players` whose first dealer is
// `firstDealer`.
export function planHand(players, firstDealer, number, cards, kind, tables) {
  var dealer = (firstDealer + number - 1) % players, order = [];
  for (var i = 1; i <= players; i++) order.push((dealer + i) % players);
  var fixed = tables.fixed_trumps[kind];
  return {
    number: number, cards: cards, dealer: dealer, mano: order[0], order: order, kind: kind,
    fixed_trump: fixed === undefined ? null : fixed, deals_every_card: cards === tables.max_cards[players],
    extra: kind === "desempate"
  };
}

// The extra hand played as hand `number` while first place is tied after the schedule: every card or one, as the
// rules' `tie_break` says.
export function extraHand(players, firstDealer, number, rules, tables) {
  var cards = rules.tie_break === "all_cards" ? tables.max_cards[players] : 1;
  return planHand(players, firstDealer, number, cards, "desempate", tables);
}
