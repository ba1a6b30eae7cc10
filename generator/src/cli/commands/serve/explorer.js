// gametable explorer: play against perfect play in the page.
//
// The page of a position says who is to move and links every move. With
// ?play=first or ?play=second in its URL the person plays that side: their
// moves are the page's links (which keep ?play=...); on perfect play's turn
// this script asks the server's API for the position's moves, picks the
// best (the fastest win, else a draw, else the slowest loss) and follows
// that move's link. Reading positions needs no script at all.
"use strict";
(function () {
  var play = document.getElementById("play");
  if (!play || !play.dataset.mode) return;
  var status = document.getElementById("status");
  var mode = play.dataset.mode;
  if (play.dataset.over === "true") {
    // The verdict says the game is over ("The game is over: o has won.").
    var verdict = document.getElementById("verdict");
    status.textContent = (verdict ? verdict.textContent + " " : "Game over. ") +
      "You played " + play.dataset[mode] + ".";
    document.body.classList.add("game-over");
    return;
  }
  if (play.dataset.toMove === mode) {
    status.textContent = "You are " + play.dataset[mode] + ": your move (click a move).";
    return;
  }
  status.textContent = "Perfect play (" + play.dataset[play.dataset.toMove] + ") is thinking…";
  // Perfect play's turn: the person's clicks on moves (the list's and the
  // board's, by mouse or keyboard) are not taken, as they would move for
  // it, and the links show as waiting; until it moves, or the server
  // fails to answer and the page is the person's again.
  document.body.classList.add("thinking");
  function hold(e) {
    var a = e.target && e.target.closest ? e.target.closest("a") : null;
    if (a && a.closest("#moves, .board")) e.preventDefault();
  }
  document.addEventListener("click", hold, true);
  // How good a move is for the player making it: smaller is better. The
  // outcome of a move is for the opponent, who moves next.
  function rank(m) {
    var d = m.distance === null ? 0 : m.distance;
    if (m.outcome === "loss") return [0, d];
    if (m.outcome === "draw") return [1, 0];
    return [2, -d];
  }
  function better(a, b) {
    var ra = rank(a), rb = rank(b);
    return ra[0] < rb[0] || (ra[0] === rb[0] && ra[1] < rb[1]);
  }
  fetch(play.dataset.api, { headers: { Accept: "application/json" } })
    .then(function (response) {
      return response.json().then(function (body) {
        if (!response.ok) throw new Error(body.error || response.statusText);
        return body;
      });
    })
    .then(function (answer) {
      var best = null;
      answer.moves.forEach(function (m) {
        if (best === null || better(m, best)) best = m;
      });
      if (best === null) throw new Error("no move to play");
      var links = document.querySelectorAll("a.move");
      var link = null;
      for (var i = 0; i < links.length; i++) {
        if (links[i].dataset.move === best.move) link = links[i];
      }
      if (link === null) throw new Error("the page has no link for move " + best.move);
      status.textContent = "Perfect play answers " + best.move + ".";
      // In place of this page, which is perfect play's turn: Back then
      // goes to the person's last turn, not here to be moved on again.
      setTimeout(function () { window.location.replace(link.href); }, 250);
    })
    .catch(function (e) {
      document.removeEventListener("click", hold, true);
      document.body.classList.remove("thinking");
      status.textContent = "The server could not answer: " + e.message;
    });
})();
