import { CURRENT_FFMPEG, unscaledAmix, type FfmpegCapabilities } from '../ffmpeg/legacy-filters.ts';

/**
 * Royalty-free background beds the product synthesises itself (no copied recordings): each bed is
 * a plain recipe (chords, pulse, noise, effects), and musicBedArgs turns one recipe into the
 * arguments of a single ffmpeg run over lavfi sources. Pure: no I/O here.
 */

/** A chord as frequencies in Hz, lowest first; every chord of a bed has the same number of notes. */
export type Chord = readonly number[];

export interface MusicBedRecipe {
  /** Stable key: the seeded asset is found again by it on every start. */
  key: string;
  displayName: string;
  moodTags: readonly string[];
  durationSeconds: number;
  /** The progression, each chord held chordSeconds, looping for the whole bed. */
  chords: readonly Chord[];
  chordSeconds: number;
  /** Pad swell at each chord change (seconds), so chords cross without clicks. */
  attackSeconds: number;
  releaseSeconds: number;
  /** Stereo width: the right channel is detuned by this many Hz. */
  detuneHz: number;
  /** Share of the second harmonic in each note (0 a pure sine, higher is brighter). */
  brightness: number;
  lowpassHz: number;
  tremolo?: { hz: number; depth: number };
  /** A soft kick (and optional ticks) at a tempo, for the upbeat beds. */
  pulse?: { bpm: number; kickHz: number; level: number; ticks: boolean };
  /** Filtered noise under the pad: air for ambient beds. */
  noise?: { color: 'pink' | 'brown'; lowpassHz: number; level: number };
  echo?: { delayMs: number; decay: number };
  fadeInSeconds: number;
  fadeOutSeconds: number;
}

export const MUSIC_BED_SAMPLE_RATE = 44100;
export const MUSIC_BED_BITRATE = '160k';
/**
 * The expressions are evaluated per sample, which is slow: one cycle of the progression is
 * computed at this rate (everything is low-passed below its Nyquist frequency), then looped and
 * resampled, so a bed renders in seconds rather than a minute.
 */
const SYNTH_SAMPLE_RATE = 22050;

/** Equal-tempered pitch of a MIDI note number (69 is A4 = 440 Hz). */
export function noteHz(midi: number): number {
  return Math.round(440 * 2 ** ((midi - 69) / 12) * 100) / 100;
}

const chord = (...midi: number[]): Chord => midi.map(noteHz);

/** The beds shipped with every instance: calm, upbeat, warm and ambient, 60 to 90 seconds each. */
export const MUSIC_BEDS: readonly MusicBedRecipe[] = [
  {
    key: 'calm-morning',
    displayName: 'Calm Morning',
    moodTags: ['calm', 'soft', 'intro'],
    durationSeconds: 75,
    // Cmaj7 - Am7 - Fmaj7 - G6, voiced low and close.
    chords: [chord(48, 55, 59, 64), chord(45, 52, 55, 60), chord(41, 48, 52, 57), chord(43, 50, 55, 59)],
    chordSeconds: 6,
    attackSeconds: 1.5,
    releaseSeconds: 1.5,
    detuneHz: 0.4,
    brightness: 0.15,
    lowpassHz: 2400,
    tremolo: { hz: 0.25, depth: 0.2 },
    noise: { color: 'pink', lowpassHz: 900, level: 0.012 },
    echo: { delayMs: 420, decay: 0.25 },
    fadeInSeconds: 3,
    fadeOutSeconds: 4,
  },
  {
    key: 'upbeat-pulse',
    displayName: 'Upbeat Pulse',
    moodTags: ['upbeat', 'energetic', 'bright'],
    durationSeconds: 60,
    // I - V - vi - IV in D major, a little brighter and higher.
    chords: [chord(50, 57, 62, 66), chord(45, 52, 57, 61), chord(47, 54, 59, 62), chord(43, 50, 55, 59)],
    chordSeconds: 2,
    attackSeconds: 0.05,
    releaseSeconds: 0.3,
    detuneHz: 0.6,
    brightness: 0.45,
    lowpassHz: 5000,
    tremolo: { hz: 4, depth: 0.45 },
    pulse: { bpm: 120, kickHz: 55, level: 0.35, ticks: true },
    fadeInSeconds: 1.5,
    fadeOutSeconds: 3,
  },
  {
    key: 'warm-hearth',
    displayName: 'Warm Hearth',
    moodTags: ['warm', 'mellow', 'story'],
    durationSeconds: 90,
    // Fmaj7 - Em7 - Dm7 - Cmaj7: a slow, descending, warm progression.
    chords: [chord(41, 53, 57, 64), chord(40, 52, 55, 62), chord(38, 50, 53, 60), chord(36, 52, 55, 59)],
    chordSeconds: 4,
    attackSeconds: 0.8,
    releaseSeconds: 1,
    detuneHz: 0.8,
    brightness: 0.3,
    lowpassHz: 1600,
    tremolo: { hz: 3, depth: 0.12 },
    echo: { delayMs: 300, decay: 0.3 },
    fadeInSeconds: 2,
    fadeOutSeconds: 4,
  },
  {
    key: 'ambient-drift',
    displayName: 'Ambient Drift',
    moodTags: ['ambient', 'atmospheric', 'background'],
    durationSeconds: 80,
    // Open fifths drifting between Dsus2 and Bbmaj9 colours.
    chords: [chord(38, 45, 52, 64), chord(34, 46, 53, 62), chord(36, 43, 50, 62)],
    chordSeconds: 10,
    attackSeconds: 3,
    releaseSeconds: 3,
    detuneHz: 0.25,
    brightness: 0.05,
    lowpassHz: 1200,
    noise: { color: 'brown', lowpassHz: 500, level: 0.05 },
    echo: { delayMs: 700, decay: 0.35 },
    fadeInSeconds: 4,
    fadeOutSeconds: 5,
  },
];

