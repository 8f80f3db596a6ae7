// The table's sounds, made here with the Web Audio API (no sound file is fetched): a card laid,
// points pegged, a go, a win and a softer loss. Browsers let a page start its audio only after
// a gesture of the player's, so the AudioContext is made on the first click or key press; a
// sound before that is recorded but not heard. Sound follows the "sound" setting; the game
// page's mute button (and the key M) turns that setting over, so this browser remembers it.
import { h, isTyping } from "./dom.js";
import { soundsFor } from "./logic/sounds.js";
import { changeSettings, onSettings, settings } from "./settings.js";

/** How many played sounds `window.cribkitSounds` keeps (for tests and the curious). */
const KEPT = 50;
let context = null;
let noiseBuffer = null;

function soundOn() {
  return settings().sound === "on";
}

/** The page's AudioContext, made (or woken) only from a player's gesture. */
function wake() {
  if (!soundOn()) return;
  try {
    if (!context) {
      const Audio = window.AudioContext || window.webkitAudioContext;
      if (!Audio) return;
      context = new Audio();
    }
    if (context.state === "suspended") context.resume().catch(() => {});
  } catch {
    context = null; // no audio on this browser: the sounds are only recorded
  }
}
for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, wake, { capture: true, passive: true });

/** A note: `freq` Hz (gliding to `to`), from `at` for `length` s, at `gain`, quickly in and out. */
function tone(out, { at, freq, to = null, length, type = "triangle", gain = 0.2 }) {
  const osc = context.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, at + length);
  const envelope = context.createGain();
  envelope.gain.setValueAtTime(0.0001, at);
  envelope.gain.exponentialRampToValueAtTime(gain, at + 0.01);
  envelope.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(envelope).connect(out);
  osc.start(at);
  osc.stop(at + length + 0.05);
}

/** A burst of filtered noise: the snap of a card on the felt. */
function snap(out, { at, length, freq, gain }) {
  if (!noiseBuffer) {
    noiseBuffer = context.createBuffer(1, Math.ceil(context.sampleRate * 0.2), context.sampleRate);
    const samples = noiseBuffer.getChannelData(0);
    for (let i = 0; i < samples.length; i += 1) samples[i] = Math.random() * 2 - 1;
  }
  const source = context.createBufferSource();
  source.buffer = noiseBuffer;
  const filter = context.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = freq;
  filter.Q.value = 0.9;
  const envelope = context.createGain();
  envelope.gain.setValueAtTime(gain, at);
  envelope.gain.exponentialRampToValueAtTime(0.0001, at + length);
  source.connect(filter).connect(envelope).connect(out);
  source.start(at);
  source.stop(at + length + 0.02);
}

/** Each sound drawn from `at`; answers how long it lasts (the next one follows it). */
const VOICES = {
  card(out, at) {
    snap(out, { at, length: 0.08, freq: 2200, gain: 0.9 });
    tone(out, { at, freq: 170, to: 80, length: 0.07, type: "sine", gain: 0.25 });
    return 0.1;
  },
  points(out, at) {
    // Two taps of a peg going in: high and bright, short.
    tone(out, { at, freq: 1320, length: 0.07, gain: 0.16 });
    tone(out, { at: at + 0.08, freq: 1760, length: 0.09, gain: 0.16 });
    return 0.2;
  },
  go(out, at) {
    tone(out, { at, freq: 392, length: 0.14, gain: 0.18 });
    tone(out, { at: at + 0.13, freq: 294, length: 0.2, gain: 0.16 });
    return 0.35;
  },
  win(out, at) {
    [523.25, 659.25, 783.99, 1046.5].forEach((freq, i) =>
      tone(out, { at: at + i * 0.1, freq, length: i === 3 ? 0.5 : 0.22, gain: 0.16 }),
    );
    return 0.8;
  },
  loss(out, at) {
    // Softer and lower: a falling minor line on a sine.
    [440, 349.23, 293.66].forEach((freq, i) =>
      tone(out, { at: at + i * 0.17, freq, length: 0.34, type: "sine", gain: 0.09 }),
    );
    return 0.7;
  },
};

/** Keep what was played where a test can read it: <html data-last-sound> and window.cribkitSounds. */
function record(name) {
  document.documentElement.dataset.lastSound = name;
  const played = (window.cribkitSounds = window.cribkitSounds || []);
  played.push(name);
  if (played.length > KEPT) played.splice(0, played.length - KEPT);
}

/** Play these sounds one after the other (nothing with the sound off). */
export function playSounds(names) {
  if (!soundOn() || !names.length) return;
  for (const name of names) record(name);
  if (!context || context.state !== "running") return; // no gesture yet: nothing may be heard
  const out = context.createGain();
  out.gain.value = 0.7;
  out.connect(context.destination);
  let at = context.currentTime + 0.01;
  for (const name of names) at += VOICES[name](out, at);
}

/** The game page's hook: the sounds of a state drawn with its new events (see logic/sounds.js). */
export function playStateSounds(message, newEvents, { humans = [], watching = false } = {}) {
  playSounds(soundsFor(message, newEvents, { humans, watching }));
}

/** Turn the sound setting over (the mute button, the key M). */
export function toggleMute() {
  changeSettings({ sound: soundOn() ? "off" : "on" });
  wake();
}

const MUTE = "[data-action=mute]";

function syncButtons() {
  for (const button of document.querySelectorAll(MUTE)) button.setAttribute("aria-pressed", String(!soundOn()));
}
onSettings(syncButtons);
// The key M on a page with a mute button (the game page), unless the player is typing.
document.addEventListener("keydown", (event) => {
  if (event.key !== "m" && event.key !== "M") return;
  if (isTyping(event) || event.ctrlKey || event.metaKey || event.altKey || !document.querySelector(MUTE)) return;
  toggleMute();
  event.preventDefault();
});

/** The speaker drawn in the button: its waves with the sound on, a cross when muted. */
function speaker() {
  const line = { stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round", fill: "none" };
  return h(
    "svg:svg",
    { class: "speaker", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" },
    h("svg:path", { d: "M3 9h4l5-4v14l-5-4H3z", fill: "currentColor" }),
    h("svg:path", { class: "waves", d: "M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12", ...line }),
    h("svg:path", { class: "cross", d: "M16 9l6 6M22 9l-6 6", ...line }),
  );
}

/** The game page's mute button: pressed while the sound is off. */
export function muteButton() {
  return h(
    "button",
    {
      type: "button",
      class: "sound-button",
      "data-action": "mute",
      "data-testid": "mute",
      "aria-pressed": String(!soundOn()),
      "aria-keyshortcuts": "M",
      // The speaker alone, to keep the row of controls short; its name is said, not shown.
      "aria-label": "Mute",
      title: "Mute the sounds (M)",
      onclick: toggleMute,
    },
    speaker(),
  );
}
