// Keeps the screen on during a game. The Screen Wake Lock API exists only in a secure
// context (https, or localhost on the laptop); a phone on http://192.168.x.y has none, so
// there the vendored NoSleep.js plays its tiny muted looping video (made locally, data URIs:
// nothing fetched), which phone browsers treat as "watching". A video may need a tap to start:
// every tap retries while the page wants to stay awake. See README, "Keeping screens on".

const state = { wanted: false, mode: "none", active: false };
let sentinel = null;
let noSleep = null;
let loading = null;

function loadNoSleep() {
  if (window.NoSleep) return Promise.resolve(window.NoSleep);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = "/static/vendor/nosleep/NoSleep.min.js";
      script.onload = () => (window.NoSleep ? resolve(window.NoSleep) : reject(new Error("no NoSleep")));
      script.onerror = () => reject(new Error("NoSleep did not load"));
      document.head.appendChild(script);
    });
  }
  return loading;
}

async function acquire() {
  if (!state.wanted || state.active || document.visibilityState !== "visible") return;
  if ("wakeLock" in navigator) {
    state.mode = "native";
    try {
      sentinel = await navigator.wakeLock.request("screen");
      state.active = true;
      sentinel.addEventListener("release", () => { sentinel = null; state.active = false; });
    } catch (_) { state.active = false; /* refused (battery saver...): nothing else to try */ }
    return;
  }
  state.mode = "video";
  try {
    const NoSleep = await loadNoSleep();
    if (!noSleep) noSleep = new NoSleep();
    await noSleep.enable();
    state.active = true;
  } catch (_) { state.active = false; /* needs a tap first: the next tap retries */ }
}

function release() {
  if (sentinel) sentinel.release().catch(() => {});
  sentinel = null;
  if (noSleep) noSleep.disable();
  state.active = false;
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") {
    if (state.mode === "native") state.active = Boolean(sentinel);
    acquire();
  }
});
for (const type of ["click", "touchend"]) {
  document.addEventListener(type, () => { if (state.wanted && !state.active) acquire(); }, { capture: true, passive: true });
}

/** keepAwake(true) while a game is on, keepAwake(false) otherwise. */
export function keepAwake(on) {
  state.wanted = Boolean(on);
  if (state.wanted) acquire();
  else release();
}

/** {wanted, mode: "native"|"video"|"none", active} for tests and debugging. */
export function wakeState() { return { ...state }; }
