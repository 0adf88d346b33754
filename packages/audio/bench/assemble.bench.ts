/*
 * Assembly of a 60-minute episode against the floor measured in the same run. The episode: TTS
 * intro and outro (espeak-ng), a looped music bed under everything with fades, ducked under
 * speech, 30 cuts, 10 inserts (5 Intern answers spliced in, 5 sound effects over the content),
 * loudness normalisation and MP3 at 192 kbps. The floor: one ffmpeg process decoding the same
 * inputs and encoding 60 minutes of MP3 with no filtering. Peak RSS comes from polling /proc.
 * BENCH_MINUTES shortens the episode for a quick look; BENCH_RUNS alternates floor and render that many
 * times and keeps the fastest of each (other work on the machine shows in the printed load average).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  MP3_FRAME_SAMPLES,
  msToSamples,
  parseEbur128Summaries,
  probeAudio,
  renderEpisode,
  sameAudioUntil,
  type RenderResult,
} from '../src/index.ts';
import { benchEdl, makeInputs, type BenchEdits, type BenchInputs } from './assemble-fixture.ts';
import type { TEdl } from '@ppp/contracts';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 60);
const KEEP = process.env.BENCH_KEEP_DIR;
/** On a shared machine, alternate floor and render this many times and keep the best of each. */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));

