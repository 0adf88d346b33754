/*
 * The benchmark's table: each engine's figures on the labelled set beside issue 33's targets, MET or
 * NOT MET, and below it why a target is missed where the scores can tell (what the recogniser heard
 * where a marker was said, what was said where it invented one).
 */
import { restartShareWithin, type EpisodeScore, type Note } from './score.ts';
import type { QualityVoice } from './script.ts';

export interface EngineRun {
  engine: string;
  /** Why the engine did not run ('not available: no model'); null when it ran. */
  skipped: string | null;
  total: EpisodeScore;
  byVoice: Map<QualityVoice, EpisodeScore>;
  /** Seconds of work per second of audio, for the transcription alone. */
  realtimeFactor: number | null;
  /** WER on the noisy copies: label ('white 10 dB') to [clean WER of the same episodes, noisy WER]. */
  noise: Map<string, { clean: number; noisy: number; snrDb: number }>;
}

type Verdict = 'MET' | 'NOT MET';

interface Target {
  text: string;
  check: (s: EpisodeScore, run: EngineRun) => boolean;
}

interface Row {
  label: string;
  value: (s: EpisodeScore, run: EngineRun) => string;
  /** Targets for the supplied transcript and for a recogniser (issue 33); absent: no target. */
  supplied?: Target;
  recogniser?: Target;
}

const pct = (part: number, whole: number) => (whole === 0 ? '-' : `${Math.round((100 * part) / whole)} %`);
const ratio = (part: number, whole: number) => `${part}/${whole} (${pct(part, whole)})`;
const wer = (s: EpisodeScore) => (s.words.reference === 0 ? 0 : s.words.errors / s.words.reference);
const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

function voices(run: EngineRun, wanted: readonly QualityVoice[]): EpisodeScore['flubber'] {
  const parts = wanted.map((v) => run.byVoice.get(v)?.flubber).filter((f) => f !== undefined);
  return {
    truth: parts.reduce((n, f) => n + f.truth, 0),
    found: parts.reduce((n, f) => n + f.found, 0),
    retakeFound: 0,
    restartErrors: [],
    misses: [],
    falseMarkers: [],
  };
}

const FLITE: QualityVoice[] = ['flite-kal16', 'flite-slt'];
const REAL: QualityVoice[] = ['librivox'];

