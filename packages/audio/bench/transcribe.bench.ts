/*
 * Realtime factor per available transcription engine (seconds of work per second of audio; below
 * 1 is faster than real time) on the LibriVox clips of pocketsphinx-testdata joined into one file.
 * Optional engines come from the environment: WHISPER_MODEL (a ggml file), OPENAI_BASE_URL,
 * OPENAI_API_KEY and OPENAI_MODEL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import {
  createOpenAiCompatibleEngine,
  createPocketsphinxEngine,
  createWhisperCppEngine,
  transcribeInChunks,
  wavDurationSeconds,
  wordErrorRate,
  type TranscriptionEngine,
} from '../src/index.ts';
import { librivoxClips, speechWav } from '../test/helpers/system.ts';

function joined(dest: string, wavs: readonly string[], times: number): string {
  const all = Array.from({ length: times }, () => wavs).flat();
  const graph = `${all.map((_, i) => `[${i}:a]`).join('')}concat=n=${all.length}:v=0:a=1`;
  return speechWav(
    'ffmpeg',
    all.flatMap((w) => ['-i', w]),
    graph,
    dest,
  );
}

async function measure(
  label: string,
  run: () => Promise<{ words: { text: string }[] }>,
  seconds: number,
  reference: string,
): Promise<void> {
  const started = performance.now();
  const transcript = await run();
  const elapsed = (performance.now() - started) / 1000;
  const wer = wordErrorRate(reference, transcript.words.map((w) => w.text).join(' '));
  console.log(
    `${label.padEnd(42)} audio ${seconds.toFixed(1)} s  took ${elapsed.toFixed(2)} s  RTF ${(elapsed / seconds).toFixed(3)}  WER ${wer.toFixed(3)}`,
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ppp-bench-'));
  try {
    const source = librivoxClips();
    const times = 4;
    const wav = joined(
      path.join(dir, 'bench.wav'),
      source.map((c) => c.wav),
      times,
    );
    const seconds = (await wavDurationSeconds(wav)) ?? 0;
    const reference = Array.from({ length: times }, () => source.map((c) => c.reference).join(' ')).join(' ');
    const engines: TranscriptionEngine[] = [
      createWhisperCppEngine({ modelPath: process.env.WHISPER_MODEL, language: 'en' }),
      createOpenAiCompatibleEngine({
        baseUrl: process.env.OPENAI_BASE_URL,
        apiKey: process.env.OPENAI_API_KEY,
        model: process.env.OPENAI_MODEL,
      }),
      createPocketsphinxEngine(),
    ];
    for (const engine of engines) {
      if (!(await engine.available())) {
        console.log(`${engine.name.padEnd(42)} not available here (skipped)`);
        continue;
      }
      await measure(`${engine.name} (one pass)`, () => engine.transcribe(wav), seconds, reference);
      const cores = availableParallelism();
      await measure(
        `${engine.name} (chunks of 30 s, ${cores} at once)`,
        () => transcribeInChunks(engine, wav, { chunkSeconds: 30, overlapSeconds: 2, concurrency: cores }),
        seconds,
        reference,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
