// The page runs this script: marked (html.js), the stylesheet shows what needs it (the copy buttons, the
// watchers' note, the new-game form's drag handles). Without it, every action is a real form that works alone.

document.documentElement.classList.add("js");