function num(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(4).replace(/0+$/, '');
}

/** if(eq(c,0),a,if(eq(c,1),b,...)): the value of note `voice` in the current chord (register 0). */
function chordSelect(chords: readonly Chord[], voice: number): string {
  const values = chords.map((c) => c[voice] ?? c[c.length - 1] ?? 0);
  let expr = num(values[values.length - 1] ?? 0);
  for (let i = values.length - 2; i >= 0; i -= 1) expr = `if(eq(ld(0)\\,${i})\\,${num(values[i] ?? 0)}\\,${expr})`;
  return expr;
}

/**
 * One channel of the pad: register 0 holds the chord index, register 1 the time inside the chord;
 * the envelope swells in and out at each chord change. Commas are escaped for the filter graph.
 */
export function padExpression(recipe: MusicBedRecipe, detuneHz: number): string {
  const notes = recipe.chords[0]?.length ?? 0;
  if (notes === 0 || recipe.chords.some((c) => c.length !== notes)) throw new RangeError('Every chord needs the same number of notes');
  const L = num(recipe.chordSeconds);
  const gain = num(0.5 / notes / (1 + recipe.brightness));
  const partials = Array.from({ length: notes }, (_, v) => {
    const f = `(${chordSelect(recipe.chords, v)}+${num(detuneHz)})`;
    return `sin(2*PI*${f}*t)+${num(recipe.brightness)}*sin(4*PI*${f}*t)`;
  });
  const envelope = `min(1\\,ld(1)/${num(recipe.attackSeconds)})*min(1\\,(${L}-ld(1))/${num(recipe.releaseSeconds)})`;
  return `st(0\\,mod(floor(t/${L})\\,${recipe.chords.length}));st(1\\,mod(t\\,${L}));${gain}*${envelope}*(${partials.join('+')})`;
}

/** A soft kick on every beat (a decaying low sine), plus off-beat noise ticks when asked. */
export function pulseExpression(pulse: NonNullable<MusicBedRecipe['pulse']>): string {
  const beat = num(60 / pulse.bpm);
  const kick = `${num(pulse.level)}*sin(2*PI*${num(pulse.kickHz)}*t)*exp(-mod(t\\,${beat})*9)`;
  if (!pulse.ticks) return kick;
  const tick = `${num(pulse.level * 0.15)}*(random(0)*2-1)*exp(-mod(t+${num(Number(beat) / 2)}\\,${beat})*60)`;
  return `${kick}+${tick}`;
}

/** One pass of the progression: the part that is synthesised, then looped for the whole bed. */
export function cycleSeconds(recipe: MusicBedRecipe): number {
  return Math.min(recipe.durationSeconds, recipe.chords.length * recipe.chordSeconds);
}

