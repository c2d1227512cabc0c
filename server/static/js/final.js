// The end of every game, on both pages: a strip that says the game is over and who won, and
// offers the host "rematch" and "back to the lobby" (the room's host: the TV that owns the
// room, or the hosting phone). The game's own render, drawn above, reveals what was secret
// (games' views show hands, secret cards and votes once over).
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { seatTag } from "./players.js";
import { confirmButton } from "./lobby.js";
import { storyLinks } from "./story.js";

function winnersOf(msg) {
  const r = msg && msg.result;
  const w = r && Array.isArray(r.winners) ? r.winners : [];
  return w.filter((seat) => Number.isInteger(seat));
}

/** finalPanel(msg, {isHost, call, colourOf, page, code}) -> the final strip (or null while
 * playing); with the room's `code`, the links to the game's story (story.js). */
export function finalPanel(msg, { isHost, call, colourOf, page, code = null }) {
  if (!msg || !msg.over) return null;
  const winners = winnersOf(msg);
  return h("section", { class: ["final-layer", `final-${page}`], id: "final", role: "status" },
    h("div", { class: "final-text" },
      h("h2", { class: "final-title" }, t("final.title")),
      winners.length
        ? h("div", { class: "final-winners", id: "final-winners" },
          h("span", { class: "final-label" }, t(winners.length > 1 ? "final.winners" : "final.winner")),
          h("span", { class: "tv-seat-list" }, winners.map((seat) => seatTag(colourOf, seat))))
        : null,
      storyLinks({ code, page, isHost, call, seat: page === "phone" ? msg.seat : null })),
    isHost
      ? h("div", { class: "final-buttons" },
        // Both end this game for everyone: both ask first ("Sure?"), then act on a second tap.
        confirmButton(t("final.rematch"), () => call("rematch", {}), { class: "btn btn-primary", id: "final-rematch" }),
        confirmButton(t("final.lobby"), () => call("end_game", {}), { class: "btn btn-secondary", id: "final-lobby" }))
      : h("p", { class: "final-wait muted" }, t("final.wait_host")));
}