const ROWS: Row[] = [
  { label: 'Word error rate (all episodes)', value: (s) => `${(100 * wer(s)).toFixed(1)} %` },
  {
    label: 'Flubber recall',
    value: (s) => ratio(s.flubber.found, s.flubber.truth),
    supplied: { text: 'every retake', check: (s) => s.flubber.found === s.flubber.truth },
  },
  {
    label: 'Flubber recall, flite voices',
    value: (_, run) => ratio(voices(run, FLITE).found, voices(run, FLITE).truth),
    recogniser: { text: '>= 80 %', check: (_, run) => voices(run, FLITE).found >= 0.8 * voices(run, FLITE).truth },
  },
  {
    label: 'Flubber recall, real read speech',
    value: (_, run) => ratio(voices(run, REAL).found, voices(run, REAL).truth),
    recogniser: { text: '>= 80 %', check: (_, run) => voices(run, REAL).found >= 0.8 * voices(run, REAL).truth },
  },
  {
    label: 'False Flubber markers',
    value: (s) => String(s.flubber.falseMarkers.length),
    supplied: { text: '0', check: (s) => s.flubber.falseMarkers.length === 0 },
    recogniser: { text: '<= 1 in the set', check: (s) => s.flubber.falseMarkers.length <= 1 },
  },
  { label: 'Markers whose retake was found by repetition', value: (s) => ratio(s.flubber.retakeFound, s.flubber.found) },
  {
    label: 'Restart point within 0.3 s (of markers found)',
    value: (s) =>
      ratio(Math.round(restartShareWithin(s.flubber.restartErrors) * s.flubber.restartErrors.length), s.flubber.restartErrors.length),
    supplied: { text: '>= 90 %', check: (s) => restartShareWithin(s.flubber.restartErrors) >= 0.9 },
    recogniser: { text: '>= 90 %', check: (s) => restartShareWithin(s.flubber.restartErrors) >= 0.9 },
  },
  {
    label: 'Restart error mean / worst',
    value: (s) =>
      s.flubber.restartErrors.length
        ? `${mean(s.flubber.restartErrors).toFixed(2)} s / ${Math.max(...s.flubber.restartErrors).toFixed(2)} s`
        : '-',
  },
  { label: 'Unmarked repeats offered as suggestions', value: (s) => ratio(s.suggestions.found, s.suggestions.truth) },
  { label: 'Suggestions where nothing was repeated', value: (s) => String(s.suggestions.falseSuggestions.length) },
  {
    label: 'Intern recall',
    value: (s) => ratio(s.intern.found, s.intern.truth),
    supplied: { text: 'every command', check: (s) => s.intern.found === s.intern.truth },
  },
  {
    label: 'Invented Intern commands',
    value: (s) => String(s.intern.invented.length),
    supplied: { text: '0', check: (s) => s.intern.invented.length === 0 },
    recogniser: { text: '0', check: (s) => s.intern.invented.length === 0 },
  },
  { label: 'Longest Intern prompt', value: (s) => `${s.intern.longestPromptS.toFixed(1)} s` },
  { label: "Sound-effect keyword 'ding' found", value: (s) => ratio(s.sfx.found, s.sfx.said) },
  {
    label: 'Sound-effect triggers where it was not said',
    value: (s) => String(s.sfx.falseTriggers.length),
    supplied: { text: '0', check: (s) => s.sfx.falseTriggers.length === 0 },
    recogniser: { text: '0', check: (s) => s.sfx.falseTriggers.length === 0 },
  },
  {
    label: 'Filler (um/uh) recall',
    value: (s) => ratio(s.fillers.found, s.fillers.truth),
    supplied: { text: 'every um/uh', check: (s) => s.fillers.found === s.fillers.truth },
  },
  {
    label: 'Filler cuts on non-fillers',
    value: (s) => `${s.fillers.cutsOnNonFillers.length} (${s.fillers.realWordsCut} on a real like/you know)`,
    supplied: { text: '0', check: (s) => s.fillers.cutsOnNonFillers.length === 0 },
    recogniser: { text: '0', check: (s) => s.fillers.cutsOnNonFillers.length === 0 },
  },
  { label: 'Long pause recall', value: (s) => ratio(s.pauses.found, s.pauses.truth) },
  { label: 'Pause cuts over speech', value: (s) => String(s.pauses.cutsOverSpeech.length) },
];

const cell = (row: Row, run: EngineRun): string => {
  if (run.skipped) return run.skipped;
  const target = run.engine === 'supplied' ? row.supplied : row.recogniser;
  const value = row.value(run.total, run);
  if (!target) return value;
  const verdict: Verdict = target.check(run.total, run) ? 'MET' : 'NOT MET';
  return `${value} ${verdict}`;
};

export function targetsLine(row: Row): string {
  return (
    [row.supplied ? `supplied: ${row.supplied.text}` : '', row.recogniser ? `recognisers: ${row.recogniser.text}` : '']
      .filter(Boolean)
      .join('; ') || '-'
  );
}

/** The main table, one column per engine, in Markdown (pasted into the README as it is). */
export function engineTable(runs: readonly EngineRun[]): string {
  const head = `| Measure | ${runs.map((r) => r.engine).join(' | ')} | Target (issue 33) |`;
  const rule = `|---|${runs.map(() => '---').join('|')}|---|`;
  const rows = ROWS.map((row) => `| ${row.label} | ${runs.map((run) => cell(row, run)).join(' | ')} | ${targetsLine(row)} |`);
  const rtf = `| Realtime factor of the transcription | ${runs.map((r) => (r.skipped ? r.skipped : r.realtimeFactor === null ? '-' : r.realtimeFactor.toFixed(2))).join(' | ')} | - |`;
  return [head, rule, ...rows, rtf].join('\n');
}

