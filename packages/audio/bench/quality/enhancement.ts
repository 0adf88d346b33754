/*
 * The speech enhancement's effect, measured where packages/audio has one (src/enhance/): on each
 * noisy copy at 10 dB the SNR before and after (against the clean episode, scale-invariant) and the
 * recogniser's WER before and after; on the clean episodes, how far below the speech the difference
 * the enhancement makes lies (issue 33: at least 30 dB, no audible artefact).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TTranscriptWord } from '@ppp/contracts';
import { wordErrorRate } from '../../src/wer.ts';
import type { QualityEpisode, QualitySet } from './build.ts';
import type { EngineRun } from './report.ts';
import { meanSquare, snrAgainst, speechPower, wavBytes } from './signal.ts';
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

const planText = (plan: Record<string, unknown> | undefined) =>
  plan
    ? Object.entries(plan)
        .filter(([, v]) => v !== false && v !== null && v !== 0)
        .map(([k, v]) => (v === true ? k : `${k} ${String(v)}`))
        .join(', ') || 'nothing'
    : '?';

/** The enhanced file as a 16 kHz mono WAV (what the recogniser takes) and its samples. */
async function enhanced(enhance: Enhance, src: string, dir: string, name: string) {
  const out = path.join(dir, `${name}.wav`);
  const report = await enhance(src, out);
  const samples = readSamples(out);
  const wav16 = path.join(dir, `${name}-16k.wav`);
  writeFileSync(wav16, wavBytes(samples));
  return { samples, wav16, plan: report.plan };
}

export async function measureEnhancement(set: QualitySet, t: Transcriber, run: EngineRun, log: (line: string) => void): Promise<string> {
  const enhance = await loadEnhance();
  if (!enhance) return 'enhancement: not built';
  const dir = path.join(set.dir, 'enhanced');
  mkdirSync(dir, { recursive: true });
  const noisyEpisodes = set.episodes.filter((e) => e.noisy.length > 0);
  const rows: string[] = [];
  for (const label of ['white 10 dB', 'hum-50hz 10 dB']) {
    const parts = noisyEpisodes.flatMap((e) => e.noisy.filter((n) => `${n.noise} ${n.target_snr_db} dB` === label).map((n) => ({ e, n })));
    if (parts.length === 0) continue;
    let gain = 0;
    let before = 0;
    let after = 0;
    const heard: string[] = [];
    const plans = new Set<string>();
    for (const { e, n } of parts) {
      log(`enhancement: ${e.id} ${label}`);
      const clean = readSamples(e.wav);
      const out = await enhanced(enhance, n.wav, dir, `${e.id}-${n.noise}-${n.target_snr_db}`);
      const snrIn = snrAgainst(clean, readSamples(n.wav), e.speech);
      const snrOut = snrAgainst(clean, out.samples, e.speech);
      before += snrIn;
      after += snrOut;
      gain += snrOut - snrIn;
      plans.add(planText(out.plan));
      heard.push((await t.transcribe(e, out.wav16)).map((w) => w.text).join(' '));
    }
    const k = parts.length;
    const reference = parts.map(({ e }) => e.reference).join(' ');
    const werNoisy = run.noise.get(label)?.noisy ?? NaN;
    const werEnhanced = wordErrorRate(reference, heard.join(' '));
    const recovered = 100 * (werNoisy - werEnhanced);
    rows.push(
      `| ${label} | ${(before / k).toFixed(1)} → ${(after / k).toFixed(1)} dB (${gain / k >= 0 ? '+' : ''}${(gain / k).toFixed(1)} dB) ${gain / k >= 10 ? 'MET' : 'NOT MET'} | ` +
        `${(100 * werNoisy).toFixed(1)} % → ${(100 * werEnhanced).toFixed(1)} % (${recovered.toFixed(1)} points) ${recovered >= 20 ? 'MET' : 'NOT MET'} | ${[...plans].join('; ')} |`,
    );
  }
  const clean: number[] = [];
  for (const e of noisyEpisodes) {
    log(`enhancement: ${e.id} clean`);
    const source = readSamples(e.wav);
    const out = await enhanced(enhance, e.wav, dir, `${e.id}-clean`);
    const difference = Float32Array.from(source, (x, i) => (out.samples[i] ?? 0) - x);
    clean.push(10 * Math.log10(speechPower(source, e.speech) / meanSquare(difference)));
  }
  const worst = Math.min(...clean);
  return [
    `| Enhancement (${t.name}) | SNR before → after (gain; target >= +10 dB) | WER noisy → enhanced (target >= 20 points recovered) | What the plan did |`,
    '|---|---|---|---|',
    ...rows,
    `| clean speech | difference ${worst.toFixed(1)} dB below the speech at worst (target >= 30 dB) ${worst >= 30 ? 'MET' : 'NOT MET'} | | |`,
  ].join('\n');
}