/**
 * The whole ffmpeg command (without the runner's options) that renders a recipe to an MP3 at dest.
 * The layers are summed as they are; on a build whose amix cannot leave out its 1/n scaling, the
 * layers after the first are padded endlessly (so the scale stays 1/n until the first ends) and
 * the sum is scaled back.
 */
export function musicBedArgs(recipe: MusicBedRecipe, dest: string, capabilities: FfmpegCapabilities = CURRENT_FFMPEG): string[] {
  const { chains, mixInputs } = layerChains(recipe, capabilities);
  chains.push(masterChain(recipe, mixInputs, capabilities));
  return [
    '-y',
    '-filter_complex',
    chains.join(';'),
    '-map',
    '[out]',
    '-ar',
    String(MUSIC_BED_SAMPLE_RATE),
    '-ac',
    '2',
    '-c:a',
    'libmp3lame',
    '-b:a',
    MUSIC_BED_BITRATE,
    '-metadata',
    `title=${recipe.displayName}`,
    '-metadata',
    'comment=Synthesised by Podcast Plus Plus; free to use',
    dest,
  ];
}

/** The bed's layers: the looped pad, and the beat and the air when the recipe has them; with their labels for the mix. */
function layerChains(recipe: MusicBedRecipe, capabilities: FfmpegCapabilities): { chains: string[]; mixInputs: string[] } {
  const d = num(recipe.durationSeconds);
  const sr = MUSIC_BED_SAMPLE_RATE;
  const cycle = cycleSeconds(recipe);
  const loop = `aloop=loop=-1:size=${Math.round(cycle * SYNTH_SAMPLE_RATE)},atrim=duration=${d},aresample=${sr}`;
  const padChannels = `${padExpression(recipe, 0)}|${padExpression(recipe, recipe.detuneHz)}`;
  const chains: string[] = [];
  const layer = (chain: string, label: string): void => {
    chains.push(`${chain}${capabilities.amixNormalize ? '' : ',apad'}[${label}]`);
  };
  const padFx = [loop, `lowpass=f=${num(recipe.lowpassHz)}`];
  if (recipe.tremolo) padFx.push(`tremolo=f=${num(recipe.tremolo.hz)}:d=${num(recipe.tremolo.depth)}`);
  chains.push(`aevalsrc=exprs='${padChannels}':s=${SYNTH_SAMPLE_RATE}:d=${num(cycle)},${padFx.join(',')}[pad]`);
  const mixInputs = ['[pad]'];
  if (recipe.pulse) {
    const expr = pulseExpression(recipe.pulse);
    layer(`aevalsrc=exprs='${expr}|${expr}':s=${SYNTH_SAMPLE_RATE}:d=${num(cycle)},${loop},highpass=f=30`, 'beat');
    mixInputs.push('[beat]');
  }
  if (recipe.noise) {
    const { color, lowpassHz, level } = recipe.noise;
    layer(`anoisesrc=c=${color}:a=${num(level)}:r=${sr}:d=${d}:s=7,lowpass=f=${num(lowpassHz)},aformat=channel_layouts=stereo`, 'air');
    mixInputs.push('[air]');
  }
  return { chains, mixInputs };
}

/** The layers summed, with the recipe's echo, the fades, a limiter and the exact length: the [out] chain. */
function masterChain(recipe: MusicBedRecipe, mixInputs: string[], capabilities: FfmpegCapabilities): string {
  const mix = capabilities.amixNormalize
    ? `amix=inputs=${mixInputs.length}:duration=first:normalize=0`
    : unscaledAmix(mixInputs.length, 'first');
  const master: string[] = [`${mixInputs.join('')}${mix}`];
  if (recipe.echo) master.push(`aecho=0.8:0.85:${num(recipe.echo.delayMs)}:${num(recipe.echo.decay)}`);
  master.push(
    `afade=t=in:st=0:d=${num(recipe.fadeInSeconds)}`,
    `afade=t=out:st=${num(recipe.durationSeconds - recipe.fadeOutSeconds)}:d=${num(recipe.fadeOutSeconds)}`,
    'alimiter=limit=0.89:level=false',
    `atrim=duration=${num(recipe.durationSeconds)}`,
  );
  return `${master.join(',')}[out]`;
}
