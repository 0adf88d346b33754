/*
 * The speech enhancement's effect (src/enhance/), measured on the set's noisy copies (white noise at
 * 20/10/5 dB, 50 Hz hum at 10 dB) and clean episodes, with the measures of enhancement-measures.ts:
 * the SNR from the known pauses before and after (the issue's target: at least +10 dB at 10 dB input
 * SNR), the segmental SNR against the clean episode (the noise left inside the speech too), the
 * recogniser's WER noisy and enhanced (target: at least 20 points recovered at 10 dB), the difference
 * on every clean episode (target: at least 30 dB below the speech), and the realtime factor of the
 * enhancement on a 60 s clip. Where a target is missed, the lines under the table say why.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TTranscriptWord } from '@ppp/contracts';
import { wordErrorRate } from '../../src/wer.ts';
import type { QualityEpisode, QualitySet } from './build.ts';
import { cleanDifferenceDb, pauseSnrDb, segmentalSnrDb } from './enhancement-measures.ts';
import type { EngineRun } from './report.ts';
import { concat, RATE, wavBytes } from './signal.ts';
import { readSamples } from './voices.ts';

type Enhance = (src: string, dest: string) => Promise<{ plan?: Record<string, unknown> }>;

/** Loaded by name so the benchmark still runs (and says so) on a tree without the enhancement. */
const ENHANCE_MODULE = '../../src/enhance/index.ts';

async function loadEnhance(): Promise<Enhance | null> {
  try {
    const mod = (await import(ENHANCE_MODULE)) as { enhanceSpeechFile?: unknown };
    return typeof mod.enhanceSpeechFile === 'function' ? (mod.enhanceSpeechFile as Enhance) : null;
  } catch {
    return null;
  }
}

interface Transcriber {
  name: string;
  transcribe: (episode: QualityEpisode, wav: string) => Promise<TTranscriptWord[]>;
}

const TARGET_SNR_GAIN_DB = 10;
const TARGET_WER_POINTS = 20;
const TARGET_CLEAN_DB = 30;
/** The input SNR the issue sets its targets at. */
const TARGET_INPUT_DB = 10;
const RTF_CLIP_S = 60;

const planText = (plan: Record<string, unknown> | undefined) =>
  plan
    ? Object.entries(plan)
        .filter(([, v]) => v !== false && v !== null && v !== 0)
        .map(([k, v]) => (v === true ? k : `${k} ${String(v)}`))
        .join(', ') || 'nothing'
    : '?';

const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;
const met = (ok: boolean) => (ok ? 'MET' : 'NOT MET');

/** The enhanced file as a 16 kHz mono WAV (what the recogniser takes) and its samples. */
async function enhanced(enhance: Enhance, src: string, dir: string, name: string) {
  const out = path.join(dir, `${name}.wav`);
  const report = await enhance(src, out);
  const samples = readSamples(out);
  const wav16 = path.join(dir, `${name}-16k.wav`);
  writeFileSync(wav16, wavBytes(samples));
  return { samples, wav16, plan: report.plan };
}

interface NoiseRow {
  label: string;
  target: boolean;
  pause: { before: number; after: number };
  segmental: { before: number; after: number };
  wer: { clean: number; noisy: number; enhanced: number };
  plans: string[];
}

async function measureNoise(
  enhance: Enhance,
  parts: { e: QualityEpisode; wav: string; name: string }[],
  t: Transcriber,
  dir: string,
  log: (line: string) => void,
) {
  const sums = { pauseIn: 0, pauseOut: 0, segIn: 0, segOut: 0 };
  const heard: string[] = [];
  const plans = new Set<string>();
  for (const { e, wav, name } of parts) {
    log(`enhancement: ${name}`);
    const clean = readSamples(e.wav);
    const noisy = readSamples(wav);
    const out = await enhanced(enhance, wav, dir, name);
    sums.pauseIn += pauseSnrDb(noisy, e.speech);
    sums.pauseOut += pauseSnrDb(out.samples, e.speech);
    sums.segIn += segmentalSnrDb(clean, noisy, e.speech);
    sums.segOut += segmentalSnrDb(clean, out.samples, e.speech);
    plans.add(planText(out.plan));
    heard.push((await t.transcribe(e, out.wav16)).map((w) => w.text).join(' '));
  }
  const k = parts.length;
  return {
    pause: { before: sums.pauseIn / k, after: sums.pauseOut / k },
    segmental: { before: sums.segIn / k, after: sums.segOut / k },
    enhancedWer: wordErrorRate(parts.map(({ e }) => e.reference).join(' '), heard.join(' ')),
    plans: [...plans],
  };
}

