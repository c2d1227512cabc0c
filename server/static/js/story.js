// The way from a game's end to its story (issue 23), on both pages: "Watch it again", "My
// game" and the evening's history (/h/<CODE>, table_web/replay/). The host's TV button asks
// the server to show the replay on every TV of the room (`watch`); a TV told so opens it, a
// phone is offered its own game. Texts are kept here (two languages, a few words).
import { h } from "./dom.js";
import { getLang } from "./i18n.js";
import { toast } from "./toast.js";

const TEXT = {
  en: { watch: "Watch it again", mine: "My game", evening: "All the games of the evening",
    watching: "The host is showing the game again on the TV. Yours is under “My game”." },
  fr: { watch: "Revoir la partie", mine: "Ma partie", evening: "Toutes les parties de la soirée",
    watching: "L'hôte remontre la partie à la télé. La vôtre est sous « Ma partie »." },
};
const say = (key) => (TEXT[getLang()] || TEXT.en)[key];

const room = (code) => `/h/${encodeURIComponent(code)}`;
const link = (href, label, id, cls = "btn btn-secondary") => h("a", { class: cls, href, id }, label);

/** The links under a finished game: seat = the phone's seat (its "my game"), or null. */
export function storyLinks({ code, page, isHost, call, seat = null }) {
  if (!code) return null;
  const watch = page === "table" && isHost
    ? h("button", { type: "button", class: "btn btn-secondary", id: "final-watch",
      onclick: () => call("watch", {}) }, say("watch"))
    : link(`${room(code)}?game=last`, say("watch"), "final-watch");
  return h("div", { class: "final-story" },
    watch,
    seat !== null && seat !== undefined ? link(`${room(code)}?game=last&seat=${seat}`, say("mine"), "final-mine") : null,
    link(room(code), say("evening"), "final-evening", "btn btn-quiet"));
}

/** The `watch` event: a TV opens the replay (playing), a phone is told where its game is. */
export function onWatch(page, code, message) {
  if (!code || !message || !Number.isInteger(message.number)) return;
  if (page === "table") location.assign(`${room(code)}?game=${message.number}&play=1`);
  else toast(say("watching"), { kind: "info", ms: 10000 });
}
