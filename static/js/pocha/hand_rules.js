// The phone's copy of the hand (scorekeeper/engine/ is the authority): the game's card (engine/game_card.py) read, and
// every tap of the game page applied to it at once, refused with the engine's own message template and values where
// the engine refuses it. It gives what the page shows between the server's answers: the stage and whose turn, the
// dealer's forbidden bid and its reason, the bids, the tricks and the last player's fill-in, what each player would
// score, the sheet's totals and standings after a saved hand, and the next hand. tests/phone/ plays it against the
// engine on random games. The game page imports it, and Node.js runs it as it is.
import { extraHand } from "./hand_plan.js";
import { N_, message, refuse } from "./refusals.js";

var NO_TRUMP = "-";

// --- numbers ---------------------------------------------------------------------------------------------

function isWhole(value) { return typeof value === "number" && Math.floor(value) === value && isFinite(value); }

function isCount(value, top) { return isWhole(value) && value >= 0 && (top === undefined || top === null || value <= top); }

function mod(a, n) { return ((a % n) + n) % n; }

function sum(values) { return values.reduce(function (total, v) { return total + (v === null ? 0 : v); }, 0); }

function withValue(values, seat, value) {
  var copy = values.slice();
  copy[seat] = value;
  return copy;
}

// --- bids (engine/bidding.py) ------------------------------------------------------------------------------

var FORBIDDEN = N_("%(name)s no puede pedir %(bid)s: la suma sería %(cards)s de %(cards)s");

function forbiddenApplies(rules, cards) { return cards !== 1 || rules.forbidden_in_one_card_hands; }

function forbiddenBidFor(cards, earlier, rules) {
  if (!forbiddenApplies(rules, cards)) return null;
  var left = cards - sum(earlier);
  return left >= 0 && left <= cards ? left : null;
}

function auctionWinner(offers, dealer) {
  var players = offers.length, best = Math.max.apply(null, offers), winner = null;
  for (var seat = 0; seat < players; seat++) {
    if (offers[seat] !== best) continue;
    if (winner === null || mod(seat - dealer - 1, players) < mod(winner - dealer - 1, players)) winner = seat;
  }
  var rebid = [];
  for (var i = 1; i < players; i++) rebid.push((winner + i) % players);
  return { winner: winner, bid: best, rebid: rebid };
}

function allOffers(offers) {
  if (offers === null || offers.indexOf(null) >= 0) return null;
  return offers;
}

// --- scoring (engine/scoring.py) ---------------------------------------------------------------------------

function points(rules, cards, trump, bid, tricks, renuncios) {
  var multiplier = rules.multipliers[trump === null ? NO_TRUMP : trump];
  var penalty = (renuncios || 0) * rules.renuncio_penalty;
  if (bid !== tricks) return -rules.miss_per_trick * Math.abs(bid - tricks) * multiplier - penalty;
  if (rules.pocha_bonus && bid === cards && cards >= rules.pocha_min_cards) {
    return rules.pocha_points * (rules.pocha_multiplied ? multiplier : 1) - penalty;
  }
  return (rules.exact_base + rules.exact_per_trick * tricks) * multiplier - penalty;
}

// --- tricks (engine/records.py) ----------------------------------------------------------------------------

function checkTricks(cards, tricks) {
  for (var seat = 0; seat < tricks.length; seat++) {
    if (tricks[seat] !== null && !isCount(tricks[seat], cards)) {
      refuse("RecordError", N_("Las bazas de cada jugador van de 0 a %(cards)s"), { cards: cards }, seat);
    }
  }
  var known = tricks.filter(function (won) { return won !== null; });
  var total = sum(known);
  if (total > cards || (known.length === tricks.length && total !== cards)) {
    refuse("RecordError", N_("Las bazas suman %(total)s y en esta mano hay %(cards)s"), { total: total, cards: cards });
  }
}

function tricksLeftOf(cards, tricks) { return cards - sum(tricks); }

function fillTricks(cards, tricks) {
  checkTricks(cards, tricks);
  var missing = [];
  tricks.forEach(function (won, seat) { if (won === null) missing.push(seat); });
  var left = tricksLeftOf(cards, tricks);
  if (!missing.length || (missing.length > 1 && left > 0)) return tricks.slice();
  var filled = tricks.slice();
  missing.forEach(function (seat) { filled[seat] = missing.length === 1 ? left : 0; });
  return filled;
}

