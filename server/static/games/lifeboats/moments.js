// Lifeboats' big moments on the TV (server/static/js/reveal.js, waiting.js): every ballot (the
// leak, the move, the ejection) and the final scores turn over on the whole screen; who the
// table waits for, in big type. Built from view(None) only (view.last_reveal, view.result).
import { chip, fill, fmt, hatIcon, boatColour } from "./common.js";
import { h, flags } from "/static/js/dom.js";
import { offerReveals, gameKeyOf, revealSeconds, plainText as textOf } from "/static/js/reveal.js";
import { waitingBox, waitingFlagged } from "/static/js/waiting.js";

const person = (view, seat) => ({ name: view.players[seat], colour: fill(view, view.colours[seat]) });
const cap = (x) => (x ? x.charAt(0).toUpperCase() + x.slice(1) : x);

function ballotSpec(view, tr, r) {
  const votes = r.votes.map((v) => ({
    who: person(view, v.seat),
    choice: v.choice === "hat" ? h("span", { class: "lb-rhat" }, hatIcon(30), tr("wheel.hat")) : chip(view, tr, v.choice),
    note: r.kind === "eject" ? tr("weight", { n: v.weight }) : null,
  }));
  const tally = r.tally.filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1])
    .map(([o, n]) => ({ label: chip(view, tr, o), n, win: r.outcome === o }));
  const title = r.kind === "eject" ? fmt(tr, "question.eject", { boat: chip(view, tr, boatColour(r.boat)) }) : tr(`question.${r.kind}`);
  const decider = r.decided_by !== null && r.decided_by !== undefined ? view.players[r.decided_by]
    : r.resolution === "captain" && (r.hats || []).length ? view.players[r.hats[0]] : view.players[view.start_player];
  const why = r.resolution ? cap(tr(`${r.outcome ? "resolution" : "pending"}.${r.resolution}`, { who: decider })) : null;
  const outcome = r.outcome ? fmt(tr, "reveal.result", { choice: chip(view, tr, r.outcome) }) : why;
  const details = r.outcome && why ? [why] : [];
  return {
    title, votes, tally, outcome, details, kind: r.kind, cue: "reveal",
    sentence: `${textOf(title)} ${textOf(outcome || "")}${details.length ? ` (${why})` : ""}`,
  };
}

function finalSpec(view, tr, result) {
  const order = result.scores.map((_, seat) => seat).sort((a, b) => result.scores[b] - result.scores[a] || a - b);
  const votes = order.map((seat) => ({ who: person(view, seat), choice: String(result.scores[seat]) }));
  const names = result.winners.map((w) => view.players[w]).join(" & ");
  const outcome = tr(result.winners.length > 1 ? "final.winners" : "final.winner", { who: names });
  return { title: tr("final.title"), votes, outcome, kind: "final", cue: "end", sentence: `${tr("final.title")}: ${outcome}` };
}

/** Offers this payload's reveals to the shared component (it plays the new ones). */
export function lifeboatsReveals(msg, ctx, tr) {
  const view = msg.view;
  const offers = [];
  const r = view.last_reveal;
  if (r && r.votes && r.votes.length && (r.outcome || r.resolution)) {
    const key = `${r.turn}:${r.kind}:${r.boat || ""}:${r.round || 1}:${r.votes.map((v) => `${v.seat}=${v.choice}`).join(",")}`;
    offers.push({ key, build: () => ballotSpec(view, tr, r) });
  }
  if (view.over && view.result) offers.push({ key: "final", build: () => finalSpec(view, tr, view.result) });
  offerReveals(gameKeyOf(msg, ctx), offers, { seconds: revealSeconds(ctx), lang: ctx.lang });
}

/** "Waiting for Bruno and Emma" / "Everyone has voted but Chloé" (no countdown here).
 * part: the page's parts (morph.js pageParts); the words are one, "lb-part-waiting". */
export function lifeboatsWaiting(msg, ctx, part) {
  const view = msg.view;
  if (view.over) return null;
  const seats = msg.waiting_for || view.waiting_for || [];
  if (!seats.length) return null;
  const b = view.ballot;
  const voting = b && !b.negotiating && !b.revealed;
  const opts = { lang: ctx.lang, kind: voting ? "vote" : "turn", total: voting ? b.voters.length : 0 };
  // The banner's words, one name shown among every name by a flag (waiting.js waitingFlagged:
  // the turn passing on builds no words; issue 24: the banner was built on 0.95 of updates).
  const { words, dataset } = waitingFlagged({ seats, all: view.players.map((_, x) => x), person: (x) => person(view, x),
    key: (x) => `lb-wf-${x}`, opts, part, id: "lb-part-waiting" });
  // (the box itself is drawn on every update: a few of its attributes written when whom it
  // waits for changes)
  return waitingBox(seats.map((x) => view.players[x]), { ...opts, dataset }, words);
}
