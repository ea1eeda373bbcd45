// The hand panel (#mano) and the standings strip (#resumen) drawn on the phone from its copy of the game
// (js/pocha/hand_rules.js), the same markup the server draws for the same state: templates/games/_hand.html,
// _hand_header.html, _hand_players.html and _strip.html, which this file follows line by line (a browser test
// compares the two). Its words come from the page (js/pocha/phone_texts.js).
import { NO_TRUMP } from "./hand_rules.js";
import { render } from "./refusals.js";
import { gettext as _, ngettext, page, translate } from "./phone_texts.js";

var SUITS = ["O", "C", "E", "B"];

function esc(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&#34;").replace(/'/g, "&#39;");
}

function attr(name, value) { return " " + name + "=\"" + esc(value) + "\""; }

// labels/game_words.py: a trump's name, a kind of hand's name and what makes it special, in the page's language
// (the page carries them: games/_phone_page.html).
function label(group, key, otherwise) {
  var said = ((page().labels || {})[group] || {})[key];
  return typeof said === "string" ? said : otherwise;
}

function trumpLabel(code) { return label("trumps", code, code); }

function kindLabel(kind) { return label("kinds", kind, kind); }

function kindHelp(kind) { return label("kind_help", kind, ""); }

// _icons.html: the star that marks la mano (read out with `label`, else decoration).
function manoMark(label) {
  var star = page().star || "";
  if (label) star = star.replace(/ aria-hidden="true"/, attr("role", "img") + attr("aria-label", label));
  return "<span class=\"mano-mark\">" + star + "</span>";
}

// _hand_players.html's who: a name, the part that tells it from another's never cut (the page's row_names);
// `read` false: screen readers skip it.
function who(view, seat, read) {
  var parts = (page().row_names || [])[seat] || [view.names[seat], ""];
  return "<span class=\"who\"" + (read === false ? " id=\"quien-" + seat + "\" aria-hidden=\"true\"" : "") + ">" + (parts[1] ? "<span class=\"who-head\">" +
    esc(parts[0]) + "</span><span class=\"who-tail\">" + esc(parts[1]) + "</span>" : esc(parts[0])) + "</span>";
}

// _hand_players.html's whole_name: the button over a row's line that shows a name it may cut whole.
function wholeName(view, seat) {
  return "<details class=\"whole-name row-name\"><summary aria-labelledby=\"quien-" + seat + "\"></summary>" +
    "<span class=\"name-shown\" aria-hidden=\"true\">" + esc(view.names[seat]) + "</span></details>";
}

function signed(points) {
  return points > 0 ? "+" + points : points < 0 ? "\u2212" + -points : "0";
}

// --- _hand.html's macros -------------------------------------------------------------------------------

// A form of one tap: where it posts, the tap it is (data-action), the hand, and the seat, the version and what the page shows where they count.
function tapForm(view, action, options, content) {
  var html = "<form method=\"post\"" + attr("action", view.urls[action]) + " class=\"tap" +
    (options.css ? " " + esc(options.css) : "") + "\"" + attr("data-action", action) + ">" +
    "<input type=\"hidden\" name=\"csrf_token\"" + attr("value", view.csrf) + ">" +
    "<input type=\"hidden\" name=\"hand\"" + attr("value", view.hand.plan.number) + ">";
  if (options.versioned) html += "<input type=\"hidden\" name=\"version\"" + attr("value", view.version) + ">";
  if (options.seat !== undefined) html += "<input type=\"hidden\" name=\"seat\"" + attr("value", options.seat) + ">";
  if (options.was !== undefined) html += "<input type=\"hidden\" name=\"was\"" + attr("value", options.was) + ">";
  return html + content + "</form>";
}

function numberButtons(cards, options) {
  var html = "<div class=\"numbers" + (cards > 6 ? " numbers-wrap" : "") + "\" role=\"group\"" +
    attr("aria-label", options.label || "") + ">";
  for (var n = 0; n <= cards; n++) {
    html += "<button type=\"submit\" class=\"button number" + (n === options.bid ? " is-bid" : "") +
      "\" name=\"value\"" + attr("value", n);
    if (n === options.forbidden) html += " disabled aria-describedby=\"forbidden-reason\"";
    else if (n === options.bid) html += attr("aria-describedby", "pide-" + options.seat);
    if (options.pressed) html += attr("aria-pressed", n === options.chosen ? "true" : "false");
    html += ">" + n + "</button>";
  }
  return html + "</div>";
}