// --- the hand in play (engine/hand_in_play.py) ------------------------------------------------------------

// A hand of the schedule as the card has it: number, cards, dealer, mano, order, kind, fixed_trump...
function Hand(plan, rules, names, values) {
  this.plan = plan;
  this.rules = rules;
  this.names = names;
  this.trumpSaid = values.trumpSaid;
  this.trump = values.trump; // a suit letter, or null: no trump (or not said yet: see trumpSaid)
  this.offers = values.offers;
  this.bids = values.bids;
  this.tricks = values.tricks;
  this.renuncios = values.renuncios;
  this.last = values.last || null;
  this.previous = values.previous || null;
}

function players(plan) { return plan.order.length; }

function trumpFixed(plan) { return plan.fixed_trump !== null && plan.fixed_trump !== undefined; }

function startHand(plan, rules, names) {
  var n = players(plan), empty = [];
  for (var i = 0; i < n; i++) empty.push(null);
  var zeros = empty.map(function () { return 0; });
  return new Hand(plan, rules, names || [], {
    trumpSaid: trumpFixed(plan),
    trump: plan.fixed_trump === NO_TRUMP || !trumpFixed(plan) ? null : plan.fixed_trump,
    offers: plan.kind === "subastado" ? empty.slice() : null,
    bids: empty.slice(),
    tricks: empty.slice(),
    renuncios: zeros
  });
}

Hand.prototype.then = function (step, changes) {
  var values = {
    trumpSaid: this.trumpSaid, trump: this.trump, offers: this.offers, bids: this.bids,
    tricks: this.tricks, renuncios: this.renuncios, last: step, previous: this
  };
  for (var key in changes) if (Object.prototype.hasOwnProperty.call(changes, key)) values[key] = changes[key];
  return new Hand(this.plan, this.rules, this.names, values);
};

Hand.prototype.name = function (seat) {
  return seat >= 0 && seat < this.names.length ? this.names[seat] : String(seat + 1);
};

Hand.prototype.auction = function () {
  var offers = allOffers(this.offers);
  return offers !== null ? auctionWinner(offers, this.plan.dealer) : null;
};

Hand.prototype.order = function () {
  var offers = allOffers(this.offers);
  if (this.plan.kind === "subastado" && offers !== null) {
    var won = auctionWinner(offers, this.plan.dealer);
    return [won.winner].concat(won.rebid);
  }
  return this.plan.order.slice();
};

Hand.prototype.leader = function () { return this.order()[0]; };

Hand.prototype.tricksFilled = function () { return fillTricks(this.plan.cards, this.tricks); };

Hand.prototype.stage = function () {
  if (this.offers !== null && this.offers.indexOf(null) >= 0) return "auction";
  if (!this.trumpSaid) return "trump";
  if (this.bids.indexOf(null) >= 0) return "bids";
  return this.tricksFilled().indexOf(null) >= 0 ? "tricks" : "ready";
};

Hand.prototype.nextSeat = function () {
  var stage = this.stage(), self = this, seats;
  if (stage === "auction") {
    seats = this.plan.order.filter(function (seat) { return self.offers[seat] === null; });
    return seats[0];
  }
  if (stage === "trump") {
    var won = this.auction();
    return won !== null ? won.winner : null;
  }
  if (stage === "bids") {
    seats = this.order().filter(function (seat) { return self.bids[seat] === null; });
    return seats[0];
  }
  return null;
};

Hand.prototype.bidsSaid = function () {
  var self = this;
  return this.order().map(function (seat) { return self.bids[seat]; }).filter(function (b) { return b !== null; });
};

Hand.prototype.bidTotal = function () { return sum(this.bidsSaid()); };

Hand.prototype.unbid = function () { return Math.max(0, this.plan.cards - this.bidTotal()); };

Hand.prototype.overbid = function () { return Math.max(0, this.bidTotal() - this.plan.cards); };

Hand.prototype.forbidden = function () {
  var seat = this.nextSeat(), order = this.order();
  if (this.stage() !== "bids" || seat !== order[order.length - 1]) return null;
  return forbiddenBidFor(this.plan.cards, this.bidsSaid(), this.rules);
};

