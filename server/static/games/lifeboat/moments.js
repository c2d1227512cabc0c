// Lifeboat's big moments on the TV (server/static/js/reveal.js, waiting.js): a fight's result,
// the navigation card of the day and the final scores (every friend and enemy) turn over on
// the whole screen; who the boat waits for, in big type, with the window's countdown. Built
// from view(None) only (view.last_fight, view.last_navigation, view.result: the engine keeps
// them across a reload).
import { charName, navCard, tr as makeTr } from "./common.js";
import { offerReveals, gameKeyOf, revealSeconds } from "/static/js/reveal.js";
import { waitingBanner, listNodes } from "/static/js/waiting.js";

function envOf(msg, ctx) {
  return { view: msg.view, tr: makeTr(ctx), lang: ctx.lang, colourOf: ctx.colourOf, ctx };
}

const person = (env, seat, withChar = true) => {
  const p = env.colourOf(seat);
  const c = env.view.characters[seat];
  return { name: withChar && c ? `${charName(env, c.character)} (${p.name})` : p.name, colour: p.colour };
};

function fightSpec(env, f) {
  const { tr } = env;
  const votes = [];
  for (const side of ["attacker", "defender"]) {
    for (const x of f.sides[side]) votes.push({ who: person(env, x), choice: tr(`fight.${side}`) });
  }
  const tally = ["attacker", "defender"].map((side) => ({ label: tr(`fight.${side}`), n: f.strength[side], win: f.winner === side }));
  const hurt = (f.wounded || []).map((x) => `${charName(env, env.view.characters[x.seat].character)} (${tr(`state.${x.state}`)})`);
  const outcome = tr(`fight.won.${f.winner}`);
  const details = hurt.length ? [`${tr("fight.wounded")} ${listNodes(hurt, env.lang).join("")}`] : [];
  return { title: tr("fight.title"), votes, tally, outcome, details, kind: "fight", cue: hurt.length ? "sink" : "reveal",
           sentence: `${tr("fight.title")}: ${outcome} (${f.strength.attacker} – ${f.strength.defender}).${details.length ? ` ${details[0]}` : ""}` };
}

function navSpec(env, n) {
  const { tr } = env;
  const card = navCard(env, n.card, { cls: "rv-navcard" });
  const nav = env.view.navigation;
  const navigator = nav && nav.navigator !== undefined && nav.navigator !== null ? person(env, nav.navigator) : null;
  const birds = tr("birds.of", { n: n.birds, max: env.view.birds_to_win });
  return { title: tr("nav.card"), votes: navigator ? [{ who: navigator, choice: tr("nav.card") }] : [],
           outcome: card, details: [birds], kind: "navigation", cue: n.rescued ? "land" : "reveal",
           sentence: `${tr("nav.card")}: ${card.textContent}. ${birds}.` };
}

function finalSpec(env, r) {
  const { tr } = env;
  const order = r.scores.map((_, i) => i).sort((a, b) => r.scores[b] - r.scores[a] || a - b);
  const votes = order.map((x) => {
    const bd = r.breakdown.find((b) => b.seat === x) || {};
    return { who: person(env, x), choice: `♥ ${charName(env, bd.love_card)} · ✗ ${charName(env, bd.hate_card)}`, note: String(r.scores[x]) };
  });
  const names = listNodes(r.winners.map((x) => env.colourOf(x).name), env.lang).join("");
  const outcome = tr(r.winners.length > 1 ? "final.winners" : "final.winner", { who: names });
  return { title: tr("final.title"), votes, outcome, kind: "final", cue: "end", sentence: `${tr("final.title")}. ${outcome}` };
}

/** Offers this payload's reveals to the shared component (it plays the new ones). */
export function lifeboatReveals(msg, ctx) {
  const env = envOf(msg, ctx);
  const view = msg.view;
  const offers = [];
  const f = view.last_fight;
  if (f) offers.push({ key: `fight:${f.turn}:${f.attacker}:${f.defender}:${f.strength.attacker}-${f.strength.defender}:${(f.wounded || []).length}`, build: () => fightSpec(env, f) });
  const n = view.last_navigation;
  if (n && n.card) offers.push({ key: `nav:${n.turn}:${n.card.id || n.card}`, build: () => navSpec(env, n) });
  if (view.over && view.result) offers.push({ key: "final", build: () => finalSpec(env, view.result) });
  offerReveals(gameKeyOf(msg, ctx), offers, { seconds: revealSeconds(ctx), lang: ctx.lang });
}

/** "Waiting for Bruno and Emma" / "Everyone is done but Chloé", with the window's countdown. */
export function lifeboatWaiting(msg, ctx) {
  const view = msg.view;
  if (view.over) return null;
  const env = envOf(msg, ctx);
  const seats = msg.waiting_for || [];
  const win = (view.fight && view.fight.window) || (["rescue", "thirst"].includes(view.phase) ? view.window : null);
  return waitingBanner({
    who: seats.map((x) => ({ ...person(env, x, false), key: `lbt-wf-${x}` })), lang: ctx.lang, kind: win ? "ready" : "turn",
    total: win ? win.seats.length : 0, deadline: win ? msg.deadline : null, testid: "waiting-for",
  });
}

