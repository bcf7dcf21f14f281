// The board inside Discord (an Activity): the Embedded App SDK (from npm, served by the bot at
// sdk/) shakes hands with Discord, asks for an OAuth2 code (authorize), the bot exchanges it and
// maps this Activity instance to its game, the SDK authenticates with the token, and then the
// board plays exactly as the page opened from a link does, with the session kept in memory.
import { startBoard } from "./board.js";

const ROOT = new URL("../", import.meta.url);
const main = document.getElementById("app");
const status = document.getElementById("activity-status");

function say(text, failed = false) {
  status.textContent = text;
  if (failed) main.dataset.failed = "1";
}

async function start() {
  let DiscordSDK;
  try {
    ({ DiscordSDK } = await import("../sdk/index.mjs"));
  } catch {
    return say("The Activity's Discord library is missing on the bot's side; the operator runs scripts/start once to install it.", true);
  }
  const config = await fetch(new URL("api/activity/config", ROOT)).then((r) => r.json()).catch(() => ({}));
  if (!config.client_id) return say(config.error || "The bot cannot be reached just now. Close the Activity and start it again.", true);
  let sdk;
  try {
    sdk = new DiscordSDK(config.client_id, { disableConsoleLogOverride: true });
  } catch {
    return say("This page is Pai Sho Bot's Activity: it opens inside Discord, from the Open board button under a game.", true);
  }
  await sdk.ready();
  say("Signing in with Discord…");
  let code;
  try {
    ({ code } = await sdk.commands.authorize({ client_id: config.client_id, response_type: "code", state: "", prompt: "none", scope: ["identify"] }));
  } catch {
    return say("Discord did not authorize the Activity, so it cannot show your board. Close it and start it again.", true);
  }
  const answer = await fetch(new URL("api/activity/session", ROOT), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, instance_id: sdk.instanceId }),
  }).catch(() => null);
  const said = answer ? await answer.json().catch(() => ({})) : {};
  if (!answer || !answer.ok) return say(said.error || "The bot cannot be reached just now. Close the Activity and start it again.", true);
  try {
    await sdk.commands.authenticate({ access_token: said.access_token });
  } catch {
    return say("Discord did not accept the sign-in. Close the Activity and start it again.", true);
  }
  main.dataset.activity = "1";
  startBoard({ gameId: String(said.game), token: said.session, main });
}

start();
