// kibitzer's page: tabs for bridge, the other games and the engine's own description.
import { kibitzer } from "./api.js";
import { BridgePanel } from "./bridge.js";
import { $, showError } from "./dom.js";
import { GamesPanel } from "./games.js";
import { showInfo } from "./info.js";

function showTab(name: string) {
  for (const tab of document.querySelectorAll<HTMLElement>(".tab")) tab.hidden = tab.id !== `tab-${name}`;
  for (const button of document.querySelectorAll<HTMLElement>("nav button")) {
    button.classList.toggle("active", button.dataset.tab === name);
  }
}

async function main() {
  for (const button of document.querySelectorAll<HTMLElement>("nav button")) {
    button.addEventListener("click", () => showTab(button.dataset.tab ?? "bridge"));
  }
  const bridgePanel = new BridgePanel();
  const games = new GamesPanel();
  try {
    const info = await kibitzer.getEngineInfo({});
    showInfo(info);
    games.setGames(info.games);
    $("server-status").textContent = `connected: ${info.name} ${info.version}, ${info.games.length} games`;
    $("server-status").dataset.state = "connected";
  } catch (e) {
    $("server-status").textContent = "no server";
    showError($("tab-info"), e);
  }
  const example = "N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984";
  const bridgeInput = $("bridge-input") as HTMLTextAreaElement;
  if (bridgeInput.value === "") bridgeInput.value = example;
  void bridgePanel;
}

void main();
