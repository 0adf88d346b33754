/*
 * How intelligible each local voice is: 16 sentences of the kind the product speaks (Intern
 * answers, intros and outros) synthesized by every local engine installed (Festival, Flite,
 * eSpeak NG), transcribed by pocketsphinx as a stand-in listener, scored by word error rate (lower
 * is clearer). The clearest voice is the default for local speech (TTS_ENGINES' local order).
 * Measured on 7 December 2026 (Debian 12): flite rms 0.074, flite kal16 0.091, festival
 * cmu_us_slt_arctic_hts 0.109, flite slt 0.143, flite awb 0.149, flite kal 0.600, espeak-ng en-us 0.674.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createEspeakEngine,
  createFestivalEngine,
  createFliteEngine,
  createPocketsphinxEngine,
  wordErrorRate,
  type SpeechEngine,
} from '../src/index.ts';
import { speechWav } from '../test/helpers/system.ts';

export const VOICE_SENTENCES: readonly string[] = [
  'Welcome back to the show, I am glad you could join us today.',
  'This week we talk about growing tomatoes on a small balcony.',
  'The best soil for tomatoes is loose, rich and slightly acidic.',
  'Water the plants in the morning so the leaves dry before night.',
  'Our guest has baked bread at home for more than twenty years.',
  'She says the secret is a long and slow first rise.',
  'A cold kitchen makes the dough rise slowly, which adds flavour.',
  'If you have a question for us, send it through the website.',
  'Thank you for listening, and see you next week.',
  'The garden needs about six hours of direct sun every day.',
  'Coffee grounds can help the compost, but use them in moderation.',
  'Please remember to subscribe and leave us a review.',
  'The recipe calls for flour, water, salt and a little yeast.',
  'Our next episode is about keeping bees in the city.',
  'Music for this show was written by a friend of ours.',
  'That is all for today, take care and stay curious.',
];

interface Measured {
  voice: string;
  wer: number;
  audioSeconds: number;
  synthSeconds: number;
}

async function measureVoice(engine: SpeechEngine, voiceId: string, dir: string): Promise<Measured> {
  const reference = VOICE_SENTENCES.join(' ');
  const started = performance.now();
  const mp3 = await engine.synthesize({ text: reference, voiceId, destination: path.join(dir, `${engine.id}-${voiceId}.mp3`) });
  const synthSeconds = (performance.now() - started) / 1000;
  const wav = speechWav('ffmpeg', ['-i', mp3.path], '[0:a]anull', path.join(dir, `${engine.id}-${voiceId}.wav`));
  const transcript = await createPocketsphinxEngine().transcribe(wav);
  const wer = wordErrorRate(reference, transcript.words.map((w) => w.text).join(' '));
  return { voice: `${engine.id}:${voiceId}`, wer, audioSeconds: mp3.durationSeconds, synthSeconds };
}

/** The English voices worth comparing: all of Festival's and Flite's, eSpeak NG's American English. */
async function englishVoices(engine: SpeechEngine): Promise<string[]> {
  const { items } = await engine.listVoices();
  const english = items.filter((voice) => (voice.labels.language ?? '').startsWith('en'));
  return engine.id === 'espeak' ? english.filter((v) => v.voice_id === 'en-us').map((v) => v.voice_id) : english.map((v) => v.voice_id);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ppp-voices-bench-'));
  try {
    const results: Measured[] = [];
    for (const engine of [createFestivalEngine(), createFliteEngine(), createEspeakEngine()]) {
      if (!(await engine.available())) {
        console.log(`${engine.label.padEnd(40)} not installed here (skipped)`);
        continue;
      }
      for (const voice of await englishVoices(engine)) results.push(await measureVoice(engine, voice, dir));
    }
    console.log(`\nLocal voice intelligibility: pocketsphinx WER on ${VOICE_SENTENCES.length} sentences (lower is clearer)`);
    for (const r of results.sort((a, b) => a.wer - b.wer)) {
      console.log(
        `${r.voice.padEnd(36)} WER ${r.wer.toFixed(3)}  audio ${r.audioSeconds.toFixed(1)} s  synthesis ${r.synthSeconds.toFixed(1)} s`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
