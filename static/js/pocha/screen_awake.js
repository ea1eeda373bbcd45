// The screen kept on while a game is played on its page: with the Wake Lock API where the browser gives it (HTTPS,
// this computer), else (plain HTTP at the table) with a tiny silent video looped muted from the first tap. Both are
// let go when the page is hidden or the game is over. The hint about the phone's settings (#pantalla, base.html)
// shows near the top, until dismissed, only where neither works.

var page = document.body;
var hint = document.getElementById("pantalla");

// Only on a game's page that has the hint to show where neither works.
if (page && page.hasAttribute("data-game") && hint) keepScreenOn(page, hint);

function keepScreenOn(page, hint) {
  var root = document.documentElement;
  var DISMISSED = "pocha-awake-hint-dismissed";
  var TAPS = ["touchend", "click", "keydown"]; // events that let a page start a video
  var GIVE_UP_MS = 4000; // a video not playing this long after the tap will not
  var lock = null; // the Wake Lock held
  var video = null; // the looping video, once made
  var lockRefused = !navigator.wakeLock;
  var waitingForTap = false;

  // The game is over: the sheet says so, or there is a sheet and no hand left to play (the page drawn on the phone).
  function gameOver() {
    return !!document.querySelector("#hoja.sheet-final") || (!!document.getElementById("hoja") && !document.getElementById("mano"));
  }
  function wanted() { return !document.hidden && !gameOver(); }
  // Playing for real: a video asked to play is no longer paused even while it cannot load.
  var rolling = false;
  function playing() { return rolling && !!video && !video.paused; }

  function showState() {
    root.classList.toggle("awake", !!lock || playing());
  }

  // The hint says how to keep the screen on by hand: only once nothing here could, and until it is dismissed.
  function dismissed() {
    try { return window.localStorage.getItem(DISMISSED) === "1"; } catch (error) { return false; }
  }
  function offerHint() {
    if (!dismissed()) hint.hidden = false;
  }
  var dismiss = hint.querySelector("button");
  if (dismiss) {
    dismiss.addEventListener("click", function () {
      hint.hidden = true;
      try { window.localStorage.setItem(DISMISSED, "1"); } catch (error) { /* kept for this page only */ }
    });
  }

  // --- the Wake Lock ----------------------------------------------------------------------------

  function requestLock() {
    if (lock || lockRefused || !wanted()) return;
    navigator.wakeLock.request("screen").then(function (held) {
      if (!wanted()) { held.release(); return; }
      lock = held;
      held.addEventListener("release", function () { lock = null; showState(); });
      showState();
    }).catch(function () {
      lockRefused = true; // refused (a policy, a saver mode): the video from the next tap
      armTap();
    });
  }

  // --- the video --------------------------------------------------------------------------------

  function makeVideo() {
    var made = document.createElement("video");
    made.className = "awake-video";
    made.muted = true;
    made.loop = true;
    made.playsInline = true;
    ["muted", "loop", "playsinline", "disablepictureinpicture", "disableremoteplayback"].forEach(function (name) {
      made.setAttribute(name, "");
    });
    made.setAttribute("aria-hidden", "true");
    made.setAttribute("tabindex", "-1");
    made.preload = "auto";
    [["mp4", "video/mp4"], ["webm", "video/webm"]].forEach(function (kind) {
      var address = hint.getAttribute("data-video-" + kind[0]);
      if (!address) return;
      var source = document.createElement("source");
      source.src = address;
      source.type = kind[1];
      source.addEventListener("error", function () { if (!source.nextElementSibling) videoFailed(); });
      made.appendChild(source);
    });
    made.addEventListener("error", videoFailed);
    made.addEventListener("playing", function () { rolling = true; showState(); });
    ["pause", "emptied", "error"].forEach(function (name) {
      made.addEventListener(name, function () { rolling = false; showState(); });
    });
    page.appendChild(made);
    return made;
  }

  function playVideo() {
    if (!wanted() || playing()) return;
    video = video || makeVideo();
    var started;
    try {
      started = video.play();
    } catch (error) {
      started = Promise.reject(error);
    }
    Promise.resolve(started).then(function () {
      if (!wanted()) video.pause();
      showState();
    }, videoFailed);
    // A video whose every source failed neither plays nor says no: not playing a few seconds on counts as failed.
    window.setTimeout(function () { if (wanted() && !playing()) videoFailed(); }, GIVE_UP_MS);
  }

  function videoFailed() {
    if (playing()) return;
    if (video && !video.paused) video.pause();
    showState();
    offerHint(); // no Wake Lock and no video: the phone's settings are the one way left
  }

  function onTap() {
    if (!waitingForTap) return;
    waitingForTap = false;
    TAPS.forEach(function (name) { document.removeEventListener(name, onTap, true); });
    playVideo();
  }

  function armTap() {
    if (waitingForTap || !lockRefused || !wanted() || playing()) return;
    waitingForTap = true;
    TAPS.forEach(function (name) { document.addEventListener(name, onTap, true); });
  }

  // --- hidden, shown, over ------------------------------------------------------------------------

  function letGo() {
    if (video && !video.paused) video.pause();
    if (lock) lock.release().catch(function () {});
    showState();
  }

  function follow() {
    if (!wanted()) { letGo(); return; }
    if (lockRefused) armTap(); else requestLock();
  }

  document.addEventListener("visibilitychange", follow);
  window.addEventListener("pagehide", letGo);
  window.addEventListener("pageshow", function (event) { if (event.persisted) follow(); });
  // The page is drawn again in place after a tap (#main swapped whole): the last hand saved, the game is over.
  if (window.MutationObserver) {
    var checking = 0;
    new MutationObserver(function () {
      if (checking) return;
      checking = window.setTimeout(function () {
        checking = 0;
        if (gameOver() && (lock || (video && !video.paused))) letGo();
      }, 0);
    }).observe(page, { childList: true, subtree: true });
  }
  follow();
}
