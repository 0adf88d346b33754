/*
 * The listening test behind LAME_QUALITY, as a measurement: speech (espeak-ng) and a music-like
 * signal (decaying chords, vibrato and pink noise over the whole band) are encoded at CBR 192 kbps
 * without the bit reservoir, as the renderer does, once at LAME's default quality and once at the
 * renderer's setting. Each decode is compared with the source sample by sample: the error's level
 * below the signal (SNR and segmental SNR over 1024-sample blocks), the level of the difference
 * between the two encodes, and the encode time of each. The setting holds when its error is no
 * larger than the default's by more than 0.5 dB on either signal.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LAME_QUALITY } from '../src/index.ts';

const SECONDS = Number(process.env.BENCH_QUALITY_SECONDS ?? 120);
const RATE = 44_100;

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args]);
}

function pcm(file: string): Float32Array {
  const bytes = readFileSync(file);
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
}

/** Error level below the signal, whole and as the mean over 1024-sample blocks with signal in them. */
function snr(source: Float32Array, decoded: Float32Array): { snr: number; segmental: number } {
  const length = Math.min(source.length, decoded.length);
  let signal = 0;
  let noise = 0;
  const blocks: number[] = [];
  for (let start = 0; start + 2048 <= length; start += 2048) {
    let s = 0;
    let n = 0;
    for (let i = start; i < start + 2048; i++) {
      const x = source[i] ?? 0;
      const e = x - (decoded[i] ?? 0);
      s += x * x;
      n += e * e;
    }
    signal += s;
    noise += n;
    if (s > 1e-6) blocks.push(Math.max(-10, Math.min(60, 10 * Math.log10(s / Math.max(n, 1e-12)))));
  }
  return { snr: 10 * Math.log10(signal / noise), segmental: blocks.reduce((a, b) => a + b, 0) / Math.max(1, blocks.length) };
}

function encode(source: string, dest: string, quality: number | null): number {
  const started = performance.now();
  const q = quality === null ? [] : ['-compression_level', String(quality)];
  ffmpeg([
    '-f',
    'f32le',
    '-ar',
    String(RATE),
    '-ac',
    '2',
    '-i',
    source,
    '-c:a',
    'libmp3lame',
    ...q,
    '-b:a',
    '192k',
    '-reservoir',
    '0',
    dest,
  ]);
  const seconds = (performance.now() - started) / 1000;
  ffmpeg(['-i', dest, '-f', 'f32le', '-ar', String(RATE), '-ac', '2', `${dest}.f32`]);
  return seconds;
}

function makeSources(dir: string): Record<string, string> {
  const text = 'Welcome back to the show. Today we talk about recording at home, cutting retakes and mixing music under the voice. '.repeat(
    12,
  );
  execFileSync('espeak-ng', ['-w', path.join(dir, 'speech.wav'), text]);
  const speech = path.join(dir, 'speech.f32');
  ffmpeg([
    '-stream_loop',
    '-1',
    '-i',
    path.join(dir, 'speech.wav'),
    '-t',
    String(SECONDS),
    '-ar',
    String(RATE),
    '-ac',
    '2',
    '-f',
    'f32le',
    speech,
  ]);
  const chords =
    "aevalsrc='0.2*sin(2*PI*220*t)*exp(-3*mod(t,0.5))+0.15*sin(2*PI*277*t)*exp(-2*mod(t,0.75))+0.1*sin(2*PI*330*t+sin(2*PI*5*t))+0.08*sin(2*PI*1760*t)*exp(-8*mod(t,0.25))" +
    "|0.2*sin(2*PI*221*t)*exp(-3*mod(t,0.5))+0.15*sin(2*PI*415*t)*exp(-2*mod(t,0.75))+0.1*sin(2*PI*440*t)'" +
    `:s=${RATE}:d=${SECONDS}`;
  const music = path.join(dir, 'music.f32');
  ffmpeg([
    ...['-f', 'lavfi', '-i', chords, '-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.02:d=${SECONDS}:sample_rate=${RATE}`],
    ...['-filter_complex', '[0][1]amix=inputs=2:normalize=0,aformat=channel_layouts=stereo', '-f', 'f32le', music],
  ]);
  return { speech, music };
}

const dir = mkdtempSync(path.join(tmpdir(), 'ppp-encoder-quality-'));
try {
  console.log(`LAME quality: default (3) against the renderer's ${LAME_QUALITY}, CBR 192 kbps, ${SECONDS} s per signal`);
  for (const [name, source] of Object.entries(makeSources(dir))) {
    const reference = pcm(source);
    const defaultS = encode(source, path.join(dir, `${name}-default.mp3`), null);
    const chosenS = encode(source, path.join(dir, `${name}-chosen.mp3`), LAME_QUALITY);
    const byDefault = snr(reference, pcm(path.join(dir, `${name}-default.mp3.f32`)));
    const byChosen = snr(reference, pcm(path.join(dir, `${name}-chosen.mp3.f32`)));
    const between = snr(pcm(path.join(dir, `${name}-default.mp3.f32`)), pcm(path.join(dir, `${name}-chosen.mp3.f32`)));
    const loss = byDefault.snr - byChosen.snr;
    console.log(
      `  ${name}: error below signal ${byDefault.snr.toFixed(1)} dB (segmental ${byDefault.segmental.toFixed(1)}) at default, ` +
        `${byChosen.snr.toFixed(1)} dB (segmental ${byChosen.segmental.toFixed(1)}) at ${LAME_QUALITY}; ` +
        `the two encodes differ by ${between.snr.toFixed(1)} dB below the signal; encode ${defaultS.toFixed(2)} s against ${chosenS.toFixed(2)} s ` +
        `(${(chosenS / defaultS).toFixed(2)}x); ${loss <= 0.5 ? 'no measurable loss' : `LOSS ${loss.toFixed(2)} dB`}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