Hand.prototype.forbiddenReason = function () {
  var bid = this.forbidden(), seat = this.nextSeat();
  if (bid === null || seat === null) return null;
  return message(FORBIDDEN, { name: this.name(seat), bid: bid, cards: this.plan.cards });
};

Hand.prototype.tricksLeft = function () { return tricksLeftOf(this.plan.cards, this.tricks); };

Hand.prototype.takingTricks = function () {
  var stage = this.stage();
  return stage === "tricks" || stage === "ready";
};

Hand.prototype.wouldScore = function (seat) {
  var bid = this.bids[seat];
  if (bid === null || !this.trumpSaid) return null;
  var taken = this.takingTricks() ? this.tricksFilled()[seat] : null;
  return points(this.rules, this.plan.cards, this.trump, bid, taken === null ? bid : taken, this.renuncios[seat]);
};

Hand.prototype.steps = function () {
  var said = [];
  for (var hand = this; hand !== null && hand.last !== null; hand = hand.previous) said.push(hand.last);
  return said.reverse();
};

// The finished hand for the sheet (the last tricks filled in); refused while something is missing.
Hand.prototype.record = function () {
  var stage = this.stage(), self = this;
  if (stage === "auction" || stage === "trump" || stage === "bids") {
    refuse("RecordError", N_("Faltan la pinta o alguna apuesta"));
  }
  var filled = this.tricksFilled();
  if (filled.indexOf(null) >= 0) {
    var missing = [];
    filled.forEach(function (won, seat) { if (won === null) missing.push(self.name(seat)); });
    refuse("RecordError", N_("Faltan las bazas de %(names)s"), { names: missing.join(", ") });
  }
  return {
    trump: this.trump === null ? NO_TRUMP : this.trump,
    bids: this.bids.slice(),
    tricks: filled,
    renuncios: this.renuncios.slice(),
    auction: this.offers !== null ? this.offers.slice() : null
  };
};

// --- steps ---------------------------------------------------------------------------------------------------

Hand.prototype.checkSeat = function (seat) {
  if (!isWhole(seat) || seat < 0 || seat >= players(this.plan)) {
    refuse("RecordError", N_("Ese jugador no está en la partida"));
  }
};

Hand.prototype.apply = function (step) {
  var kind = step[0], seat = step[1], value = step[2];
  if (kind === "trump") {
    if (typeof value !== "string") refuse("RecordError", N_("Un paso de la mano no se entiende"));
    return this.chooseTrump(value);
  }
  if (seat === null || seat === undefined || !isWhole(value)) {
    refuse("RecordError", N_("Un paso de la mano no se entiende"));
  }
  if (kind === "offer") return this.offer(seat, value);
  if (kind === "bid") return this.bid(seat, value);
  if (kind === "tricks") return this.takeTricks(seat, value);
  if (kind === "renuncios") return this.setRenuncios(seat, value);
  return refuse("RecordError", N_("Un paso de la mano no se entiende"));
};

Hand.prototype.offer = function (seat, tricks) {
  this.checkSeat(seat);
  if (this.offers === null) refuse("TurnError", N_("Solo hay subasta en el subastado"));
  var said = this.offers[seat];
  if (said === tricks) return this;
  if (said !== null) {
    refuse("AlreadySaidError", N_("%(name)s ya ha ofrecido %(value)s"), { name: this.name(seat), value: said }, seat);
  }
  if (this.stage() !== "auction") refuse("TurnError", N_("La subasta ya ha terminado"));
  if (seat !== this.nextSeat()) refuse("TurnError", N_("Ahora no le toca a ese jugador"));
  var offers = withValue(this.offers, seat, tricks);
  var cards = this.plan.cards;
  if (!offers.every(function (o) { return isCount(o === null ? 0 : o, cards); })) {
    refuse("RecordError", N_("En la subasta se piden de 0 a %(cards)s bazas"), { cards: cards });
  }
  return this.then(["offer", seat, tricks], { offers: offers });
};

