// What every page's script does, the scorekeeper's game page's included.
import "./script_mark.js"; // html.js: the stylesheet shows what needs the script
import "./send_once.js"; // a form sent once
import "./sharing.js"; // «Copiar» and «Compartir»
import "./history_address.js"; // after a POST, the page's GET address in the history
import "./phone_app.js"; // the service worker, which keeps the games' pages for no connection
import "./install_offer.js"; // «Instalar Pocha», or how on an iPhone, once the taps waiting are sent
import "./screen_awake.js"; // the screen kept on during a game: the Wake Lock, else a silent video
import "./sheet_names.js"; // the sheet's whole names, one at a time
import "./paper_sheet.js"; // the sheet as on paper, asked for when «Ver como en papel» is opened
