import { EDL, type TEdl, type TEdlChapter, type TTranscriptWord } from '@ppp/contracts';
import { normaliseText } from '../detection/normalise.ts';
import { findChapters } from '../text-ai/chapters.ts';
import { transcriptSentences } from '../text-ai/sentences.ts';

/*
 * The chapters published with an episode (podcast:chapters, chapters.json, the MP3's ID3 chapters):
 * each segment other than the content under its name, the content split where its talk moves on and
 * titled by what is said there (the extractive chapters, on the published words), and each Intern
 * answer with the content resuming after it. Times are on the rendered timeline.
 */

interface Mark {
  title: string;
  start_ms: number;
}

/** The title of an Intern answer whose prompt was all cue words. */
const ANSWER_TITLE = 'Answer';
/** A segment or chapter whose title was all cue words. */
const UNTITLED = 'Content';

function capped(title: string): string {
  return title.length <= EDL.maxChapterTitleLength ? title : `${title.slice(0, EDL.maxChapterTitleLength - 1)}…`;
}

/**
 * The title without the spoken commands at its start or end ('Intern: what is soil pH stop' reads
 * 'What is soil pH'), its first letter raised; '' when nothing else is left.
 */
export function withoutCueWords(title: string, cueWords: readonly string[]): string {
  const phrases = cueWords.map((phrase) => normaliseText(phrase).split(' ').filter(Boolean)).filter((run) => run.length > 0);
  const tokens = title.split(/\s+/).filter(Boolean);
  const norms = tokens.map((token) => normaliseText(token));
  let from = 0;
  let to = tokens.length;
  const leading = () => phrases.find((run) => run.every((t, k) => from + k < to && norms[from + k] === t));
  const trailing = () => phrases.find((run) => run.length <= to - from && run.every((t, k) => norms[to - run.length + k] === t));
  // A token that is only punctuation ('-', ':') left between cues goes with them.
  const isBare = (i: number) => norms[i] === '';
  for (let run = leading(); run || (from < to && isBare(from)); run = leading()) from += run ? run.length : 1;
  for (let run = trailing(); run || (to > from && isBare(to - 1)); run = trailing()) to -= run ? run.length : 1;
  const text = tokens
    .slice(from, to)
    .join(' ')
    .replace(/^[\s:;,.\-–—]+|[\s:;,\-–—]+$/g, '');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : '';
}

/**
 * The content's chapters from the words said in it, each titled by a meaningful phrase of its own or
 * else under the segment's name; one under the segment's name when the words give no chapter.
 */
function contentMarks(edl: TEdl, words: readonly TTranscriptWord[]): Mark[] {
  const segment = edl.segments.find((s) => s.id === edl.content.segment_id);
  if (!segment) return [];
  const from = segment.start_ms / 1000;
  const to = (segment.start_ms + segment.duration_ms) / 1000;
  // The Intern answers have chapters of their own: the content's are found in the host's words alone.
  const answers = edl.inserts.filter((insert) => insert.kind === 'intern');
  const inAnswer = (word: TTranscriptWord) =>
    answers.some((a) => word.start * 1000 >= a.at_ms && word.start * 1000 < a.at_ms + a.duration_ms);
  const spoken = words.filter((word) => word.start >= from && word.start < to && !inAnswer(word));
  const sentences = transcriptSentences({ words: spoken, language: null, duration_s: null });
  const found = findChapters(sentences, to - from);
  if (found.length === 0) return [{ title: segment.title, start_ms: segment.start_ms }];
  // A chapter whose words make no meaningful title (a lone 'This') goes under the segment's name.
  return found.map((chapter, i) => ({
    title: chapter.title.trim() || segment.title,
    start_ms: i === 0 ? segment.start_ms : Math.round(chapter.start * 1000),
  }));
}

/** Chapters of the rendered episode, never overlapping, none titled by a spoken command. */
export function publishedChapters(edl: TEdl, words: readonly TTranscriptWord[], cueWords: readonly string[]): TEdlChapter[] {
  const content = edl.segments.find((s) => s.id === edl.content.segment_id);
  const contentEnd = content ? content.start_ms + content.duration_ms : 0;
  const inContent = contentMarks(edl, words);
  const marks: Mark[] = [...edl.segments.filter((s) => s.id !== edl.content.segment_id), ...inContent].map((m) => ({
    title: m.title,
    start_ms: m.start_ms,
  }));
  for (const answer of edl.inserts.filter((insert) => insert.kind === 'intern')) {
    marks.push({ title: withoutCueWords(answer.title, cueWords) || ANSWER_TITLE, start_ms: answer.at_ms });
    const resumeAt = answer.at_ms + answer.duration_ms;
    const resumed = inContent.filter((m) => m.start_ms <= answer.at_ms).at(-1);
    if (resumed && resumeAt < contentEnd) marks.push({ title: resumed.title, start_ms: resumeAt });
  }
  marks.sort((a, b) => a.start_ms - b.start_ms);
  const chapters = marks.map((mark, i) => ({
    title: capped(withoutCueWords(mark.title, cueWords) || UNTITLED),
    start_ms: mark.start_ms,
    end_ms: Math.min(edl.duration_ms, marks[i + 1]?.start_ms ?? edl.duration_ms),
  }));
  return chapters.filter((chapter) => chapter.end_ms > chapter.start_ms);
}