function bidBalance(hand) {
  return "<p class=\"balance\" aria-live=\"polite\">" +
    esc(ngettext("Pedidas %(num)s de %(cards)s", "Pedidas %(num)s de %(cards)s", hand.bidTotal(),
      { cards: hand.plan.cards })) + "</p>";
}

function tapError(refusal) {
  return "<p class=\"flash flash-error\" role=\"alert\" id=\"tap-error\" tabindex=\"-1\" autofocus>" +
    esc(refusal.message) + "</p>";
}

function shownAt(refusal, place, seat) {
  return !!refusal && refusal.place === place && (place !== "seat" || refusal.seat === seat);
}

// --- _hand_players.html -----------------------------------------------------------------------------------

function playerWho(view, seat, more) {
  var hand = view.hand, bid = hand.bids[seat], would = hand.wouldScore(seat);
  var mayBeCut = !!((page().row_names || [])[seat] || [])[2];
  var html = "<div class=\"seat-who\">" + (mayBeCut ? wholeName(view, seat) : "") + "<div class=\"seat-name\">" +
    (seat === hand.leader() ? manoMark(_("Es mano")) : "") +
    who(view, seat, !mayBeCut) + "</div><span class=\"seat-figures\">";
  if (bid !== null) html += "<span class=\"stat stat-bid\" id=\"pide-" + seat + "\">" + esc(_("pide")) + " <b>" + bid + "</b></span> ";
  html += "<span class=\"stat stat-total\">" + esc(_("total")) + " <b>" + view.totals[seat] + "</b></span>";
  var said = would === null ? null : !hand.takingTricks() ? _("si la hace") : hand.tricksFilled()[seat] !== null ? _("esta mano") : null;
  if (said !== null) html += " <span class=\"stat stat-would\">" + esc(said) + " <b>" + signed(would) + "</b></span>";
  return html + (more || "") + "</span></div>";
}

// --- _hand_header.html ------------------------------------------------------------------------------------

function header(view) {
  var hand = view.hand, plan = hand.plan, names = view.names;
  var title = plan.kind === "desempate" ? _("Mano de desempate %(n)s", { n: plan.number })
    : _("Mano %(n)s de %(total)s", { n: plan.number, total: view.scheduled });
  var html = "<h2 id=\"hand-title\">" + esc(title) + " <span class=\"cards-count\">" +
    esc(ngettext("%(num)s carta", "%(num)s cartas", plan.cards)) + "</span></h2>";
  if (plan.kind !== "normal" && plan.kind !== "desempate") {
    html += "<p class=\"special\"><strong>" + esc(kindLabel(plan.kind)) + "</strong>: " + esc(kindHelp(plan.kind)) + "</p>";
  }
  html += "<dl class=\"roles\"><div><dt>" + esc(_("Reparte")) + "</dt><dd>" + who(view, plan.dealer) +
    "</dd></div><div><dt>" + esc(_("Es mano")) + "</dt><dd>" + manoMark() + who(view, hand.leader()) + "</dd></div>";
  if (hand.trumpSaid) {
    var code = hand.trump === null ? NO_TRUMP : hand.trump, factor = view.rules.multipliers[code];
    html += "<div><dt>" + esc(_("Pinta")) + "</dt><dd><span class=\"suit suit-" + code + "\">" + esc(trumpLabel(code)) +
      "</span>" + (factor > 1 ? " <span class=\"multiplier\">\u00d7" + factor + "</span>" : "") + "</dd></div>";
  }
  html += "</dl>";
  if (beforeBids(hand)) {
    html += "<p class=\"order\">" + esc(_("Apuestan")) + ": " + hand.order().map(function (seat) {
      return "<span>" + esc(names[seat]) + "</span>";
    }).join(" \u2192 ") + "</p>";
  }
  return html;
}

// page_parts/hand_panel.py
function beforeBids(hand) {
  var stage = hand.stage();
  return stage === "auction" || stage === "trump";
}