// The trump in notation (a suit letter; "-": no trump).
Hand.prototype.chooseTrump = function (code) {
  var trump = code === NO_TRUMP ? null : code;
  if (this.trumpSaid && this.trump === trump) return this;
  if (this.stage() === "auction") refuse("TurnError", N_("Primero, la subasta"));
  if (trumpFixed(this.plan)) refuse("RecordError", N_("En esta mano la pinta ya está fijada"));
  var won = this.auction();
  var bidByOthers = this.bids.some(function (b, seat) { return b !== null && (won === null || seat !== won.winner); });
  if (bidByOthers) refuse("TurnError", N_("Ya hay apuestas: deshazlas para cambiar la pinta"));
  if (trump === null) refuse("RecordError", N_("Falta la pinta de la mano %(number)s"), { number: this.plan.number });
  var bids = won !== null ? withValue(this.bids, won.winner, won.bid) : this.bids;
  return this.then(["trump", null, code], { trumpSaid: true, trump: trump, bids: bids });
};

Hand.prototype.bid = function (seat, tricks) {
  this.checkSeat(seat);
  var said = this.bids[seat];
  if (said === tricks) return this;
  if (said !== null) {
    refuse("AlreadySaidError", N_("%(name)s ya ha pedido %(value)s"), { name: this.name(seat), value: said }, seat);
  }
  if (this.stage() !== "bids") refuse("TurnError", N_("Ahora no se apuesta"));
  var waiting = this.nextSeat();
  if (seat !== waiting) refuse("TurnError", N_("Ahora le toca apostar a %(name)s"), { name: this.name(waiting) }, waiting);
  var cards = this.plan.cards, order = this.order(), name = this.name(seat);
  if (!isCount(tricks, cards)) {
    refuse("BidError", N_("%(name)s: la apuesta debe ser de 0 a %(cards)s bazas"), { name: name, cards: cards }, seat);
  }
  if (seat === order[order.length - 1] && tricks === forbiddenBidFor(cards, this.bidsSaid(), this.rules)) {
    refuse("ForbiddenBidError", FORBIDDEN, { name: name, bid: tricks, cards: cards }, seat);
  }
  return this.then(["bid", seat, tricks], { bids: withValue(this.bids, seat, tricks) });
};

Hand.prototype.takeTricks = function (seat, tricks) {
  this.checkSeat(seat);
  if (!this.takingTricks()) refuse("TurnError", N_("Faltan apuestas antes de apuntar las bazas"));
  if (this.tricks[seat] === tricks) return this;
  var now = withValue(this.tricks, seat, tricks);
  fillTricks(this.plan.cards, now);
  return this.then(["tricks", seat, tricks], { tricks: now });
};

Hand.prototype.setRenuncios = function (seat, count) {
  this.checkSeat(seat);
  if (!isCount(count, this.rules.max_renuncios)) {
    refuse("RecordError", N_("Los renuncios son de 0 a %(top)s por jugador y mano"), { top: this.rules.max_renuncios });
  }
  if (this.renuncios[seat] === count) return this;
  return this.then(["renuncios", seat, count], { renuncios: withValue(this.renuncios, seat, count) });
};

Hand.prototype.undo = function () { return this.previous !== null ? this.previous : this; };

function replayHand(plan, rules, steps, names) {
  var hand = startHand(plan, rules, names);
  (steps || []).forEach(function (step) { hand = hand.apply(step); });
  return hand;
}

// --- the sheet (engine/sheet.py, engine/standings.py) ------------------------------------------------------

function compareKeys(a, b) {
  for (var i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i][0] !== b[i][0]) return a[i][0] - b[i][0];
    if (a[i][1] !== b[i][1]) return a[i][1] - b[i][1];
  }
  return a.length - b.length;
}

