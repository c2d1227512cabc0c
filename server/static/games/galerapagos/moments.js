// Galèrapagos' big moments on the TV (server/static/js/reveal.js, waiting.js): the sacrifice,
// hurricane and departure votes and the end turn over on the whole screen (who the island
// waits for is the TV module's: galerapagos.js waitingFor). Built from view(None) only (view.ballots: this turn's decided votes,
// kept by the engine across a reload).
import { fmt, who, choiceNode, cardName, names } from "./common.js";
import { offerReveals, gameKeyOf, revealSeconds, plainText } from "/static/js/reveal.js";

/** A castaway's name and colour (the reveals' and the TV's banner's). */
export const person = (ctx, seat) => {
  const c = ctx.colourOf(seat);
  return { name: c.name, colour: c.colour };
};

function ballotSpec(view, tr, ctx, b) {
  const bal = b.ballot;
  const votes = (bal.votes || []).map(([v, c]) => ({ who: person(ctx, v), choice: choiceNode(ctx, tr, c) }));
  const tally = (bal.tally || []).filter(([, n]) => n > 0).sort((x, y) => y[1] - x[1])
    .map(([o, n]) => ({ label: choiceNode(ctx, tr, o), n, win: o === b.named || o === b.leave }));
  let outcome;
  let cue = "reveal";
  const details = [];
  if (b.leave !== null && b.leave !== undefined) {
    outcome = tr(b.leave ? "log.departure.leave" : "log.departure.stay");
    if (b.leave) cue = "land";
  } else if (b.named !== null && b.named !== undefined) {
    const dead = (b.deaths || []).includes(b.named);
    outcome = fmt(tr, dead ? "log.death.sacrifice" : "reveal.named", { who: who(ctx, b.named) });
    if (dead) cue = "sink";
  } else if (b.tied) {
    outcome = fmt(tr, "log.tie", { tied: names(ctx, b.tied, tr), who: who(ctx, b.chooser) });
  } else {
    outcome = tr(`ballot.${b.kind}`);
  }
  if (b.saved_by) details.push(fmt(tr, "log.play.save", { who: who(ctx, b.named), card: cardName(b.saved_by, ctx.lang, tr) }));
  const title = tr(`ballot.${b.kind}`);
  return { title, votes, tally, outcome, details, cue, kind: b.kind, sentence: `${title}: ${plainText(outcome)}` };
}

function finalSpec(view, tr, ctx) {
  const r = view.result;
  const votes = r.breakdown.map((b) => ({ who: person(ctx, b.seat), choice: tr(`fate.${b.fate}`), note: String(b.score) }));
  const boarded = r.winners.length ? fmt(tr, "result.boarded", { who: names(ctx, r.winners, tr) }) : tr("result.none");
  const title = tr(`end.${r.end}`);
  const why = view.forced ? tr(`forced.${view.forced.kind}.${view.forced.resource}`) : null;
  return { title, votes, outcome: boarded, details: why ? [why] : [], cue: r.winners.length ? "land" : "sink", kind: "final",
           sentence: `${title} ${plainText(boarded)}${why ? ` ${why}` : ""}` };
}

/** Offers this payload's reveals to the shared component (it plays the new ones). */
export function galerapagosReveals(msg, ctx, tr) {
  const view = msg.view;
  const offers = (view.ballots || []).map((b, i) => ({ b, i }))
    .filter(({ b }) => b.ballot && b.ballot.revealed)
    .map(({ b, i }) => ({ key: `${view.turn}:${i}:${b.kind}`, build: () => ballotSpec(view, tr, ctx, b) }));
  if (view.over && view.result) offers.push({ key: "final", build: () => finalSpec(view, tr, ctx) });
  offerReveals(gameKeyOf(msg, ctx), offers, { seconds: revealSeconds(ctx), lang: ctx.lang });
}
