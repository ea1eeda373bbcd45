// A message of the phone's copies of the rules (static/js/pocha/refusals.js) as the differential tests compare it
// with the engine's: its template and its values, a value that is a message the same way (tests/support/phone_rules.py:
// message_seen).
export function said(message) {
  var params = {};
  Object.keys(message.params).sort().forEach(function (key) {
    var value = message.params[key];
    params[key] = value !== null && typeof value === "object" ? said(value) : value;
  });
  return { template: message.template, params: params };
}
