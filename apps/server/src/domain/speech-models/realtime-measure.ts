import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFfmpeg, runProcess, wavDurationSeconds, which, type TranscriptionEngine } from '@ppp/audio';

/** Real read speech that Debian's pocketsphinx package ships (7 s of LibriVox); espeak-ng speaks a script where it is absent. */
const LIBRIVOX_CLIP = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav';
const SCRIPT =
  'Welcome back to the show. Today we talk about growing tomatoes in a small garden: how often to water them, which soil they like, and when the fruit is ready to pick.';

export interface RealtimeMeasurement {
  audioSeconds: number;
  processingSeconds: number;
  /** Processing seconds per second of audio: below 1 is faster than real time. */
  realtimeFactor: number;
}

/** A short clip of speech as the worker transcribes it: 16 kHz mono 16-bit WAV. */
async function speechClip(dir: string): Promise<string> {
  const wav = path.join(dir, 'speech.wav');
  let source = LIBRIVOX_CLIP;
  if (!existsSync(source)) {
    const espeak = which('espeak-ng');
    if (!espeak) throw new Error('neither the LibriVox clip of pocketsphinx nor espeak-ng is installed to make a clip of speech');
    const text = path.join(dir, 'script.txt');
    source = path.join(dir, 'spoken.wav');
    await writeFile(text, SCRIPT, 'utf8');
    await runProcess(espeak, ['-f', text, '-w', source]);
  }
  await runFfmpeg(['-y', '-v', 'error', '-i', source, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', wav]);
  return wav;
}

/**
 * Times the engine on a short clip of speech on this machine. An engine that loads a model first
 * (whisper.cpp) transcribes the clip once before the timed run, as the worker keeps its model loaded.
 */
export async function measureRealtimeFactor(engine: TranscriptionEngine): Promise<RealtimeMeasurement> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ppp-rtf-'));
  try {
    const wav = await speechClip(dir);
    const audioSeconds = (await wavDurationSeconds(wav)) ?? 0;
    if (audioSeconds <= 0) throw new Error('the clip of speech is empty');
    if (engine.name === 'whisper.cpp') await engine.transcribe(wav);
    const started = performance.now();
    await engine.transcribe(wav);
    const processingSeconds = (performance.now() - started) / 1000;
    return { audioSeconds, processingSeconds, realtimeFactor: processingSeconds / audioSeconds };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
