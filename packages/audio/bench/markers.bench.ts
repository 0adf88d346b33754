/*
 * The measurement behind MARKERS (contracts): spoken markers on the labelled set of issue 33
 * (bench/quality/), heard and read. For each episode, pocketsphinx transcribes as the worker runs it
 * (with its keyword pass merged) and the keyword search listens for every wake phrase at
 * MARKERS.kwsSearchThreshold. Printed: the keyword score of every said 'flubber', 'intern', 'stop'
 * and 'ding' (with what the recogniser wrote there), the strongest hits where each was not said, and
 * Flubber, Intern and sound-effect detection with the audio's evidence beside the words alone
 * (found, false), and with the true words (a supplied transcript) and the same evidence. A measurement, never a test. QUALITY_SET_DIR keeps the set between runs;
 * MARKERS_CACHE_DIR keeps transcripts and evidence (to try other constants quickly).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_AUDIO_CLEANUP_SETTINGS, MARKERS, type TTranscriptWord } from '@ppp/contracts';
import { detectIntents } from '../src/detection/detect-intents.ts';
import type { AcousticEvidence, KeywordHit } from '../src/detection/evidence.ts';
import { measureSilences } from '../src/detection/silences.ts';
import { minKeywordScore } from '../src/detection/spoken-markers.ts';
import { wakePhrases } from '../src/detection/with-audio.ts';
import { which } from '../src/system-tools.ts';
import { createPocketsphinxEngine, DEBIAN_MODEL_DIR } from '../src/transcription/pocketsphinx/engine.ts';
import { keywordEvidence } from '../src/transcription/pocketsphinx/kws.ts';
import { buildQualitySet, type QualityEpisode } from './quality/build.ts';
import { scoreEpisode, sumScores, type EpisodeScore } from './quality/score.ts';
import { FLUBBER, INTERN, SFX_KEYWORD, STOP } from './quality/script.ts';
import type { Span } from './quality/truth.ts';

const settings = DEFAULT_AUDIO_CLEANUP_SETTINGS;
const sfx = [{ media_id: 'bench-ding', keyword: SFX_KEYWORD }];
const phrases = wakePhrases(settings, sfx);
const SLACK_S = 0.5;
const near = (at: number, span: Span) => at >= span.start_s - SLACK_S && at <= span.end_s + SLACK_S;
const fixed = (n: number) => (n >= 0 ? `+${n.toFixed(1)}` : n.toFixed(1));

interface Heard {
  words: TTranscriptWord[];
  evidence: AcousticEvidence;
}

async function hear(episode: QualityEpisode, cacheDir: string | null): Promise<Heard> {
  const file = cacheDir === null ? null : path.join(cacheDir, `${episode.id}.json`);
  if (file !== null && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Heard;
  const binary = which('pocketsphinx_continuous');
  if (binary === null) throw new Error('pocketsphinx is not installed');
  const [transcript, keywords, silences] = await Promise.all([
    createPocketsphinxEngine({ keywords: phrases }).transcribe(episode.wav),
    keywordEvidence(episode.wav, phrases, { binary, modelDir: DEBIAN_MODEL_DIR }),
    measureSilences(episode.wav),
  ]);
  const heard = { words: transcript.words, evidence: { ...keywords, silences: silences ?? [] } };
  if (file !== null) writeFileSync(file, JSON.stringify(heard));
  return heard;
}

/** Where each phrase was truly said in an episode. */
function saidAt(episode: QualityEpisode): Record<string, Span[]> {
  const { retakes, intern, sfx: keywords } = episode.events;
  return {
    [FLUBBER]: retakes.map((retake) => retake.marker),
    [INTERN]: intern.map((command) => command.trigger),
    [STOP]: intern.map((command) => command.stop),
    [SFX_KEYWORD]: keywords,
  };
}

const wordsIn = (words: readonly TTranscriptWord[], from: number, to: number) =>
  words
    .filter((word) => word.end > from && word.start < to)
    .map((word) => word.text)
    .join(' ') || '(nothing)';

