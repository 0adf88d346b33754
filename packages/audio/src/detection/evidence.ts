/**
 * What the audio itself says, beside the transcript's words (issue 33): detection weighs it with the
 * words and the timing of speech. Every part is optional: a part that was not gathered (no working
 * copy, no pocketsphinx on the machine) is no evidence either way, and detection falls back to the
 * words alone for it.
 */

/** A keyphrase spotted in the audio by a keyword search (pocketsphinx -kws), independent of the transcript. */
export interface KeywordHit {
  /** The phrase as normalised by normaliseText ('stop intern'). */
  phrase: string;
  start: number;
  end: number;
  /**
   * How much better the phrase explains the audio than a free phone loop, as the base-10 exponent of
   * the strictest pocketsphinx -kws threshold the hit passes (0 is a likelihood ratio of 1, -6 passes
   * /1e-6/ but not /1e-5/). Thresholds per phrase length live in MARKERS (contracts).
   */
  score: number;
}

/** A stretch of audio that sounds like a hesitation ('um', 'uh'): short, voiced, steady pitch, between pauses. */
export interface FillerCandidate {
  start: number;
  end: number;
  /** 0-1. */
  score: number;
}

/** Spectral frames of the audio (MFCC rows), one every stepS seconds from 0, for aligning takes by sound. */
export interface FeatureFrames {
  stepS: number;
  frames: readonly Float32Array[];
}

/** A quiet stretch of the audio (below the measured speech level), in seconds. */
export interface Silence {
  start: number;
  end: number;
}

export interface AcousticEvidence {
  /**
   * Phrases the keyword search listened for. A phrase listed here with no hit near a word is evidence
   * against that word being the phrase; a phrase not listed was not searched for (no evidence).
   */
  searched?: readonly string[];
  keywordHits?: readonly KeywordHit[];
  /** Quiet stretches measured on the audio: they tell pauses the word times may hide (whisper's words abut). */
  silences?: readonly Silence[];
  fillerCandidates?: readonly FillerCandidate[];
  features?: FeatureFrames;
}
