// The script of the page of a game made on this phone, before the server knows it: what every page's does, and the
// players' names cut short as the server would cut them, put together into one file when the app starts
// (scorekeeper/plumbing/modules.py).
import "./pocha/every_page.js";
import "./pocha/short_names.js";
