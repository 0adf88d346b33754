/*
 * pnpm bench (worker): a render as audio.assemble does it, with its inputs read from the local folder
 * and from an S3-compatible bucket (the tests' loopback stand-in, every request signed and checked),
 * printed as a ratio. Each run: every input file the EDL names is made local through the storage port
 * (the local folder answers its own file; S3 copies it into the bounded scratch folder), one ffmpeg
 * render of the packages/audio benchmark episode, the MP3 stored through the port, the copies released.
 * BENCH_MINUTES sets the episode's length (default 20); BENCH_RUNS alternates the two that many times
 * and keeps the fastest of each (a shared machine's load shows in the printed load average).
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { renderEpisode } from '@ppp/audio';
import type { TEdl } from '@ppp/contracts';
import { LocalStorage, S3Storage, ScratchFolder, type StoragePort } from '@ppp/server/domain';
import { loadConfig } from '../../server/src/config.ts';
import { s3SettingsOf } from '../../server/src/domain/storage/s3-settings.ts';
import { s3Env, startS3StandIn } from '../../server/test/support/s3-stand-in.ts';
import { benchEdl, makeInputs } from '../../../packages/audio/bench/assemble-fixture.ts';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 20);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const MB = 1024 * 1024;

/** Every input file path the EDL names (segments, content, music, inserts), once each. */
function inputPaths(edl: TEdl): string[] {
  const found = new Set<string>();
  JSON.stringify(edl, (key, value: unknown) => {
    if (key === 'path' && typeof value === 'string') found.add(value);
    return value;
  });
  return [...found];
}

/** The EDL with each input path replaced by its local copy. */
function localized(edl: TEdl, local: ReadonlyMap<string, string>): TEdl {
  return JSON.parse(
    JSON.stringify(edl, (key, value: unknown) => (key === 'path' && typeof value === 'string' ? (local.get(value) ?? value) : value)),
  ) as TEdl;
}

interface Timing {
  total: number;
  copyIn: number;
  render: number;
  storeOut: number;
}

/** One render job's storage work and render, timed by phase. */
async function renderOnce(storage: StoragePort, edl: TEdl, keys: ReadonlyMap<string, string>, work: string, run: number): Promise<Timing> {
  const started = performance.now();
  const copies = await Promise.all([...keys].map(async ([file, key]) => [file, await storage.localPath(key)] as const));
  const copied = performance.now();
  const dest = path.join(work, `episode-${run}.mp3`);
  try {
    await renderEpisode(localized(edl, new Map(copies.map(([file, copy]) => [file, copy.path]))), dest);
    const rendered = performance.now();
    await storage.putFile(`users/bench/episodes/run-${run}/final.mp3`, dest);
    const stored = performance.now();
    return {
      total: (stored - started) / 1000,
      copyIn: (copied - started) / 1000,
      render: (rendered - copied) / 1000,
      storeOut: (stored - rendered) / 1000,
    };
  } finally {
    await Promise.all(copies.map(([, copy]) => copy.release()));
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'ppp-bench-render-inputs-'));
const standIn = await startS3StandIn(['ppp-bench']);
try {
  mkdirSync(path.join(dir, 'inputs'));
  const inputs = await makeInputs(path.join(dir, 'inputs'), MINUTES);
  const edl = benchEdl(inputs);
  const files = inputPaths(edl);
  const keys = new Map(files.map((file) => [file, `users/bench/media/${path.basename(file, path.extname(file))}/${path.basename(file)}`]));
  const config = loadConfig({ ...s3Env(standIn, 'ppp-bench'), DATA_DIR: dir, NODE_ENV: 'production' });
  const stores: [string, StoragePort][] = [
    ['local folder', new LocalStorage(path.join(dir, 'storage'))],
    ['S3 bucket', new S3Storage(s3SettingsOf(config)!, new ScratchFolder(path.join(dir, 'scratch'), 4096 * MB))],
  ];
  const inputBytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
  for (const [, storage] of stores)
    for (const [file, key] of keys) {
      const staging = path.join(dir, 'staging');
      copyFileSync(file, staging);
      await storage.putFile(key, staging);
    }
  const work = path.join(dir, 'work');
  mkdirSync(work);
  const best = new Map<string, Timing>();
  for (let run = 0; run < RUNS; run++)
    for (const [name, storage] of stores) {
      const timing = await renderOnce(storage, edl, keys, work, run);
      if (!best.has(name) || timing.total < best.get(name)!.total) best.set(name, timing);
    }
  const local = best.get('local folder')!;
  const s3 = best.get('S3 bucket')!;
  console.log(
    `render with S3 inputs vs local inputs — ${MINUTES}-minute episode, ${files.length} input files (${(inputBytes / MB).toFixed(1)} MB), ${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(2)}, best of ${RUNS}`,
  );
  for (const [name, t] of [
    ['local folder', local],
    ['S3 bucket', s3],
  ] as const)
    console.log(
      `  ${name.padEnd(13)} ${t.total.toFixed(2)} s  (inputs ${t.copyIn.toFixed(2)} s, render ${t.render.toFixed(2)} s, store ${t.storeOut.toFixed(2)} s)`,
    );
  console.log(`  S3 / local    ${(s3.total / local.total).toFixed(2)}x`);
  // The render's own time moves with the machine's load; the storage work S3 adds is the steadier figure.
  const added = s3.copyIn + s3.storeOut;
  console.log(`  S3's storage work ${added.toFixed(2)} s = ${((100 * added) / local.render).toFixed(1)} % of the local render`);
} finally {
  await standIn.close();
  rmSync(dir, { recursive: true, force: true });
}
