// The interface's words for what the script draws: a game's page carries them in the page's language (the
// #phone-texts block in its <head>; scorekeeper/plumbing/script_texts.py finds every _("…"), ngettext("…", "…", n)
// and N_("…") of js/game.js). A text the block does not hold is its Spanish msgid, as the catalogue has it.

var data = null;

function page() {
  if (data === null) {
    var block = document.getElementById("phone-texts");
    try { data = block ? JSON.parse(block.textContent) : {}; } catch (e) { data = {}; }
  }
  return data;
}

// Python's "%(name)s" formatting, as gettext's templates use it.
function format(text, params) {
  if (!params) return text;
  return text.replace(/%\(([a-z_]+)\)s/g, function (whole, key) {
    return Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : whole;
  });
}

function translate(msgid) {
  var said = (page().texts || {})[msgid];
  return typeof said === "string" ? said : msgid;
}

// The page's data beside its texts (the strip's short names, the taps' addresses, the star...).
export { page };

export { translate };

export function gettext(msgid, params) { return format(translate(msgid), params); }

// Spanish and English have one form for 1 and another for the rest.
export function ngettext(singular, plural, n, params) {
  var said = (page().texts || {})[singular];
  var forms = Array.isArray(said) ? said : [singular, plural];
  var values = { num: n };
  for (var key in params || {}) if (Object.prototype.hasOwnProperty.call(params, key)) values[key] = params[key];
  return format(forms[n === 1 ? 0 : 1], values);
}
