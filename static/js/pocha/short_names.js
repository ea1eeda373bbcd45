// The players' names cut short as the game page shows them, worked out on the phone for a game the server does not
// know yet: on one line of the standings strip (labels/short_names.py: strip_names) and in the players' rows, told
// apart (row_names, told_apart), in the shape the page's data carries them (games/_phone_page.html). `limits` is what
// the page's data carries from labels/short_names.py (script_limits): the letters a name takes, the players a row of
// the strip holds, the ellipsis and the seat's mark. tests/phone/ checks both against the server's. No dependencies.
//
// Letters are counted, cut and compared as the server's Python does: by code point (an emoji is one letter, where
// JavaScript's strings count two), spaces as Python's str.split() and str.strip() read them, case aside as
// str.casefold() sets it.

// Python's whitespace (JavaScript's \s also holds U+FEFF, and lacks U+001C to U+001F and U+0085).
var SPACE = "[\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
var SPACES = new RegExp(SPACE + "+");
var LEADING_SPACES = new RegExp("^" + SPACE + "+");
var TRAILING_SPACES = new RegExp(SPACE + "+$");
// One code point: a surrogate pair, or any other code unit.
var LETTER = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g;
// The dotless i, which casefold() keeps apart from «i» and JavaScript's upper case does not.
var DOTLESS_I = "\u0131";

function letters(text) {
  return text.match(LETTER) || [];
}

function length(text) {
  return letters(text).length;
}

// text[start:end], as Python slices a string (a negative index counts from the end).
function slice(text, start, end) {
  return letters(text).slice(start, end).join("");
}

// text.split(): the words between runs of spaces.
function words(text) {
  return text.split(SPACES).filter(function (word) { return word !== ""; });
}

// text.casefold() as near as JavaScript comes: lowered, raised and lowered again, «ẞ» reads as «ss» as it does
// there.
function folded(text) {
  return text.split(DOTLESS_I).map(function (part) {
    return part.toLowerCase().toUpperCase().toLowerCase();
  }).join(DOTLESS_I);
}

// `text` in at most `room` letters, ending in the ellipsis when it was longer (_cut).
function cut(text, room, limits) {
  return length(text) <= room ? text : slice(text, 0, room - 1).replace(TRAILING_SPACES, "") + limits.ellipsis;
}

// The seats whose label reads the same as another's, case aside (_clashes, of labels of one line).
function clashes(labels) {
  var seats = [];
  for (var seat = 0; seat < labels.length; seat++) {
    for (var other = 0; other < labels.length; other++) {
      if (other !== seat && folded(labels[other]) === folded(labels[seat])) {
        seats.push(seat);
        break;
      }
    }
  }
  return seats;
}

// The name's first word and the initials of the others, within `room` (_initials).
function initials(name, room, limits) {
  var said = words(name), shown = [said.length ? said[0] : ""];
  for (var i = 1; i < said.length; i++) shown.push(letters(said[i])[0] + ".");
  return cut(shown.join(" "), room, limits);
}

// The name's last letters after the ellipsis, when it does not fit whole (one_line_names: end).
function end(name, room, limits) {
  return length(name) <= room ? name : limits.ellipsis + slice(name, -(room - 1)).replace(LEADING_SPACES, "");
}

// Each name on one line of at most `room` letters, no two reading the same (one_line_names): cut, else its first
// word and initials, else its last letters, else its seat's number before it.
function oneLineNames(names, room, limits) {
  var labels = names.map(function (name) { return cut(name, room, limits); });
  [initials, end].forEach(function (shorten) {
    clashes(labels).forEach(function (seat) { labels[seat] = shorten(names[seat], room, limits); });
  });
  clashes(labels).forEach(function (seat) {
    var mark = (seat + 1) + limits.seat_mark;
    labels[seat] = mark + cut(names[seat], room - length(mark), limits);
  });
  return labels;
}

// The names as the standings strip shows them, each on one line of its column: the page data's `strip_names`.
export function stripNames(names, limits) {
  var columns = names.length <= limits.strip_one_row ? names.length : limits.strip_rows_of;
  var byColumns = limits.strip_letters_by_columns, key = String(columns);
  var room = Object.prototype.hasOwnProperty.call(byColumns, key) ? byColumns[key] : limits.strip_letters;
  return oneLineNames(names, room, limits);
}

// Each name as a head a row may cut and a tail it never cuts (told_apart): the tail is empty unless the name's first
// letters read as another's, case aside; then it is the name from the first word where they differ, or its last
// letters when no word does.
function toldApart(names, limits) {
  var room = limits.row_letters;
  return names.map(function (name) {
    var start = folded(slice(name, 0, room));
    var others = names.filter(function (other) { return other !== name && folded(slice(other, 0, room)) === start; });
    if (!others.length) return [name, ""];
    var said = name.split(" ");
    for (var i = 1; i < said.length; i++) {
      if (others.some(function (other) { return !sameWords(other.split(" "), said, i + 1); })) {
        var head = said.slice(0, i).join(" ");
        return [head, slice(name, length(head))];
      }
    }
    var at = Math.max(1, length(name) - Math.floor(room / 2));
    return [slice(name, 0, at), slice(name, at)];
  });
}

// Whether the first `count` words of both are the same words (Python's lists of them, compared).
function sameWords(some, others, count) {
  var mine = some.slice(0, count), theirs = others.slice(0, count);
  if (mine.length !== theirs.length) return false;
  for (var i = 0; i < mine.length; i++) {
    if (mine[i] !== theirs[i]) return false;
  }
  return true;
}

// The names as the players' rows show them: the page data's `row_names`, each [head, tail, whether the row may cut
// it] (labels/short_names.py: RowName).
export function rowNames(names, limits) {
  return toldApart(names, limits).map(function (parts) {
    return [parts[0], parts[1], length(parts[0] + parts[1]) > limits.row_whole_letters];
  });
}
