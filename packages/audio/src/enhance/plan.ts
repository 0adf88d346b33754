import type { SpeechProfile } from './profile.ts';

/**
 * What the enhancement does to one recording, decided from its profile: only what the recording
 * needs, so clean speech passes through almost untouched (the benchmark checks the difference signal
 * on clean input stays 30 dB below the speech).
 */
export interface EnhancementPlan {
  /** RNNoise: when there is a noise floor at all and it is not far below the speech. */
  denoise: boolean;
  /** With the denoiser, its voice gate (gate.ts): what it leaves between words ducked further. */
  gate: boolean;
  /** Notches at the mains frequency and its harmonics. */
  humHz: 50 | 60 | null;
  /** A high-pass under the voice when there is rumble (0: none; its phase shift is audible on clean speech). */
  highPassHz: number;
  /** A gentle leveler, when the speech level wanders. */
  level: boolean;
  /** A de-esser, when the speech carries strong sibilance. */
  deEss: boolean;
}

/** Digital silence sits far below this: such a recording has no noise to take out. */
const NOISY_FLOOR_DB = -70;
/**
 * Speech this far above its noise floor is clean enough to leave to itself: a denoiser always changes
 * the voice a little (on clean read speech RNNoise's difference lies only 15-20 dB below it), which
 * costs more than a floor this far down is heard.
 */
const CLEAN_SNR_DB = 35;
const HIGH_PASS_HZ = 70;
/**
 * Energy below 50 Hz above this share is rumble. A male voice's low harmonics and a recording's own
 * low end put a few per cent there (the LibriVox readers 3 %), and a high-pass's phase shift on them
 * is a difference on clean speech, so only real rumble (handling, wind, traffic) earns it.
 */
const RUMBLE_SHARE = 0.08;
const WANDERING_LEVEL_DB = 18;
/** Half the speech's energy above 5 kHz is harsh; clear synthetic and read voices put 3-11 % there. */
const STRONG_SIBILANCE = 0.2;
const HUM_HARMONICS = 3;
const HUM_NOTCH_Q = 12;

export function planEnhancement(profile: SpeechProfile): EnhancementPlan {
  const denoise = profile.noiseFloorDb > NOISY_FLOOR_DB && profile.snrDb < CLEAN_SNR_DB;
  return {
    denoise,
    gate: denoise,
    humHz: profile.hum?.hz ?? null,
    highPassHz: profile.rumble > RUMBLE_SHARE ? HIGH_PASS_HZ : 0,
    level: profile.levelSpreadDb > WANDERING_LEVEL_DB,
    deEss: profile.sibilance > STRONG_SIBILANCE,
  };
}

/** ffmpeg filters before the denoiser: the high-pass and the hum notches. */
export function preDenoiseFilters(plan: EnhancementPlan): string {
  const filters = plan.highPassHz > 0 ? [`highpass=f=${plan.highPassHz}:poles=2`] : [];
  if (plan.humHz !== null)
    for (let harmonic = 1; harmonic <= HUM_HARMONICS; harmonic++)
      filters.push(`bandreject=f=${plan.humHz * harmonic}:width_type=q:width=${HUM_NOTCH_Q}`);
  return filters.length ? filters.join(',') : 'anull';
}

/** ffmpeg filters after the denoiser: the de-esser and the leveler ('anull' when neither). */
export function postDenoiseFilters(plan: EnhancementPlan): string {
  const filters: string[] = [];
  if (plan.deEss) filters.push('deesser=i=0.4:m=0.5:f=0.5:s=o');
  // Frames of 500 ms, at most 12 dB of gain, a slow Gaussian: a leveler, not a compressor.
  if (plan.level) filters.push('dynaudnorm=f=500:g=31:p=0.9:m=4');
  return filters.length ? filters.join(',') : 'anull';
}

/** What was done, in the words the review and the log use. */
export function describePlan(plan: EnhancementPlan): string[] {
  const steps: string[] = [];
  if (plan.highPassHz > 0) steps.push(`rumble below ${plan.highPassHz} Hz removed`);
  if (plan.humHz !== null) steps.push(`${plan.humHz} Hz hum removed`);
  if (plan.denoise) steps.push('noise reduced (RNNoise)');
  if (plan.deEss) steps.push('de-essed');
  if (plan.level) steps.push('levelled');
  return steps;
}
