// The short tone that says "your turn" in a live game, when the user chose it (off by
// default: a page that makes sounds unasked is a bad neighbour). WebAudio, made on first
// use; a browser that refuses sound before a click stays silent.

/** @type {AudioContext|null} */
let context = null;

export function yourTurnTone() {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') context.resume().catch(() => {});
    const now = context.currentTime;
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.type = 'sine';
    tone.frequency.setValueAtTime(660, now);
    tone.frequency.setValueAtTime(880, now + 0.09);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.15, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.25);
    tone.connect(gain).connect(context.destination);
    tone.start(now);
    tone.stop(now + 0.26);
  } catch {
    /* no sound here */
  }
}