function noiseLine(row: NoiseRow): string {
  const gain = row.pause.after - row.pause.before;
  const recovered = 100 * (row.wer.noisy - row.wer.enhanced);
  const cost = 100 * (row.wer.noisy - row.wer.clean);
  const snrCell = `${row.pause.before.toFixed(1)} → ${row.pause.after.toFixed(1)} dB (${signed(gain)} dB)${row.target ? ` ${met(gain >= TARGET_SNR_GAIN_DB)}` : ''}`;
  const segCell = `${row.segmental.before.toFixed(1)} → ${row.segmental.after.toFixed(1)} dB (${signed(row.segmental.after - row.segmental.before)} dB)`;
  // The WER target needs the noise to cost 20 points first: the hum costs a recogniser far less.
  const werTarget = !row.target
    ? ''
    : cost < TARGET_WER_POINTS
      ? ' (the noise cost only ' + cost.toFixed(1) + ' points)'
      : ` ${met(recovered >= TARGET_WER_POINTS)}`;
  const werCell = `${(100 * row.wer.noisy).toFixed(1)} % → ${(100 * row.wer.enhanced).toFixed(1)} % (${signed(recovered)} points; clean ${(100 * row.wer.clean).toFixed(1)} %)${werTarget}`;
  return `| ${row.label} | ${snrCell} | ${segCell} | ${werCell} | ${row.plans.join('; ')} |`;
}

/** The same noise at a milder SNR whose speech is already cleaner than the enhancement leaves it: what the recogniser does there. */
function milderCopy(rows: readonly NoiseRow[], row: NoiseRow): NoiseRow | undefined {
  const noise = row.label.split(' ')[0];
  return rows.find((r) => r.label.split(' ')[0] === noise && r !== row && r.segmental.before >= row.segmental.after);
}

/** Why a missed target is missed, from the figures measured. */
function whyLines(rows: readonly NoiseRow[], recogniser: string): string[] {
  const lines: string[] = [];
  for (const row of rows.filter((r) => r.target)) {
    const gain = row.pause.after - row.pause.before;
    if (gain < TARGET_SNR_GAIN_DB)
      lines.push(`${row.label}: the noise between words came down ${gain.toFixed(1)} dB only (plan: ${row.plans.join('; ')})`);
    const cost = 100 * (row.wer.noisy - row.wer.clean);
    const recovered = 100 * (row.wer.noisy - row.wer.enhanced);
    if (cost < TARGET_WER_POINTS || recovered >= TARGET_WER_POINTS) continue;
    const milder = milderCopy(rows, row);
    lines.push(
      `${row.label}: ${recogniser}'s WER on the enhanced speech is still ${(100 * (row.wer.enhanced - row.wer.clean)).toFixed(1)} points above the clean speech's. ` +
        `Between words the noise is gone (${signed(gain)} dB), inside them it is down only ${(row.segmental.after - row.segmental.before).toFixed(1)} dB ` +
        `(segmental SNR ${row.segmental.after.toFixed(1)} dB): a denoiser cannot give back the speech the noise covered, and what it leaves and takes is speech ${recogniser} was not trained on` +
        (milder
          ? `; on the ${milder.label} copies, whose speech is less noisy than that (segmental SNR ${milder.segmental.before.toFixed(1)} dB) with nothing done to it, ${recogniser}'s WER is already ${(100 * milder.wer.noisy).toFixed(1)} %`
          : ''),
    );
  }
  return lines;
}

/** Seconds the enhancement takes per second of a 60 s clip (noisy speech from the set), on this machine now. */
async function realtimeFactor(enhance: Enhance, sources: readonly string[], dir: string, name: string): Promise<number> {
  const clip = concat(sources.map((wav) => readSamples(wav))).subarray(0, RTF_CLIP_S * RATE);
  const src = path.join(dir, `${name}-60s.wav`);
  writeFileSync(src, wavBytes(clip));
  const started = performance.now();
  await enhance(src, path.join(dir, `${name}-60s-out.flac`));
  return (performance.now() - started) / 1000 / (clip.length / RATE);
}

