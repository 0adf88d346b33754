/** Synthetic 16 kHz signals for the analysis tests: tone sweeps standing in for words, silence for pauses. */
export const RATE = 16_000;

/** A "word": a sweep from one frequency to another with a few harmonics, faded in and out. */
export interface Sweep {
  from: number;
  to: number;
  seconds: number;
}

export function sweep({ from, to, seconds }: Sweep, amplitude = 0.3): Float32Array {
  const n = Math.round(seconds * RATE);
  const out = new Float32Array(n);
  let phase = 0;
  const fade = Math.round(0.01 * RATE);
  for (let i = 0; i < n; i++) {
    const f = from + ((to - from) * i) / n;
    phase += (2 * Math.PI * f) / RATE;
    const edge = Math.min(1, i / fade, (n - 1 - i) / fade);
    out[i] = amplitude * edge * (Math.sin(phase) + 0.5 * Math.sin(2 * phase) + 0.25 * Math.sin(3 * phase));
  }
  return out;
}

export const silence = (seconds: number) => new Float32Array(Math.round(seconds * RATE));

export function concat(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Words said one after another with short gaps: the samples and each word's [start, end] in seconds. */
export function phrase(words: readonly Sweep[], gap = 0.05): { samples: Float32Array; times: [number, number][] } {
  const parts: Float32Array[] = [];
  const times: [number, number][] = [];
  let t = 0;
  for (const word of words) {
    times.push([t, t + word.seconds]);
    parts.push(sweep(word), silence(gap));
    t += word.seconds + gap;
  }
  return { samples: concat(parts), times };
}

/** A held voiced vowel: a glottal-like pulse train (30 harmonics falling 1/k) at one pitch, as an "uh". */
export function heldVowel(pitch: number, seconds: number, amplitude = 0.1): Float32Array {
  const n = Math.round(seconds * RATE);
  const fade = Math.round(0.01 * RATE);
  return Float32Array.from({ length: n }, (_, i) => {
    let sum = 0;
    for (let k = 1; k <= 30 && k * pitch < RATE / 2; k++) sum += Math.sin((2 * Math.PI * k * pitch * i) / RATE) / k;
    return amplitude * Math.min(1, i / fade, (n - 1 - i) / fade) * sum;
  });
}
