export { planEpisode } from './plan.ts';
export { mergeCuts, planCuts, snapOutOfCuts, removedBefore, MIN_MANUAL_CUT_MS, type RawCut, type PlannedCuts } from './cuts.ts';
export { contentPieces, keptRanges, contentOffsets } from './content.ts';
export {
  publishedWords,
  contentToTimelineMs,
  spreadWords,
  CENSORED_WORD,
  type PublishedWordsInput,
  type SpokenTexts,
} from './published-words.ts';
export { publishedChapters, withoutCueWords } from './published-chapters.ts';
export { layOutSegments, planMusicBeds, planChapters } from './timeline.ts';
export {
  toMs,
  type PlanInput,
  type PlanTemplate,
  type PlanContent,
  type PlanChoices,
  type PlanOptions,
  type ResolvedSegment,
  type ResolvedMusicRule,
  type InternAnswerChoice,
  type SfxChoice,
} from './types.ts';
