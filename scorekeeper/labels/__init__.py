"""The interface's labels: the words for the game's values, the engine's messages in the page's language, and
names cut to fit a column."""
