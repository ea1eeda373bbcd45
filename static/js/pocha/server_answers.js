// Whether the server answers now, asked before doing what needs it (a form posted into no answer is the browser's
// error page): a quick request given a few seconds. A phone may say it is online on a Wi-Fi that reaches no server.

var PATIENCE = 3000; // ms the server is given to answer

// Ask `address` (a cheap page of this site): resolved with the answer when the server answers within PATIENCE (any
// status below 500), rejected when the request fails, the server fails, or it takes longer.
export function askServer(address) {
  return new Promise(function (resolve, reject) {
    var stop = window.AbortController ? new AbortController() : null;
    var patience = window.setTimeout(function () {
      if (stop) stop.abort();
      reject(new Error("no answer in time"));
    }, PATIENCE);
    fetch(address, { method: "GET", credentials: "same-origin", cache: "no-store", signal: stop ? stop.signal : undefined })
      .then(function (response) {
        window.clearTimeout(patience);
        if (response.status >= 500) reject(new Error("the server failed")); else resolve(response);
      }, function (error) {
        window.clearTimeout(patience);
        reject(error);
      });
  });
}