// --- _hand.html, stage by stage -------------------------------------------------------------------------

function auction(view, refusal) {
  var hand = view.hand, plan = hand.plan, next = hand.nextSeat(), names = view.names;
  var said = plan.order.filter(function (seat) { return hand.offers[seat] !== null; }).map(function (seat) {
    return "<li>" + esc(names[seat]) + ": <strong>" + hand.offers[seat] + "</strong></li>";
  }).join("");
  return "<h3>" + esc(_("Subasta")) + "</h3><p class=\"hint\">" +
    esc(_("Cada uno dice cuántas bazas pediría si eligiera la pinta. Quien más pida elige la pinta, sale y mantiene su apuesta.")) +
    "</p><ul class=\"said\">" + said + "</ul><p class=\"prompt\">" + esc(_("¿Cuántas pediría %(name)s?", { name: names[next] })) +
    "</p>" + tapForm(view, "offer", { seat: next }, numberButtons(plan.cards, { label: names[next] })) +
    (shownAt(refusal, "numbers") ? tapError(refusal) : "");
}

function trump(view, refusal) {
  var hand = view.hand, plan = hand.plan, won = hand.auction(), html;
  if (won !== null) {
    html = "<p class=\"prompt\">" + esc(_("%(name)s gana la subasta con %(bid)s: elige la pinta.",
      { name: view.names[won.winner], bid: won.bid })) + "</p>";
  } else {
    html = "<p class=\"prompt\">" + esc(_("¿Qué pinta?")) + (plan.deals_every_card
      ? " <span class=\"hint\">" + esc(_("(la última carta de quien reparte)")) + "</span>" : "") + "</p>";
  }
  var buttons = SUITS.map(function (code) {
    var factor = view.rules.multipliers[code];
    return "<button type=\"submit\" class=\"button suit-button suit-" + code + "\" name=\"value\"" + attr("value", code) + ">" +
      esc(trumpLabel(code)) + (factor > 1 ? " \u00d7" + factor : "") + "</button>";
  }).join("");
  var was = hand.trumpSaid ? (hand.trump === null ? NO_TRUMP : hand.trump) : "";
  return html + tapForm(view, "trump", { versioned: true, was: was },
    "<div class=\"suits\" role=\"group\"" + attr("aria-label", _("Pinta")) + ">" + buttons + "</div>") +
    (shownAt(refusal, "suits") ? tapError(refusal) : "");
}

function renuncioCount(count) { return esc(ngettext("%(num)s renuncio", "%(num)s renuncios", count)); }

function bids(view, refusal) {
  var hand = view.hand, next = hand.nextSeat(), names = view.names, reason = hand.forbiddenReason();
  var html = "<div class=\"hand-status\"><h3>" + esc(_("Apuestas")) + "</h3>" + bidBalance(hand) + "</div>" +
    "<div class=\"bid-row\"><p class=\"prompt\">" + esc(_("¿Cuántas pide %(name)s?", { name: names[next] })) + "</p>" +
    tapForm(view, "bid", { seat: next }, numberButtons(hand.plan.cards, { forbidden: hand.forbidden(), label: names[next] }));
  if (hand.forbidden() !== null) {
    html += "<p class=\"forbidden\" id=\"forbidden-reason\">" + esc(render(reason, translate)) + "</p>";
  }
  html += (shownAt(refusal, "numbers") ? tapError(refusal) : "") + "</div><ul class=\"seats\">";
  hand.order().forEach(function (seat) {
    var count = hand.renuncios[seat];
    var more = (seat === next ? " <strong class=\"turn\">" + esc(_("le toca")) + "</strong>" : "") +
      (count ? " <strong class=\"penalty\">" + renuncioCount(count) + "</strong>" : "");
    html += "<li class=\"seat-row" + (seat === next ? " is-next" : "") + "\" data-seat=\"" + seat + "\">" +
      playerWho(view, seat, more) + "</li>";
  });
  return html + "</ul>";
}

