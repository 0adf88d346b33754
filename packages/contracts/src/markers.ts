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
  /**
   * A hit this strong supports a word or a phrase of two syllables or more. First measurement (flite
   * slt): a said 'flubber' scored +19.7; 'welcome to' searched as 'intern' -9.7; 'I love blubber'
   * +2.3 and -17.7 as 'flubber'; 'lasts longer', 'rubber ducks', 'lobby' no hit at all.
   */
  keywordMinScore: -3,
  /** One syllable ('stop', 'ding') is spotted inside many longer words: its hit must be this strong. */
  shortKeywordMinScore: 5,
  /** A trigger that does not start a phrase ('welcome intern' mid-sentence) needs a hit this strong. */
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
