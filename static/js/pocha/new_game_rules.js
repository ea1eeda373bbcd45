// The phone's copy of the new-game form (games/forms.py): the form's fields read as the server reads them, into
// the game's names, first dealer, preset and rules, or the refusals the server would give, field by field. What it
// reads the form with (every preset's rules, each option's control and bounds, every refusal's words in the page's
// language) is the page's data (#new-game-data, games/new_game_data.py): nothing of it is written here.
// tests/phone/test_new_game_rules.py reads random forms both ways and finds no difference.
import { Refusal, render } from "./refusals.js";
import { schedule } from "./schedule.js";

// Python's str.split() and str.strip() whitespace, and the control characters tidy_name drops
// (storage/player_names.py).
var SPACES = /[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
var EDGES = /^[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
var CONTROLS = /[\x00-\x1f\x7f-\x9f]/g;
// One character as Python counts them: a surrogate pair is one.
var CHARACTER = /[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g;

function format(text, params) {
  return text.replace(/%\(([a-z_]+)\)s/g, function (whole, key) {
    return Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : whole;
  });
}

function words(text) { return text.split(SPACES).filter(function (word) { return word !== ""; }); }

function strip(text) { return text.replace(EDGES, ""); }

function characters(text) { return text.match(CHARACTER) || []; }

// Python's str.casefold() for the names a table types: the full upper case, then the lower.
function folded(text) { return text.toUpperCase().toLowerCase(); }

// A typed name with its spaces tidied and no control characters (player_names.tidy_name).
export function tidyName(text) {
  return words(text || "").map(function (word) { return word.replace(CONTROLS, ""); })
    .filter(function (word) { return word !== ""; }).join(" ");
}

// The whole number `text` spells in ASCII digits, spaces around allowed; else null (form_numbers.whole_number).
function wholeNumber(text, maxDigits) {
  var digits = strip(text);
  if (!digits || digits.length > maxDigits || !/^[0-9]+$/.test(digits)) return null;
  return parseInt(digits, 10);
}

// The names' check (player_names.check_names): the first refusal, or null.
function namesRefusal(names, data) {
  var said = data.messages, seen = {}, i;
  for (i = 0; i < names.length; i++) {
    var letters = characters(names[i]);
    if (letters.length > data.name_max) {
      return format(said.too_long, { name: letters.slice(0, data.name_max).join(""), max: data.name_max });
    }
  }
  if (names.length < data.players.low || names.length > data.players.high) return said.players;
  for (i = 0; i < names.length; i++) {
    var key = folded(names[i]);
    if (Object.prototype.hasOwnProperty.call(seen, key)) return format(said.repeated, { name: names[i] });
    seen[key] = true;
  }
  return null;
}

// The hand sizes typed as «1 2 3 3 2 1» (forms._sizes): {sizes} or {refusal}.
function sizesOf(text, data) {
  var parts = words(text.replace(/,/g, " ")), sizes = [];
  if (parts.length > data.most_hands) return { refusal: format(data.messages.too_many_hands, { max: data.most_hands }) };
  for (var i = 0; i < parts.length; i++) {
    var size = wholeNumber(parts[i], 2);
    if (size === null) return { refusal: data.messages.not_sizes };
    sizes.push(size);
  }
  return { sizes: sizes };
}

function offered(option, value) { return value === "" || option.values.indexOf(value) >= 0; }

// One option's field read and checked as the form's field does: {value} (null for «según las reglas») or
// {errors}. The special hands' fields are read with the rules (chosenSpecials).
function optionField(option, fields, data) {
  var text = fields[option.name] === undefined ? "" : String(fields[option.name]);
  if (option.control === "flag" || option.control === "choice") {
    if (!offered(option, text)) return { errors: [data.messages.not_a_choice] };
    if (text === "") return { value: null };
    return { value: option.control === "flag" ? text === "1" : text };
  }
  if (option.control === "number") {
    if (!strip(text)) return { value: null };
    var number = wholeNumber(text, data.max_digits), errors = [];
    if (number === null) errors.push(data.messages.not_whole);
    if (number === null || number < option.low || number > option.high) {
      errors.push(format(data.messages.number_range, { min: option.low, max: option.high }));
    }
    return errors.length ? { errors: errors } : { value: number };
  }
  if (option.control === "hand_list") {
    if (!strip(text)) return { value: null };
    var read = sizesOf(text, data);
    return read.refusal ? { errors: [read.refusal] } : { value: read.sizes };
  }
  return { value: null };
}

// The special hands switched on, each where it is played (NewGameForm.chosen_specials): {value} or {refusal}.
function chosenSpecials(option, fields, data) {
  var specials = [];
  for (var i = 0; i < option.fields.length; i++) {
    var kind = option.fields[i];
    var where = strip(fields[kind] === undefined ? "" : String(fields[kind])).toLowerCase();
    if (!where) continue;
    var number = wholeNumber(where, 3);
    if (data.at_the_end.indexOf(where) >= 0 || number === 0) specials.push({ kind: kind, at: null });
    else if (number !== null) specials.push({ kind: kind, at: number });
    else return { refusal: format(data.messages.not_a_place, { kind: option.kinds[kind] }) };
  }
  return { value: specials.length ? specials : null };
}

// What the rules' own checks say of a value the form let through (engine/options.py, engine/rules.py: each
// control's check), or null.
function ruleRefusal(option, value, data) {
  if (value === null) return null;
  if (option.control === "number" && (value < option.low || value > option.high)) return option.refusal;
  if (option.control === "hand_list") {
    if (value.length < 1 || value.length > data.most_hands) return option.how_many;
    if (value.some(function (size) { return size < 1; })) return option.no_cards;
  }
  if (option.control === "places") {
    var places = value.filter(function (special) { return special.at !== null; }).map(function (special) { return special.at; });
    if (places.some(function (at) { return at < 1; })) return option.from_one;
    if (places.some(function (at, i) { return places.indexOf(at) !== i; })) return option.same_hand;
  }
  return null;
}

// The form's `fields` (name -> the text sent, as the page's form would send it) read with the page's `data`:
// {names, dealer ("azar" or a seat), preset, rules} for a game the server would start, else {errors} (field ->
// its refusals) or {refusal} (what the rules say: the form shows it under «Más opciones»).
export function readForm(fields, data) {
  var errors = {}, names = [], i;
  for (i = 0; i < data.players.entries; i++) {
    var name = tidyName(fields["names-" + i] === undefined ? "" : String(fields["names-" + i]));
    if (name) names.push(name);
  }
  var refused = namesRefusal(names, data);
  if (refused) errors.names = [refused];
  var dealer = fields.first_dealer === undefined ? data.random_dealer : String(fields.first_dealer);
  var seat = wholeNumber(dealer, 1);
  if (dealer !== data.random_dealer && !(seat !== null && seat < names.length)) errors.first_dealer = [data.messages.choose_dealer];
  var preset = fields.preset === undefined ? data.default_preset : String(fields.preset);
  if (!Object.prototype.hasOwnProperty.call(data.presets, preset)) errors.preset = [data.messages.not_a_choice];
  var chosen = {};
  data.options.forEach(function (option) {
    var read = optionField(option, fields, data);
    if (read.errors) errors[option.name] = read.errors;
    else chosen[option.name] = read.value;
  });
  if (Object.keys(errors).length) return { errors: errors };

  var rules = JSON.parse(JSON.stringify(data.presets[preset]));
  for (i = 0; i < data.options.length; i++) {
    var option = data.options[i];
    if (option.control === "places") {
      var specials = chosenSpecials(option, fields, data);
      if (specials.refusal) return { refusal: specials.refusal };
      chosen[option.name] = specials.value;
    }
    if (chosen[option.name] !== null) rules[option.name] = chosen[option.name];
  }
  var byName = {};
  data.options.forEach(function (option) { byName[option.name] = option; });
  for (i = 0; i < data.rules_order.length; i++) {
    var about = byName[data.rules_order[i]];
    var said = about ? ruleRefusal(about, rules[about.name], data) : null;
    if (said) return { refusal: said };
  }
  try {
    schedule(names.length, 0, rules, data); // the rules make a game for this table (NewGameForm.check_rules)
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { refusal: render(error, function (msgid) { return data.texts[msgid] || msgid; }) };
  }
  return { names: names, dealer: dealer === data.random_dealer ? dealer : seat, preset: preset, rules: rules };
}

// The card of the game `read` (readForm's) whose first dealer is `seat`, before any hand (engine/game_card.py:
// game_card): what the game page keeps score from, on this phone until the server has the game.
export function firstCard(read, seat, data) {
  var plans = schedule(read.names.length, seat, read.rules, data), rules = {};
  data.phone_options.forEach(function (name) { rules[name] = read.rules[name]; });
  rules.multipliers = data.multipliers[read.rules.multipliers];
  rules.max_renuncios = data.max_renuncios;
  return {
    format: 1, version: 0, players: read.names.slice(), first_dealer: seat, rules: rules, schedule: plans, saved: [],
    hand: { plan: plans[0], steps: [] }
  };
}