export async function measureEnhancement(set: QualitySet, t: Transcriber, run: EngineRun, log: (line: string) => void): Promise<string> {
  const enhance = await loadEnhance();
  if (!enhance) return 'enhancement: not built';
  const dir = path.join(set.dir, 'enhanced');
  mkdirSync(dir, { recursive: true });
  const noisyEpisodes = set.episodes.filter((e) => e.noisy.length > 0);
  const labels = [...new Set(noisyEpisodes.flatMap((e) => e.noisy.map((n) => `${n.noise} ${n.target_snr_db} dB`)))];
  const rows: NoiseRow[] = [];
  for (const label of labels) {
    const parts = noisyEpisodes.flatMap((e) =>
      e.noisy
        .filter((n) => `${n.noise} ${n.target_snr_db} dB` === label)
        .map((n) => ({ e, wav: n.wav, name: `${e.id}-${n.noise}-${n.target_snr_db}` })),
    );
    const measured = await measureNoise(enhance, parts, t, dir, log);
    const wer = run.noise.get(label);
    rows.push({
      label,
      target: label.endsWith(` ${TARGET_INPUT_DB} dB`),
      pause: measured.pause,
      segmental: measured.segmental,
      wer: { clean: wer?.clean ?? NaN, noisy: wer?.noisy ?? NaN, enhanced: measured.enhancedWer },
      plans: measured.plans,
    });
  }
  const clean: { id: string; db: number; plan: string }[] = [];
  for (const e of set.episodes) {
    log(`enhancement: ${e.id} clean`);
    const out = await enhanced(enhance, e.wav, dir, `${e.id}-clean`);
    clean.push({ id: e.id, db: cleanDifferenceDb(readSamples(e.wav), out.samples, e.speech), plan: planText(out.plan) });
  }
  const worst = clean.reduce((a, b) => (b.db < a.db ? b : a), clean[0] ?? { id: '-', db: NaN, plan: '' });
  const touched = clean.filter((c) => c.plan !== 'nothing');
  log('enhancement: realtime factor');
  const white10 = noisyEpisodes.flatMap((e) =>
    e.noisy.filter((n) => n.noise === 'white' && n.target_snr_db === TARGET_INPUT_DB).map((n) => n.wav),
  );
  const rtfNoisy = white10.length ? await realtimeFactor(enhance, white10, dir, 'rtf-white-10') : NaN;
  const rtfClean = await realtimeFactor(
    enhance,
    noisyEpisodes.map((e) => e.wav),
    dir,
    'rtf-clean',
  );
  const why = [
    ...whyLines(rows, t.name),
    ...(worst.db < TARGET_CLEAN_DB
      ? [`clean speech: ${worst.id} comes out only ${worst.db.toFixed(1)} dB from its input (plan: ${worst.plan})`]
      : []),
  ];
  return [
    `| Enhancement (${t.name}) | SNR from the pauses, before → after (target at 10 dB: >= +10 dB) | Segmental SNR against the clean speech | WER noisy → enhanced (target at 10 dB: >= 20 points recovered) | What the plan did |`,
    '|---|---|---|---|---|',
    ...rows.map(noiseLine),
    `| clean speech (${clean.length} episodes) | difference ${worst.db.toFixed(1)} dB below the speech at worst (${worst.id}; target >= 30 dB) ${met(worst.db >= TARGET_CLEAN_DB)} | | | ${touched.length ? touched.map((c) => `${c.id}: ${c.plan}`).join('; ') : 'nothing on every episode'} |`,
    '',
    `Realtime factor of the enhancement on a ${RTF_CLIP_S} s clip (both passes, this machine now): ${rtfNoisy.toFixed(3)} with white noise at 10 dB, ${rtfClean.toFixed(3)} on clean speech.`,
    ...(why.length ? ['', `**Why (enhancement)**`, '', ...why.map((line) => `- ${line}`)] : []),
  ].join('\n');
}
