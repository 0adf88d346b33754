import { planEpisode, publishedWords, type PlanInput } from '@ppp/audio';
import {
  ZAudioCleanupSettings,
  ZSegment,
  estimateSpeechSeconds,
  type TAiReviewChoices,
  type TAudioCleanupSettings,
  type TDetectionResult,
  type TTranscriptWord,
} from '@ppp/contracts';
import { reviewedChoices } from '../episodes/assembly-recipe.ts';
import { cueWordsOf } from '../episodes/published-text.ts';

/** What the upload gives: its words, what detection found in them and its length. */
export interface ReviewedUpload {
  words: readonly TTranscriptWord[];
  detection: TDetectionResult;
  durationMs: number;
}

/** Without review choices the creator has not said yet: every detected retake is cut, as proposed, and every command left out. */
const UNREVIEWED: TAiReviewChoices = {
  flubber_cuts_ms: [],
  intents: { flubber: 'yes', intern: 'no', sfx: 'no' },
  intern_answers: [],
  cleanup: {},
  manual_cuts: [],
};

const file = (name: string, durationMs: number) => ({ path: name, format: 'wav', duration_ms: Math.max(1, Math.round(durationMs)) });

/**
 * Before assembly: the words the episode will play if it is assembled with these review choices (the
 * content alone, as the planner plans it: the retakes the creator cut, fillers and pauses under the
 * cleanup chosen, each accepted Intern answer's text in place of its command, the length of its
 * voice estimated). Times are the content's after the cuts.
 */
export function reviewedWords(
  upload: ReviewedUpload,
  settings: TAudioCleanupSettings,
  review: TAiReviewChoices | null | undefined,
): { words: TTranscriptWord[]; durationMs: number } {
  const choices = review ?? UNREVIEWED;
  const resolved = reviewedChoices(choices, upload.detection);
  const cleanup = ZAudioCleanupSettings.parse({ ...settings, ...choices.cleanup });
  const answers = resolved.intern_answers.map((answer) => ({
    intern_index: answer.intern_index,
    file: file(`answer-${answer.intern_index}`, estimateSpeechSeconds(answer.text ?? '') * 1000),
    ...(answer.at_s === undefined ? {} : { at_s: answer.at_s }),
  }));
  const input: PlanInput = {
    template: {
      segments: [
        {
          segment: ZSegment.parse({ id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } }),
          file: null,
        },
      ],
      music: [],
      timing: { content_start_offset_s: 0, outro_start_offset_s: 0 },
    },
    content: { file: file('upload', upload.durationMs), words: upload.words, detections: upload.detection },
    choices: {
      flubber: resolved.flubber_indices,
      intern: answers,
      sfx: resolved.sfx_choices.map((choice) => ({
        hit_index: choice.hit_index,
        file: file('effect', 1000),
        keep_keyword: choice.keep_keyword,
      })),
      cleanup,
      manualCuts: [...resolved.flubber_cuts_ms, ...choices.manual_cuts],
    },
  };
  const edl = planEpisode(input);
  const texts = Object.fromEntries(resolved.intern_answers.flatMap((a) => (a.text ? [[`intern-${a.intern_index}`, a.text]] : [])));
  const words = publishedWords({
    edl,
    words: upload.words,
    detections: upload.detection,
    spoken: { inserts: texts },
    triggerWords: cueWordsOf(cleanup).triggers,
    // Until the review says which commands are answered, none is read as the episode's talk.
    dropAllCommands: !review,
  });
  return { words, durationMs: edl.duration_ms };
}
