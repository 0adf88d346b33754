import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUDIO_CLEANUP_SETTINGS, type TDetectionResult, type TTranscript } from '@ppp/contracts';
import { detectIntents } from '../../src/detection/detect-intents.ts';
import { decodeMonoSamples, readMonoSamples } from '../../src/analysis/samples.ts';
import type { EvidenceStore } from '../../src/detection/evidence-store.ts';
import { detectWithAudio } from '../../src/detection/with-audio.ts';
import { createPocketsphinxEngine } from '../../src/transcription/pocketsphinx/engine.ts';
import { makeTempDir, requireTool, speechWav } from '../helpers/system.ts';

/*
 * Markers heard in the audio (issue 33 item 2), on one short flite episode (pocketsphinx hears
 * flite's voices; it barely hears espeak-ng's): 'we planted the tomatoes', 0.5 s, 'flubber', 0.5 s,
 * the sentence again, 0.8 s, 'and it lasts longer than the old one did'. pocketsphinx's language
 * model has no 'flubber', so its transcript writes another word there ('father' on Debian's
 * 0.8 build): the words alone find no marker, the keyword search hears it standing alone. Then the
 * same transcript with 'lasts longer' written 'last flubber', as the recogniser did: the
 * words alone take it for a marker; nothing of the kind is heard there, and it sits inside a
 * sentence, so with the audio it is not one.
 */
let work: { dir: string; cleanup: () => void };
let wav: string;
let heard: TTranscript;
/** Detection on the heard words with the audio's evidence, gathered once for the tests that read it. */
let withAudio: TDetectionResult;

function flite(text: string, name: string): string {
  const out = path.join(work.dir, `${name}.wav`);
  execFileSync(requireTool('flite', 'flite'), ['-voice', 'slt', '-t', text, '-o', out]);
  return out;
}

describe('spoken markers found by sound as well as by words (real audio)', () => {
  beforeAll(async () => {
    const ffmpeg = requireTool('ffmpeg', 'ffmpeg');
    requireTool('pocketsphinx_continuous', 'pocketsphinx pocketsphinx-en-us');
    work = makeTempDir('ppp-markers-');
    const parts = [
      flite('we planted the tomatoes', 'take'),
      flite('flubber', 'marker'),
      flite('we planted the tomatoes in the spring sunshine', 'again'),
      flite('and it lasts longer than the old one did', 'lasts'),
    ];
    const gaps = [0.5, 0.5, 0.8];
    const inputs = parts.flatMap((part) => ['-i', part]);
    const silences = gaps.map((seconds, i) => `anullsrc=r=16000:cl=mono,atrim=0:${seconds}[g${i}]`).join(';');
    const voices = parts.map((_, i) => `[${i}]aresample=16000,aformat=channel_layouts=mono[v${i}]`).join(';');
    const graph = `${voices};${silences};[v0][g0][v1][g1][v2][g2][v3]concat=n=7:v=0:a=1`;
    wav = speechWav(ffmpeg, inputs, graph, path.join(work.dir, 'episode.wav'));
    heard = await createPocketsphinxEngine().transcribe(wav);
    withAudio = await detectWithAudio(wav, heard, DEFAULT_AUDIO_CLEANUP_SETTINGS);
  }, 120_000);
  afterAll(() => work.cleanup());

  it('finds a spoken "flubber" that the transcript lacks', async () => {
    const text = heard.words.map((word) => word.text).join(' ');
    console.log(`pocketsphinx heard: ${text}`);
    expect(text).not.toContain('flubber');
    expect(detectIntents(heard, DEFAULT_AUDIO_CLEANUP_SETTINGS).flubber.count).toBe(0);
    expect(withAudio.flubber.count).toBe(1);
    const [marker] = withAudio.flubber.matches;
    // flite says 'flubber' between 2.4 s and 3.0 s of the episode; the retake's words follow it.
    expect(marker?.flubber_time_s).toBeGreaterThan(2.2);
    expect(marker?.flubber_end_s).toBeLessThan(3.3);
    expect(marker?.retake_found).toBe(true);
    expect(marker?.confidence).toBeGreaterThan(0.6);
  }, 60_000);

  it('rejects "lasts longer" written "last flubber"', async () => {
    const lasts = heard.words.findIndex((word) => word.text === 'lasts');
    expect(heard.words[lasts + 1]?.text).toBe('longer');
    const misheard = {
      ...heard,
      words: heard.words.map((word, i) =>
        i === lasts ? { ...word, text: 'last' } : i === lasts + 1 ? { ...word, text: 'flubber' } : word,
      ),
    };
    const wordsOnly = detectIntents(misheard, DEFAULT_AUDIO_CLEANUP_SETTINGS).flubber.matches.map((m) => m.text);
    expect(wordsOnly).toEqual(['flubber']);
    const detection = await detectWithAudio(wav, misheard, DEFAULT_AUDIO_CLEANUP_SETTINGS);
    expect(detection.flubber.matches.map((m) => m.word_index)).not.toContain(lasts + 1);
    expect(detection.flubber.count).toBe(1);
  }, 60_000);

  it('reads the samples of a working copy as ffmpeg decodes them, to the bit', async () => {
    const direct = await readMonoSamples(wav);
    const decoded = await decodeMonoSamples(wav);
    expect(direct.length).toBeGreaterThan(16_000);
    expect(
      Buffer.from(direct.buffer, direct.byteOffset, direct.byteLength).equals(
        Buffer.from(decoded.buffer, decoded.byteOffset, decoded.byteLength),
      ),
    ).toBe(true);
  });

  it('keeps the evidence of a recording, so a re-scan neither searches nor decodes it again', async () => {
    let kept: Uint8Array | null = null;
    let writes = 0;
    const store: EvidenceStore = {
      read: async () => kept,
      write: async (bytes) => {
        kept = bytes;
        writes += 1;
      },
    };
    const fresh = withAudio;
    expect(await detectWithAudio(wav, heard, DEFAULT_AUDIO_CLEANUP_SETTINGS, [], { store })).toEqual(fresh);
    expect(writes).toBe(1);
    // A second scan with no pocketsphinx to run: the kept search answers, nothing is gathered or written again.
    const warnings: string[] = [];
    const gone = { binary: path.join(work.dir, 'no-pocketsphinx'), modelDir: work.dir };
    const again = await detectWithAudio(wav, heard, DEFAULT_AUDIO_CLEANUP_SETTINGS, [], {
      store,
      keywordSearch: gone,
      onWarning: (w) => warnings.push(w),
    });
    expect(again).toEqual(fresh);
    expect(warnings).toEqual([]);
    expect(writes).toBe(1);
    // Another phrase set is searched for (here: cannot be), and the sound kept is still used.
    const other = {
      ...DEFAULT_AUDIO_CLEANUP_SETTINGS,
      commands: {
        ...DEFAULT_AUDIO_CLEANUP_SETTINGS.commands,
        flubber: { ...DEFAULT_AUDIO_CLEANUP_SETTINGS.commands.flubber, trigger_keyword: 'oops' },
      },
    };
    await detectWithAudio(wav, heard, other, [], { store, keywordSearch: gone, onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual(['pocketsphinx is not installed: spoken markers are found from the words alone']);
    expect(writes).toBe(1);
  }, 60_000);
});