/** Polls /proc for ffmpeg children of this process: the largest peak RSS of one, and of all at once. */
function watchRss(): () => { single: number; together: number } {
  let single = 0;
  let together = 0;
  const timer = setInterval(() => {
    let sum = 0;
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        if (!/^Name:\s+ffmpeg$/m.test(status) || !new RegExp(`^PPid:\\s+${process.pid}$`, 'm').test(status)) continue;
        const kb = Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0);
        single = Math.max(single, kb);
        sum += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      } catch {
        // the process ended between listing and reading
      }
    }
    together = Math.max(together, sum);
  }, 100);
  return () => (clearInterval(timer), { single: single / 1024, together: together / 1024 });
}

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args], { stdio: 'inherit' });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`))));
  });
}

/** CPU seconds (user + system) of this process's reaped children: /proc/self/stat's cutime and cstime. */
function childCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[13] ?? 0) + Number(fields[14] ?? 0)) / 100;
}

async function timed<T>(
  work: () => Promise<T>,
): Promise<{ seconds: number; cpu: number; rss: { single: number; together: number }; value: T }> {
  const stop = watchRss();
  const started = performance.now();
  const cpu = childCpuSeconds();
  const value = await work();
  return { seconds: (performance.now() - started) / 1000, cpu: childCpuSeconds() - cpu, rss: stop(), value };
}

async function main(): Promise<void> {
  const dir = KEEP ?? mkdtempSync(path.join(tmpdir(), 'ppp-assemble-bench-'));
  try {
    console.log(`Preparing a ${MINUTES}-minute episode in ${dir} ...`);
    const inputs = await makeInputs(dir, MINUTES);
    const edl = benchEdl(inputs);
    const minutes = edl.duration_ms / 60_000;
    const all = [inputs.content, inputs.intro, inputs.outro, inputs.music, inputs.answer, inputs.sfx];
    const floorArgs = [
      ...all.flatMap((f) => ['-i', f.path]),
      '-map',
      '0:a',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '192k',
      '-ar',
      '44100',
      '-ac',
      '2',
      path.join(dir, 'floor.mp3'),
      ...all.slice(1).flatMap((_, i) => ['-map', `${i + 1}:a`]),
      '-f',
      'null',
      '-',
    ];
    const loadBefore = loadavg()[0] ?? 0;
    const dest = path.join(dir, 'episode.mp3');
    let floor = await timed(() => run(floorArgs));
    let render = await timed(() => renderEpisode(edl, dest));
    const pairs = [{ floor: floor.seconds, render: render.seconds, floorCpu: floor.cpu, renderCpu: render.cpu }];
    for (let i = 1; i < RUNS; i++) {
      const againFloor = await timed(() => run(floorArgs));
      if (againFloor.seconds < floor.seconds) floor = againFloor;
      const againRender = await timed(() => renderEpisode(edl, dest));
      if (againRender.seconds < render.seconds) render = againRender;
      pairs.push({ floor: againFloor.seconds, render: againRender.seconds, floorCpu: againFloor.cpu, renderCpu: againRender.cpu });
    }
    const seconds = edl.duration_ms / 1000;
    console.log(
      `load average (1 min) before ${loadBefore.toFixed(1)}, after ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} cores; best of ${RUNS} run(s)`,
    );
    // CPU seconds show the work apart from the machine's load: with the kernel's autogroup, processes
    // of one session share one slice of a busy machine, so two processes then finish no sooner than one.
    pairs.forEach((pair, i) =>
      console.log(
        `  run ${i + 1}: floor ${pair.floor.toFixed(1)} s (${pair.floorCpu.toFixed(1)} s CPU), render ${pair.render.toFixed(1)} s (${pair.renderCpu.toFixed(1)} s CPU), ratio ${(pair.render / pair.floor).toFixed(2)}x`,
      ),
    );
    const check = spawnSync(
      'ffmpeg',
      ['-hide_banner', '-nostats', '-i', dest, '-af', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-'],
      { encoding: 'utf8' },
    );
    const [final] = parseEbur128Summaries(check.stderr);
    const probe = await probeAudio(dest);
    console.log(
      `episode: ${minutes.toFixed(2)} min planned, ${(probe.durationSeconds / 60).toFixed(2)} min written; ${edl.content.cuts.length} cuts, ${edl.inserts.length} inserts, ${edl.music.length} bed(s)`,
    );
    const t = render.value.timings;
    console.log(
      `floor (decode + encode MP3, no filters): ${floor.seconds.toFixed(1)} s wall, realtime factor ${(floor.seconds / seconds).toFixed(4)}, ffmpeg peak RSS ${floor.rss.single.toFixed(0)} MB`,
    );
    console.log(
      `render: ${render.seconds.toFixed(1)} s wall, realtime factor ${(render.seconds / seconds).toFixed(4)}, ratio to floor ${(render.seconds / floor.seconds).toFixed(2)}x (target <= 1.0x)`,
    );
    console.log(
      `render stages: assemble + measure ${t.assembleS.toFixed(1)} s (${render.value.windows} window(s)), gain + ${render.value.limited ? 'limit + check + ' : ''}encode ${t.encodeS.toFixed(1)} s (${render.value.encodePasses} pass(es)), join ${t.joinS.toFixed(1)} s`,
    );
    console.log(
      `render ffmpeg peak RSS: ${render.rss.single.toFixed(0)} MB per process, ${render.rss.together.toFixed(0)} MB together (limit 500 MB)`,
    );
    console.log(
      `loudness: mix ${render.value.inputLufs.toFixed(1)} LUFS, gain ${render.value.gainDb.toFixed(1)} dB, encoded ${render.value.outputLufs.toFixed(1)} LUFS`,
    );
    console.log(
      `measured on the MP3: ${final?.integratedLufs.toFixed(1)} LUFS integrated, true peak ${final?.peakDb?.toFixed(1)} dBTP (target -16 LUFS, -1 dBTP)`,
    );
    await reRenders(inputs, edl, { dir, previous: dest, memo: render.value.memo, floorSeconds: floor.seconds });
  } finally {
    if (KEEP === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Re-renders after an edit, each from the first render: the new mix is assembled and encoded only
 * from where it parts from the old one. Why an early edit cannot reach 0.5x: an MP3 frame holds 1152
 * samples, and a cut that removes N samples moves all that follows by N; unless N is a whole number
 * of frames (a 2 s cut is 88,200 samples, 648 past a frame), no later frame of the old file carries
 * the new audio, so everything after the edit is encoded again. Each line prints the share kept and
 * the share encoded again: an edit at 25 % leaves three quarters of the episode to encode.
 */
async function reRenders(
  inputs: BenchInputs,
  edl: TEdl,
  first: { dir: string; previous: string; memo: RenderResult['memo']; floorSeconds: number },
): Promise<void> {
  const content = inputs.content.duration_ms;
  const cutAt = (fraction: number) => ({
    extraCuts: [{ start_ms: Math.round(content * fraction), end_ms: Math.round(content * fraction) + 2_000 }],
  });
  const cases: { name: string; edits: BenchEdits }[] = [
    { name: 'manual cut at 75% of the content', edits: cutAt(0.75) },
    { name: 'manual cut at 50% of the content', edits: cutAt(0.5) },
    { name: 'Flubber retake cut at 25%', edits: cutAt(0.25) },
    { name: 'template change: another outro', edits: { outro: inputs.answer } },
  ];
  console.log(`re-renders from the first render (target <= 0.5x the floor of ${first.floorSeconds.toFixed(1)} s):`);
  for (const { name, edits } of cases) {
    const edited = benchEdl(inputs, edits);
    const sameSamples = sameAudioUntil(edl, edited);
    const dest = path.join(first.dir, 'edited.mp3');
    const again = await timed(() =>
      renderEpisode(edited, dest, { reuse: { previousPath: first.previous, memo: first.memo, sameSamples } }),
    );
    const kept = again.value.reusedSamples / (edited.duration_ms * 44.1);
    const shift = (msToSamples(edl.duration_ms) - msToSamples(edited.duration_ms)) % MP3_FRAME_SAMPLES;
    const why = shift === 0 ? 'what follows keeps its frames' : `what follows moves ${shift} samples past a frame`;
    console.log(
      `  ${name.padEnd(36)} ${again.seconds.toFixed(1)} s (${again.cpu.toFixed(1)} s CPU), ${(again.seconds / first.floorSeconds).toFixed(2)}x the floor; ${(kept * 100).toFixed(0)}% of the old frames kept, ${((1 - kept) * 100).toFixed(0)}% encoded again (${why})`,
    );
  }
}

await main();
