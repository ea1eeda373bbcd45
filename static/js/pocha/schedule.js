// The phone's copy of the schedule (engine/schedule.py is the authority), for a phone that starts a game itself:
// from a game's rules (as Rules.to_dict gives them: engine/rules.py), the players and the first dealer, every hand
// of the game as the card writes it (engine/game_card.py: plan_card), or a Refusal with the engine's own message
// template and values where the engine refuses. `tables` is what the page's data carries from the engine (the most
// cards by table, the trump each kind of hand sets: hand_plan.js). The extra hands after the schedule are
// hand_plan.js's extraHand. tests/phone/test_phone_schedule.py checks it against the engine.
import { planHand } from "./hand_plan.js";
import { N_, refuse } from "./refusals.js";

// The number of players as the engine's check_players takes it: one of the tables the page's data knows.
function checkPlayers(players, tables) {
  var known = Object.keys(tables.max_cards).map(Number);
  if (typeof players !== "number" || known.indexOf(players) < 0) {
    refuse("RulesError", N_("La pocha se juega de %(low)s a %(high)s jugadores"),
      { low: Math.min.apply(null, known), high: Math.max.apply(null, known) });
  }
}

function ones(count, players) {
  var hands = [];
  var many = count === "full_turn" ? players : count === "single" ? 1 : 0;
  for (var i = 0; i < many; i++) hands.push(1);
  return hands;
}

function range(from, to, step) {
  var numbers = [];
  for (var n = from; step > 0 ? n < to : n > to; n += step) numbers.push(n);
  return numbers;
}

// Cards each player gets, hand by hand, before the special hands are added (engine/schedule.py: hand_sizes).
export function handSizes(players, rules, tables) {
  checkPlayers(players, tables);
  var top = tables.max_cards[players], custom = rules.custom_sizes;
  if (custom !== null && custom !== undefined) {
    var tooBig = custom.filter(function (cards) { return cards > top; });
    if (tooBig.length) {
      refuse("RulesError", N_("Con %(players)s jugadores se reparten como mucho %(top)s cartas, no %(cards)s"),
        { players: players, top: top, cards: tooBig[0] });
    }
    return custom.slice();
  }
  var atTop = rules.max_hands === null || rules.max_hands === undefined ? players : rules.max_hands;
  var sizes = ones(rules.opening_ones, players).concat(rules.climb ? range(2, top, 1) : []);
  for (var i = 0; i < atTop; i++) sizes.push(top);
  if (rules.descend) sizes = sizes.concat(range(top - 1, 1, -1), ones(rules.closing_ones, players));
  if (!sizes.length) refuse("RulesError", N_("La partida no tiene ninguna mano"));
  return sizes;
}

// The special hands placed: each replaces a scheduled hand, or is appended (`sizes` grows). The kind of each hand.
function kinds(sizes, players, rules, tables) {
  var top = tables.max_cards[players], scheduled = sizes.length, kind = [];
  for (var i = 0; i < scheduled; i++) kind.push("normal");
  (rules.specials || []).forEach(function (special) {
    var at = special.at;
    if (at === null || at === undefined) {
      sizes.push(special.kind === "indias" ? 1 : top);
      kind.push(special.kind);
      return;
    }
    if (at > scheduled) {
      refuse("RulesError", N_("La partida solo tiene %(count)s manos: no hay mano %(number)s"),
        { count: scheduled, number: at });
    }
    var cards = sizes[at - 1];
    if (special.kind === "indias" && cards !== 1) {
      refuse("RulesError", N_("Las indias se juegan con una carta: la mano %(number)s tiene %(cards)s"),
        { number: at, cards: cards });
    }
    if (special.kind === "subastado" && cards !== top) {
      refuse("RulesError", N_("El subastado se juega con todas las cartas: la mano %(number)s tiene %(cards)s"),
        { number: at, cards: cards });
    }
    kind[at - 1] = special.kind;
  });
  return kind;
}

// Every hand of the game for `players` seats, the first dealt by seat `firstDealer` (engine/schedule.py: schedule).
export function schedule(players, firstDealer, rules, tables) {
  checkPlayers(players, tables);
  if (range(0, players, 1).indexOf(firstDealer) < 0) {
    refuse("RulesError", N_("El primero en repartir debe ser uno de los jugadores"));
  }
  var sizes = handSizes(players, rules, tables), kind = kinds(sizes, players, rules, tables);
  return sizes.map(function (cards, i) { return planHand(players, firstDealer, i + 1, cards, kind[i], tables); });
}

// The scheduled hands of `plans` (a card's schedule) planned again for a table whose first dealer is `firstDealer`:
// the same cards and kinds, the deal passed on from another seat (la revancha's schedule, game/phone_rematch.js).
export function replanned(plans, firstDealer, tables) {
  return plans.filter(function (plan) { return !plan.extra; }).map(function (plan) {
    return planHand(plan.order.length, firstDealer, plan.number, plan.cards, plan.kind, tables);
  });
}
