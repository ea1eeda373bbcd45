// A refusal as the engine words it (engine/errors.py): the kind of error, a message template (the engine's msgid),
// its values and the seat it is about; the message put in words. The phone's copies of the rules (hand_rules.js,
// schedule.js) refuse with it, so a refusal reads the same whichever of them made it. No dependencies.

// gettext's "mark, translate later": the templates are the engine's msgids (the page translates them).
function N_(template) { return template; }

function Refusal(kind, template, params, player) {
  this.kind = kind; // the engine's error class: "RecordError", "TurnError", "AlreadySaidError", "BidError"...
  this.template = template;
  this.params = params || {};
  this.player = player === undefined ? null : player;
}

function refuse(kind, template, params, player) { throw new Refusal(kind, template, params, player); }

// A message as the engine's Message is: a template and its values (a value may be a message itself).
function message(template, params) { return { template: template, params: params || {} }; }

// The message in words, through `translate` (a template to its translation): Python's "%(name)s" formatting.
function render(said, translate) {
  var text = (translate || function (t) { return t; })(said.template);
  var params = said.params || {};
  return text.replace(/%\(([a-z_]+)\)s/g, function (whole, key) {
    if (!Object.prototype.hasOwnProperty.call(params, key)) return whole;
    var value = params[key];
    return value !== null && typeof value === "object" ? render(value, translate) : String(value);
  });
}

export { N_, Refusal, refuse, message, render };