function tricks(view, refusal) {
  var hand = view.hand, plan = hand.plan, names = view.names, filled = hand.tricksFilled(), left = hand.tricksLeft();
  var html = "<div class=\"hand-status\"><h3>" + esc(_("Bazas")) + "</h3>" + bidBalance(hand) +
    "<p class=\"left\" aria-live=\"polite\">" +
    esc(left > 0 ? ngettext("Queda %(num)s baza", "Quedan %(num)s bazas", left) : _("Todas repartidas")) +
    "</p></div><ul class=\"seats tricks\">";
  hand.order().forEach(function (seat) {
    var count = hand.renuncios[seat], name = names[seat];
    var auto = hand.tricks[seat] === null ? filled[seat] : null;
    html += "<li class=\"seat-row\" data-seat=\"" + seat + "\">" +
      playerWho(view, seat, auto !== null ? " <span class=\"auto\">" + esc(_("se rellena: %(n)s", { n: auto })) + "</span>" : "") +
      tapForm(view, "renuncios", { seat: seat, was: count, css: "seat-tool" },
        "<button type=\"submit\" class=\"button button-small renuncio-button\" name=\"value\"" + attr("value", count + 1) +
        attr("aria-label", _("Renuncio de %(name)s", { name: name })) + " aria-describedby=\"renuncio-hint\">" +
        esc(_("Renuncio")) + "</button>") +
      tapForm(view, "tricks", { seat: seat, was: hand.tricks[seat] !== null ? hand.tricks[seat] : "", css: "seat-numbers" },
        numberButtons(plan.cards, { chosen: filled[seat], pressed: true, bid: hand.bids[seat], seat: seat, label: name }));
    if (count) {
      html += tapForm(view, "renuncios", { seat: seat, was: count, css: "renuncio-line" },
        "<strong class=\"penalty\">" + renuncioCount(count) + "</strong> <button type=\"submit\" class=\"button button-small\" name=\"value\"" +
        attr("value", count - 1) + attr("aria-label", _("Quitar un renuncio de %(name)s", { name: name })) + ">\u2212</button>");
    }
    html += (shownAt(refusal, "seat", seat) ? tapError(refusal) : "") + "</li>";
  });
  html += "</ul>" + tapForm(view, "save", {}, "<button type=\"submit\" class=\"button button-big\"" +
    (hand.stage() !== "ready" ? " disabled" : "") + ">" + esc(_("Guardar la mano")) + "</button>");
  return html + (shownAt(refusal, "save") ? tapError(refusal) : "");
}

// The whole panel of `view` (its hand, names, totals, rules, the forms' addresses), with `refusal` drawn where
// games/refusals.py would put it.
function panel(view, refusal) {
  var hand = view.hand, stage = hand.stage(), html = "<section class=\"hand-panel\" id=\"mano\" aria-labelledby=\"hand-title\">" +
    header(view) + (shownAt(refusal, "top") ? tapError(refusal) : "");
  if (stage === "auction") html += auction(view, refusal);
  else if (stage === "trump") html += trump(view, refusal);
  else if (stage === "bids") html += bids(view, refusal);
  else html += tricks(view, refusal);
  if (beforeBids(hand)) {
    var listed = hand.renuncios.map(function (count, seat) { return count ? seat : null; })
      .filter(function (seat) { return seat !== null; });
    if (listed.length) {
      html += "<ul class=\"renuncios-said\">" + listed.map(function (seat) {
        return "<li>" + esc(view.names[seat]) + ": <strong class=\"penalty\">" + renuncioCount(hand.renuncios[seat]) + "</strong></li>";
      }).join("") + "</ul>";
    }
  }
  html += "<div class=\"hand-tools\">" + tapForm(view, "undo", { versioned: true },
    "<button type=\"submit\" class=\"button button-secondary\">" + esc(_("Deshacer")) + "</button>");
  if (hand.takingTricks()) {
    html += "<p class=\"hint\" id=\"renuncio-hint\">" +
      esc(_("Renuncio: quien rompe las reglas del carteo pierde %(points)s puntos en esta mano.", { points: view.rules.renuncio_penalty })) + "</p>";
  }
  return html + "</div>" + (shownAt(refusal, "undo") ? tapError(refusal) : "") + "</section>";
}

