// Toasts: short messages at the top of the screen. Info toasts are announced politely
// (role=status), errors assertively (role=alert) and look different (colour AND icon).
import { h } from "./dom.js";

let box = null;

function container() {
  if (box && document.body.contains(box)) return box;
  box = h("div", { class: "toasts", id: "toasts" });
  document.body.appendChild(box);
  return box;
}

/** toast(text, {kind: "info"|"error"|"ok", ms}) -> the element */
export function toast(text, { kind = "info", ms } = {}) {
  const duration = ms ?? (kind === "error" ? 6000 : 3500);
  const icon = kind === "error" ? "!" : kind === "ok" ? "✓" : "i";
  const el = h("div", {
    class: ["toast", `toast-${kind}`],
    role: kind === "error" ? "alert" : "status",
    "aria-live": kind === "error" ? "assertive" : "polite",
    dataset: { kind },
  },
  h("span", { class: "toast-icon", "aria-hidden": "true" }, icon),
  h("span", { class: "toast-text" }, text));
  const close = () => {
    el.classList.add("toast-leaving");
    setTimeout(() => el.remove(), 250);
  };
  el.addEventListener("click", close);
  const list = container();
  // Never pile up more than three.
  while (list.children.length >= 3) list.firstElementChild.remove();
  list.appendChild(el);
  setTimeout(close, duration);
  return el;
}

export const toastError = (text) => toast(text, { kind: "error" });

/** Remove every toast now (e.g. an old error once the thing it was about succeeded). */
export function clearToasts(kind = null) {
  if (!box) return;
  for (const el of [...box.children]) if (!kind || el.dataset.kind === kind) el.remove();
}