function scoreLines(episode: QualityEpisode, heard: Heard, hits: readonly KeywordHit[]): { said: string[]; unsaid: [number, string][] } {
  const said: string[] = [];
  const unsaid: [number, string][] = [];
  const truth = saidAt(episode);
  const everySaid = Object.values(truth).flat();
  for (const [phrase, spans] of Object.entries(truth)) {
    for (const span of spans) {
      const best = Math.max(...hits.filter((hit) => hit.phrase === phrase && near(hit.start, span)).map((hit) => hit.score));
      const wrote = wordsIn(heard.words, span.start_s - 0.1, span.end_s + 0.1);
      said.push(`| ${episode.id} | ${episode.event_voice} | ${phrase} | ${Number.isFinite(best) ? fixed(best) : 'no hit'} | ${wrote} |`);
    }
  }
  for (const hit of hits) {
    if (everySaid.some((span) => near(hit.start, span)) || hit.score < minKeywordScore(hit.phrase) - 10) continue;
    unsaid.push([
      hit.score,
      `| ${episode.id} | ${hit.phrase} | ${fixed(hit.score)} | ${wordsIn(episode.words, hit.start - 0.05, hit.end + 0.05)} |`,
    ]);
  }
  return { said, unsaid };
}

function summary(label: string, s: EpisodeScore): string {
  const { flubber, intern, sfx: keywords } = s;
  return `| ${label} | ${flubber.found}/${flubber.truth} | ${flubber.falseMarkers.length} | ${intern.found}/${intern.truth} | ${intern.invented.length} | ${intern.longestPromptS.toFixed(1)} s | ${keywords.found}/${keywords.said} | ${keywords.falseTriggers.length} |`;
}

const set = buildQualitySet(process.env.QUALITY_SET_DIR ?? path.join(tmpdir(), 'ppp-quality-set'), {
  noise: false,
  log: (line) => process.stderr.write(`${line}\n`),
});
const cacheDir = process.env.MARKERS_CACHE_DIR ?? null;
if (cacheDir !== null) mkdirSync(cacheDir, { recursive: true });
const said: string[] = [];
const unsaid: [number, string][] = [];
const withAudio: EpisodeScore[] = [];
const wordsOnly: EpisodeScore[] = [];
const supplied: EpisodeScore[] = [];
for (const episode of set.episodes) {
  process.stderr.write(`markers: ${episode.id}\n`);
  const heard = await hear(episode, cacheDir);
  const lines = scoreLines(episode, heard, heard.evidence.keywordHits ?? []);
  said.push(...lines.said);
  unsaid.push(...lines.unsaid);
  const transcript = { words: heard.words, duration_s: episode.duration_s };
  withAudio.push(scoreEpisode(episode, heard.words, detectIntents(transcript, settings, sfx, { evidence: heard.evidence })));
  wordsOnly.push(scoreEpisode(episode, heard.words, detectIntents(transcript, settings, sfx)));
  const truth = { words: episode.words, duration_s: episode.duration_s };
  supplied.push(scoreEpisode(episode, episode.words, detectIntents(truth, settings, sfx, { evidence: heard.evidence })));
}
const out = [
  `## Spoken markers on the labelled set (pocketsphinx), ${new Date().toISOString().slice(0, 10)}`,
  '',
  `Thresholds: two syllables or more ${fixed(MARKERS.keywordMinScore)}, one syllable ${fixed(MARKERS.shortKeywordMinScore)}, a trigger inside a sentence ${fixed(MARKERS.midPhraseKeywordMinScore)}.`,
  '',
  '| detection | Flubber found | false markers | Intern found | invented | longest prompt | ding found | false dings |',
  '|---|---|---|---|---|---|---|---|',
  summary('words and sound', sumScores(withAudio)),
  summary('words alone', sumScores(wordsOnly)),
  summary('true words and sound', sumScores(supplied)),
  '',
  '### Keyword score where each phrase was said',
  '',
  '| episode | voice | phrase | score | pocketsphinx wrote |',
  '|---|---|---|---|---|',
  ...said,
  '',
  '### The strongest hits where nothing was said (within 10 of the threshold)',
  '',
  '| episode | phrase | score | truly said |',
  '|---|---|---|---|',
  ...unsaid.sort((a, b) => b[0] - a[0]).map(([, line]) => line),
];
console.log(out.join('\n'));