// Rank every seat by the first tally (the end of the schedule), then each later tally (after an extra hand)
// ranks again only the seats still tied for first.
function standingsAfter(tallies, missesBreakTies) {
  var n = tallies[0][0].length, seats = [], keys = [], seat;
  for (seat = 0; seat < n; seat++) { seats.push(seat); keys.push([]); }
  var group = seats.slice(), compared = group, rounds = 0;
  for (var t = 0; t < tallies.length; t++) {
    if (rounds && group.length < 2) break;
    compared = group;
    compared.forEach(function (s) { keys[s].push([-tallies[t][0][s], missesBreakTies ? tallies[t][1][s] : 0]); });
    rounds += 1;
    var best = null;
    compared.forEach(function (s) { if (best === null || compareKeys(keys[s], best) < 0) best = keys[s]; });
    group = compared.filter(function (s) { return compareKeys(keys[s], best) === 0; });
  }
  var last = tallies[rounds - 1];
  var order = seats.slice().sort(function (a, b) { return compareKeys(keys[a], keys[b]) || a - b; });
  var places = [];
  order.forEach(function (s, rank) {
    var before = places[places.length - 1];
    var position = before && compareKeys(keys[s], keys[before.seat]) === 0 ? before.position : rank + 1;
    places.push({ seat: s, total: last[0][s], missed: last[1][s], position: position });
  });
  var first = places.filter(function (p) { return p.position === 1; }).map(function (p) { return p.seat; });
  var tiedCompared = places.filter(function (p) { return compared.indexOf(p.seat) >= 0; });
  var top = Math.max.apply(null, tiedCompared.map(function (p) { return p.total; }));
  var tiedOnPoints = tiedCompared.filter(function (p) { return p.total === top; }).map(function (p) { return p.seat; });
  return {
    places: places,
    firstPlaces: first,
    firstPlace: first.length === 1 ? first[0] : null,
    extraHands: rounds - 1,
    tiedOnPoints: tiedOnPoints,
    decidedByMisses: missesBreakTies && tiedOnPoints.length > 1 && first.length === 1,
    decidedByExtraHands: rounds - 1 > 0 && first.length === 1,
    needsExtraHand: first.length > 1
  };
}

function standingsNow(rules, tallies, totals, missed) {
  if (!tallies.length || !rules.extra_hand_only_tied) return standingsAfter([[totals, missed]], rules.misses_break_ties);
  return standingsAfter(tallies, rules.misses_break_ties);
}

function countedSeats(rules, table) {
  if (!table.needsExtraHand) return [];
  if (!rules.extra_hand_only_tied) return table.places.map(function (p) { return p.seat; }).sort(function (a, b) { return a - b; });
  return table.firstPlaces.slice().sort(function (a, b) { return a - b; });
}

// The sheet of `card` with `records` saved (the card's own, then the phone's): rows, totals, missed bids,
// standings and the hand to play next (`tables`: the page's data an extra hand is planned with, hand_plan.js).
function scoreSheet(card, records, tables) {
  var rules = card.rules, plans = card.schedule, n = card.players.length;
  var totals = [], missed = [], tallies = [], rows = [], s;
  for (s = 0; s < n; s++) { totals.push(0); missed.push(0); }
  records.forEach(function (record, index) {
    var number = index + 1, plan, counted = [];
    if (number <= plans.length) {
      plan = plans[number - 1];
      for (s = 0; s < n; s++) counted.push(true);
    } else {
      plan = extraHand(n, card.first_dealer, number, rules, tables);
      var seats = countedSeats(rules, standingsNow(rules, tallies, totals, missed));
      for (s = 0; s < n; s++) counted.push(seats.indexOf(s) >= 0);
    }
    var scored = [], hand = [], penalties = [];
    for (s = 0; s < n; s++) {
      scored.push(points(rules, plan.cards, record.trump, record.bids[s], record.tricks[s], record.renuncios[s]));
      if (counted[s]) {
        totals[s] += scored[s];
        missed[s] += record.bids[s] !== record.tricks[s] ? 1 : 0;
      }
      hand.push(counted[s] ? scored[s] : 0);
      penalties.push(counted[s] ? record.renuncios[s] * rules.renuncio_penalty : 0);
    }
    rows.push({
      plan: plan, record: record, points: hand, totals: totals.slice(), scored: scored, counted: counted,
      penalties: penalties, needed: counted.some(function (c) { return c; })
    });
    if (number >= plans.length && counted.some(function (c) { return c; })) tallies.push([totals.slice(), missed.slice()]);
  });
  var table = standingsNow(rules, tallies, totals, missed);
  var played = rows.length, next = null;
  if (played < plans.length) next = { number: played + 1, plan: plans[played], extra: false };
  else if (table.needsExtraHand) {
    next = { number: played + 1, plan: extraHand(n, card.first_dealer, played + 1, rules, tables), extra: true };
  }
  var playing = next !== null && next.extra ? countedSeats(rules, table) : [];
  return {
    rows: rows, totals: totals, missed: missed, standings: table, next: next, finished: next === null,
    winner: next === null ? table.firstPlace : null, playingForFirst: playing,
    unneeded: rows.filter(function (row) { return !row.needed; }).map(function (row) { return row.plan.number; }),
    handsTotal: Math.max(plans.length, rows.length + (next !== null ? 1 : 0))
  };
}

