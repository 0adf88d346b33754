/**
 * Retakes found from the repetition itself, unmarked repeats offered as suggestions, and fillers
 * that never cut a real word (issue 33 items 3 and 4). Not in the spec: bounds this product sets.
 */
export const RETAKES = {
  /**
   * The flubbed take is looked for only in the sentence before the marker: it begins after the last
   * word ending in . ? or ! or the last pause at least this long (the pause just before the marker
   * does not count). An earlier sentence opening with the same words is never taken (a cut 3.88 s
   * too early removed one).
   */
  sentencePauseSeconds: 0.7,
  /** A cut starting more than this before the take the retake repeats is offered unchecked. */
  choiceBeyondSeconds: 1,
  /** The retake's opening aligned by sound against the audio before the marker: this long at most, this short at least. */
  soundQuerySeconds: 1.2,
  minSoundQuerySeconds: 0.3,
  /**
   * A sound alignment counts when its path costs at most this share of a typical place's: a true
   * repeat stands out well below the rest of the sentence.
   */
  soundMaxCostRatio: 0.8,
  /** Word and sound restart points this close agree (the word's start is then used). */
  soundAgreeSeconds: 0.3,
  /** A restart found by sound moves to a word's start this close to it. */
  snapToWordSeconds: 0.25,
  /** Unmarked repeats: two phrases opening with at least this many of the same words, the second starting within this long of the first. */
  suggestionMinSharedWords: 3,
  suggestionMaxSeconds: 15,
  /**
   * Repeats found by sound alone (the recogniser garbled both takes): the match must stand out this
   * clearly, begin this close to a phrase onset, and the first take stop at most this long after the
   * part said again.
   */
  soundRepeatMaxCostRatio: 0.45,
  soundOnsetSeconds: 0.15,
  suggestionMaxTrailingSeconds: 2.5,
  /** A phrase starts after a pause this long (or a word ending in . ? !). */
  phrasePauseSeconds: 0.3,
  /** At most this many words may follow the shared opening in the abandoned take (an anaphora goes on for longer). */
  suggestionMaxTrailingWords: 4,
  /** 'like' and 'you know' are cut only as discourse markers, scored 0-1, at or above this. */
  discourseFillerMinConfidence: 0.7,
  /** A pause this long around a word sets it apart (a discourse marker is said between pauses). */
  discoursePauseSeconds: 0.15,
  /**
   * A hesitation heard by sound ('um', 'uh' the recogniser missed) is cut at or above this score,
   * and only over no word or a word recognisers write for one. On the labelled set the synthetic
   * voices' um/uh score 0.32-0.49 and a lone 'flubber' or 'ding' 0.11-0.42: the words decide.
   */
  fillerSoundMinScore: 0.35,
} as const;