// games/refusals.py: where a refused tap's message goes, by the buttons of the tap while the hand still shows them.
function placeRefusal(message, tap, hand) {
  var stage = hand ? hand.stage() : null, action = tap ? tap.action : null;
  if (!hand || !action) return { message: message, place: "top" };
  if ((action === "bid" || action === "offer") && (stage === "bids" || stage === "auction")) return { message: message, place: "numbers" };
  if (action === "trump" && stage === "trump") return { message: message, place: "suits" };
  if ((action === "tricks" || action === "renuncios") && hand.takingTricks() && typeof tap.seat === "number" &&
      tap.seat >= 0 && tap.seat < hand.plan.order.length) {
    return { message: message, place: "seat", seat: tap.seat };
  }
  if (action === "save" && hand.takingTricks()) return { message: message, place: "save" };
  if (action === "undo") return { message: message, place: "undo" };
  return { message: message, place: "top" };
}

// _strip.html: places and totals at a glance, once a hand is saved and until the game is over.
function strip(sheet, names, shown) {
  if (!sheet.rows.length || sheet.finished) return "";
  var title = esc(_("Así van"));
  return "<section class=\"strip-panel\" id=\"resumen\" aria-labelledby=\"strip-title\"><h2 class=\"visually-hidden\" id=\"strip-title\">" +
    title + "</h2><ol class=\"strip\" aria-labelledby=\"strip-title\">" + sheet.standings.places.map(function (place) {
      var name = names[place.seat], short = shown[place.seat];
      return "<li class=\"seat-" + place.seat + (place.position === 1 ? " first" : "") + "\"><span class=\"position\">" + place.position + "</span> " +
        (short === name ? "<span class=\"name\">" + esc(name) + "</span>"
          : "<span class=\"name\" aria-hidden=\"true\">" + esc(short) + "</span><span class=\"visually-hidden\">" + esc(name) + "</span>") +
        " <span class=\"points\">" + place.total + "</span></li>";
    }).join("") + "</ol></section>";
}

// _sheet.html: the compact sheet's rows (a saved hand each: its number, a link to correct it, cards and trump,
// each player's running total, bid, tricks when missed, R for a renuncio) and the missed bids below. `correct`
// is the address of a hand's correction with "0" for its number.
function sheetRows(sheet, names, correct) {
  var body = sheet.rows.map(function (row) {
    var number = row.plan.number, code = row.record.trump === null ? NO_TRUMP : row.record.trump;
    var html = "<tr><th scope=\"row\" class=\"fixed\"><div class=\"hand-cell\"><a" +
      attr("href", correct.replace(/\/0\/corregir$/, "/" + number + "/corregir")) +
      attr("aria-label", _("Corregir la mano %(n)s", { n: number })) + ">" + number + "</a>" +
      "<span class=\"meta\">" + row.plan.cards + " <span class=\"suit suit-" + esc(code) + "\"><span class=\"visually-hidden\">" +
      esc(trumpLabel(code)) + "</span></span></span>" +
      (row.plan.kind !== "normal" ? "<span class=\"kind\">" + esc(kindLabel(row.plan.kind)) + "</span>" : "") +
      (!row.needed ? "<span class=\"kind\">" + esc(_("no cuenta")) + "</span>" : "") + "</div></th>";
    names.forEach(function (name, seat) {
      var made = row.record.bids[seat] === row.record.tricks[seat], counts = row.counted[seat];
      html += "<td class=\"" + (made ? "made" : "missed") + (counts ? "" : " not-counted") + "\"><span class=\"total\">" +
        row.totals[seat] + "</span><span class=\"said\">" + row.record.bids[seat] +
        (made ? "" : "<small>(" + row.record.tricks[seat] + ")</small>") +
        (row.record.renuncios[seat] ? "<small class=\"penalty\">R</small>" : "") +
        (counts ? "" : "<span class=\"visually-hidden\"> " + esc(_("no cuenta")) + "</span>") + "</span></td>";
    });
    return html + "</tr>";
  }).join("");
  var missed = "<tr><th scope=\"row\" class=\"fixed\">" + esc(_("Fallos")) + "</th>" +
    sheet.missed.map(function (count) { return "<td>" + count + "</td>"; }).join("") + "</tr>";
  return { body: body, foot: missed };
}

export { panel, strip, sheetRows, placeRefusal };
