// The games begun on this phone without signal, kept in their outbox (outbox.js) with their creation until the
// server has them: kept by the new-game form (start_offline.js), listed by the offline page (kept_games.js) and sent
// from any page (send_made_games.js). The game's own page sends its creation itself (game/phone_made.js).
import { keepKept, kept, keptGames } from "./outbox.js";

// Keep a game this phone made under its address: its card and its creation, sent to `url` when the server answers;
// the creation says when it was made by this phone's clock (`at`, ms since 1970: the game's start).
export function keepMade(address, card, creation, url) {
  creation.at = Date.now();
  return keepKept(address, { card: card, queue: [], creation: creation, creationUrl: url });
}

// Every game this phone made whose creation still waits: {address, players, creation, url, made()} (made: the
// server has it now, the creation is let go).
export function madeWaiting() {
  return keptGames().filter(function (game) { return game.kept.creation && game.kept.creationUrl; }).map(function (game) {
    return {
      address: game.address, players: game.kept.card.players, creation: game.kept.creation, url: game.kept.creationUrl,
      made: function () {
        var now = kept(game.address);
        if (now) {
          delete now.creation;
          keepKept(game.address, now);
        }
      }
    };
  });
}
