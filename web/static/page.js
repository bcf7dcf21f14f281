// The board page opened from a link: the session is the cookie the link was exchanged for.
import { startBoard } from "./board.js";

const found = location.pathname.match(/\/game\/(\d+)\/?$/);
const main = document.getElementById("app");
if (found) {
  startBoard({ gameId: found[1], token: null, main });
} else {
  main.textContent = "This address shows no game.";
}