// --- the game: the card, the hands saved since and the hand in play ----------------------------------------

function Game(card, saved, hand, sheet, tables) {
  this.card = card; // the card it started from
  this.saved = saved; // every saved hand: the card's, then the ones saved on this phone
  this.hand = hand; // the hand in play, or null: no hand is played any more (the game is over, or was left)
  this.sheet = sheet;
  this.tables = tables; // the page's data hands are planned with (hand_plan.js)
}

// The game the card describes (`tables`: the page's data hands are planned with, hand_plan.js).
function fromCard(card, tables) {
  var saved = (card.saved || []).map(function (record) { return recordOf(record, card.players.length); });
  var hand = card.hand ? replayHand(card.hand.plan, card.rules, card.hand.steps, card.players) : null;
  return new Game(card, saved, hand, scoreSheet(card, saved, tables), tables);
}

function recordOf(record, n) {
  var renuncios = record.renuncios && record.renuncios.length ? record.renuncios.slice() : [];
  while (renuncios.length < n) renuncios.push(0);
  return {
    trump: record.trump, bids: record.bids.slice(), tricks: record.tricks.slice(), renuncios: renuncios,
    auction: record.auction ? record.auction.slice() : null
  };
}

// The hand a tap for hand `number` is meant for (as games/taps.py: hand_for).
Game.prototype.handFor = function (number) {
  if (this.hand === null) refuse("GameFinishedError", N_("La partida ya ha terminado"));
  if (number !== this.hand.plan.number) {
    refuse("StaleHandError", N_("Esa pantalla era de la mano %(old)s; ahora se juega la mano %(number)s"),
      { old: number, number: this.hand.plan.number });
  }
  return this.hand;
};

// A tap of the game page (the contract's: action, hand, seat, value) applied: the game after it, the same game
// when it changes nothing (the same tap twice), or a Refusal thrown with the engine's message.
Game.prototype.apply = function (tap) {
  if (tap.action === "save") return this.save(tap.hand);
  var hand = this.handFor(tap.hand), after;
  if (tap.action === "undo") after = hand.undo();
  else if (tap.action === "trump") after = hand.apply(["trump", null, tap.value]);
  else if (tap.action === "offer") after = hand.apply(["offer", tap.seat, tap.value]);
  else if (tap.action === "bid") after = hand.apply(["bid", tap.seat, tap.value]);
  else if (tap.action === "tricks") after = hand.apply(["tricks", tap.seat, tap.value]);
  else if (tap.action === "renuncios") after = hand.apply(["renuncios", tap.seat, tap.value]);
  else refuse("RecordError", N_("Un paso de la mano no se entiende"));
  return after === hand ? this : new Game(this.card, this.saved, after, this.sheet, this.tables);
};

// Close the hand: its record (the last tricks filled in) goes on the sheet, and the next hand starts: the
// schedule's, or an extra hand while first place is tied after it, planned here (as games/taps.py: save_hand).
Game.prototype.save = function (number) {
  if (number >= 1 && number <= this.saved.length) {
    refuse("StaleHandError", N_("La mano %(number)s ya estaba guardada"), { number: number });
  }
  var hand = this.handFor(number);
  var record = hand.record();
  var saved = this.saved.concat([record]);
  var sheet = scoreSheet(this.card, saved, this.tables);
  var next = sheet.next !== null ? startHand(sheet.next.plan, this.card.rules, this.card.players) : null;
  return new Game(this.card, saved, next, sheet, this.tables);
};

// The card of this game as it stands, for the server's version `version`: what the phone keeps.
Game.prototype.toCard = function (version) {
  var card = {}, key;
  for (key in this.card) if (Object.prototype.hasOwnProperty.call(this.card, key)) card[key] = this.card[key];
  card.version = version;
  card.saved = this.saved.map(function (record) { return recordOf(record, record.bids.length); });
  card.hand = this.hand !== null ? { plan: this.hand.plan, steps: this.hand.steps() } : null;
  return card;
};

export { NO_TRUMP, fromCard };