/** Word error rate per voice: how well each recogniser hears each voice (the local voices' intelligibility). */
export function voiceTable(runs: readonly EngineRun[], voiceList: readonly QualityVoice[]): string {
  const ran = runs.filter((r) => !r.skipped && r.engine !== 'supplied');
  const head = `| Voice | ${ran.map((r) => `WER (${r.engine})`).join(' | ')} | Flubber recall (${ran.map((r) => r.engine).join(', ')}) |`;
  const rule = `|---|${ran.map(() => '---').join('|')}|---|`;
  const rows = voiceList.map((voice) => {
    const scores = ran.map((r) => r.byVoice.get(voice));
    const wers = scores.map((s) => (s ? `${(100 * wer(s)).toFixed(1)} %` : '-'));
    const recall = scores.map((s) => (s ? ratio(s.flubber.found, s.flubber.truth) : '-')).join(', ');
    return `| ${voice} | ${wers.join(' | ')} | ${recall} |`;
  });
  return [head, rule, ...rows].join('\n');
}

/** WER on the noisy copies against the same episodes clean. */
export function noiseTable(runs: readonly EngineRun[]): string {
  const ran = runs.filter((r) => !r.skipped && r.noise.size > 0);
  if (ran.length === 0) return '';
  const labels = [...new Set(ran.flatMap((r) => [...r.noise.keys()]))];
  const head = `| Noise (measured SNR) | ${ran.map((r) => `WER clean → noisy (${r.engine})`).join(' | ')} |`;
  const rule = `|---|${ran.map(() => '---').join('|')}|`;
  const rows = labels.map((label) => {
    const snr = ran.map((r) => r.noise.get(label)?.snrDb).find((x) => x !== undefined);
    const cells = ran.map((r) => {
      const n = r.noise.get(label);
      return n ? `${(100 * n.clean).toFixed(1)} % → ${(100 * n.noisy).toFixed(1)} %` : '-';
    });
    return `| ${label} (${snr?.toFixed(1) ?? '?'} dB) | ${cells.join(' | ')} |`;
  });
  return [head, rule, ...rows].join('\n');
}

const list = (notes: readonly Note[], max = 4) =>
  notes
    .slice(0, max)
    .map((n) => `${n.text} at ${n.at_s.toFixed(1)} s`)
    .join('; ') + (notes.length > max ? `; and ${notes.length - max} more` : '');

/** Why the targets an engine misses are missed, from what the scores recorded. */
export function whyLines(run: EngineRun): string[] {
  if (run.skipped) return [];
  const s = run.total;
  const lines: string[] = [];
  if (s.flubber.misses.length) lines.push(`Flubber markers missed (${s.flubber.misses.length}): ${list(s.flubber.misses)}`);
  if (s.flubber.falseMarkers.length) lines.push(`False Flubber markers: ${list(s.flubber.falseMarkers)}`);
  const far = s.flubber.restartErrors.filter((e) => e > 0.3).length;
  if (far) lines.push(`${far} restart points more than 0.3 s off (worst ${Math.max(...s.flubber.restartErrors).toFixed(2)} s)`);
  if (s.suggestions.falseSuggestions.length) lines.push(`Suggestions where nothing was repeated: ${list(s.suggestions.falseSuggestions)}`);
  if (s.intern.misses.length) lines.push(`Intern commands missed: ${list(s.intern.misses)}`);
  if (s.intern.invented.length) lines.push(`Invented Intern commands: ${list(s.intern.invented)}`);
  if (s.sfx.falseTriggers.length) lines.push(`'ding' triggered where it was not said: ${list(s.sfx.falseTriggers)}`);
  if (s.fillers.found < s.fillers.truth) {
    const tokens =
      s.fillers.recogniserFillerTokens === 0
        ? `the recogniser never emitted a filler token (um, uh, ah, er) in the whole set`
        : `the recogniser emitted ${s.fillers.recogniserFillerTokens} filler token${s.fillers.recogniserFillerTokens === 1 ? '' : 's'} in the whole set`;
    lines.push(`Fillers missed (${s.fillers.truth - s.fillers.found}): ${tokens}; heard instead: ${list(s.fillers.misses)}`);
  }
  if (s.fillers.cutsOnNonFillers.length) lines.push(`Filler cuts on non-fillers: ${list(s.fillers.cutsOnNonFillers)}`);
  if (s.pauses.found < s.pauses.truth) lines.push(`Long pauses missed: ${s.pauses.truth - s.pauses.found}`);
  if (s.pauses.cutsOverSpeech.length) lines.push(`Pause cuts over speech: ${list(s.pauses.cutsOverSpeech)}`);
  return lines;
}
