/**
 * Spoken markers confirmed by sound and by the timing of speech (issue 33 item 2); not in the spec.
 * Keyword scores are the base-10 exponent of the strictest pocketsphinx -kws threshold a hit passes
 * (0: the phrase and a free phone loop explain the audio equally well; +20: a clearly said phrase).
 */
export const MARKERS = {
  /**
   * The keyword search listens this loosely (1e-30) and leaves the decision to the thresholds
   * below, so that a near miss is seen and weighed instead of dropped.
   */
  kwsSearchThreshold: 1e-30,
  /*
   * Calibrated on the labelled set of issue 33 (bench/quality: 12 episodes of flite, festival HTS,
   * espeak-ng and LibriVox speech; Debian's pocketsphinx 0.8 en-us; bench/markers.bench.ts prints
   * these scores). Said 'flubber' scored +7.9 to +61.6 except in espeak-ng's voice (-14.7 to -6.7:
   * pocketsphinx does not hear it), said 'intern' +15.3 to +33.9 (one flite kal16 'intern' -6.8);
   * the strongest hit of a two-syllable phrase where it was not said was 'welcome to the' searched
   * as 'intern', +0.1 (then -2.6, -3.5). Said 'ding' +6.4 to +16.6 (one flite slt 'ding' -0.1),
   * said 'stop' +6.2 to +15.2; where neither was said at most +4.0 ('apart into' as 'ding') and
   * +2.7 ('just after' as 'stop').
   */
  /** A hit this strong supports a phrase of two syllables or more: above every false hit (+0.1), below every said one heard (+7.9). */
  keywordMinScore: 4,
  /** One syllable ('stop', 'ding') hides inside longer words ('parking', 'apart into' +4.0): its hit must be this strong. */
  shortKeywordMinScore: 5,
  /** A trigger that does not start a phrase ('welcome intern' mid-sentence) needs a hit this strong: below every said 'intern' heard (+15.3). */
  midPhraseKeywordMinScore: 12,
  /** The score at which acoustic confidence reaches 0.9; between the minimum and this it rises smoothly. */
  confidentKeywordScore: 15,
  /** A hit supports a word when they overlap by this share of the shorter of the two. */
  hitWordOverlap: 0.4,
  /**
   * A pause between words: word times this far apart, or a measured silence at least this long
   * between them. Spoken markers stand alone between such pauses ('... on a, flubber, today we ...').
   */
  markerPauseSeconds: 0.12,
  /** An Intern trigger starts a phrase: this much quiet before it (or it is the first word). */
  phraseStartPauseSeconds: 0.2,
  /**
   * A command with no end marker ends at the first pause this long after the trigger (and never
   * after the spec's 6 s default end): without it a missed 'stop' let a prompt run 18.8 s into the intro.
   */
  commandEndPauseSeconds: 0.7,
  /** An end marker is looked for only until the first pause this long: a 'stop' after it is another sentence's. */
  commandMaxInnerPauseSeconds: 2.5,
  /** A fuzzy word match below this is no word evidence at all (a 'rubber' can still be a marker by its sound and timing). */
  minWordSimilarity: 0.5,
  /** Confidence below this is shown as 'low confidence: listen first' in the review. */
  lowConfidence: 0.6,
  /** Silences measured on the audio: 10 ms frames, quieter than the floor plus this share of the floor-to-speech range. */
  silenceFrameSeconds: 0.01,
  silenceLevelShare: 0.25,
  /** Shortest stretch of quiet frames counted as a silence. */
  minSilenceSeconds: 0.08,
} as const;
