// The offer to install Pocha, at the foot of the page. Where the browser offers installing (beforeinstallprompt:
// Chrome, Android) a quiet «Instalar Pocha» button; on an iPhone or iPad's Safari, which has no such event, a hint how
// to add Pocha to the home screen. There an app keeps its storage apart from Safari's, so taps still waiting in this
// phone's outboxes would stay behind: the game page's outbox is sent before the browser is asked, and while any tap
// waits the offer says so and the browser is not asked. Never in the app itself, nor over plain HTTP (nothing can be
// installed), nor once dismissed. The offer is asked for (body[data-install], main/_install_offer.html) only where it
// is shown: no page's first load carries it.
import { waitingOnPhone } from "./outbox.js";

var DISMISSED = "pocha-install-off";
var offer = null; // #instalar, once fetched
var outbox = null; // the game page's outbox, once it has changed (game/page.js)
var asked = null; // the browser's beforeinstallprompt, kept for the button
var sending = false; // the button was tapped while taps waited: the browser is asked once the outbox has answered

function part(name) { return offer.querySelector(".install-" + name); }

// The word on taps waiting, as it is now.
function follow() {
  if (offer && !offer.hidden) part("waiting").hidden = !waitingOnPhone();
}

// The browser asked to install, unless taps still wait: then the offer says so.
function ask() {
  sending = false;
  follow();
  if (asked && !waitingOnPhone()) {
    offer.hidden = true;
    asked.prompt();
    asked = null;
  }
}

// The offer asked for and put at the foot of the page: the hint (`apple`) or the button.
function show(apple) {
  try { if (offer || localStorage.getItem(DISMISSED)) return; } catch (e) { /* storage refused: shown */ }
  var address = document.body.dataset.install;
  fetch(address).then(function (answer) { return answer.ok ? answer.text() : ""; }).then(function (html) {
    if (offer || !html) return;
    document.querySelector(".site-footer").insertAdjacentHTML("beforeend", html);
    offer = document.getElementById("instalar");
    var button = part("button");
    part("apple").hidden = !apple;
    button.hidden = apple;
    button.addEventListener("click", function () {
      sending = outbox && outbox.pending();
      if (sending) outbox.sendSoon(0);
      else ask();
    });
    part("dismiss").addEventListener("click", function () {
      offer.hidden = true;
      try { localStorage.setItem(DISMISSED, 1); } catch (e) { /* hidden on this page only */ }
    });
    follow();
  }).catch(function () { /* no offer: nothing to show */ });
}

var agent = navigator.userAgent;
if (window.isSecureContext && !matchMedia("(display-mode: standalone)").matches) {
  // Safari on an iPhone or iPad (which may say it is a Mac, one with a touch screen); not another browser there.
  if ((/iP(hone|ad|od)/.test(agent) || (navigator.maxTouchPoints > 1 && /Mac/.test(agent))) &&
      /Version\/.*Safari\//.test(agent) && !/EdgiOS|OPT\//.test(agent)) {
    show(true);
  } else {
    window.addEventListener("beforeinstallprompt", function (event) {
      event.preventDefault(); // the button asks, once the outbox is sent
      asked = event;
      show(false);
    });
  }
}

// The game page's outbox changed (a tap added, being sent, answered or not): what the offer says follows it, and a
// tap on the button waiting for it asks the browser once the outbox is no longer sending.
export function outboxChanged(changed) {
  outbox = changed;
  if (sending && !changed.sending) ask();
  else follow();
}
