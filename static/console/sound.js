// The timer's beeps: WebAudio, unlocked by the judge's first tap or key (autoplay rules on Android
// and iOS), and a vibration where the device has one. Each beep is counted on the console's root
// (data-beeps), which the browser tests read.
let audio = null;

export function unlockSound() {
  if (audio) { if (audio.state === "suspended") audio.resume(); return; }
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    audio = new Context();
    const source = audio.createBufferSource();
    source.buffer = audio.createBuffer(1, 1, 22050);
    source.connect(audio.destination);
    source.start(0);
    if (audio.state === "suspended") audio.resume();
  } catch { audio = null; }
}

const SOUNDS = {
  ten: { freq: 660, seconds: 0.15, vibration: [120] },
  zero: { freq: 440, seconds: 0.6, vibration: [300, 100, 300] },
};

export function beep(root, which) {
  const { freq, seconds, vibration } = SOUNDS[which];
  root.setAttribute("data-beeps", String(parseInt(root.getAttribute("data-beeps") || "0", 10) + 1));
  if (navigator.vibrate) { try { navigator.vibrate(vibration); } catch { /* not allowed before a tap */ } }
  if (!audio) return;
  try {
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.4, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + seconds);
    osc.connect(gain); gain.connect(audio.destination);
    osc.start(); osc.stop(audio.currentTime + seconds);
  } catch { /* no sound device */ }
}
