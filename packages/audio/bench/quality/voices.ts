/*
 * The tools that make and time the set's speech: Debian's voices (espeak-ng, flite, festival with
 * the HTS voice), ffmpeg to read any WAV as 16 kHz mono samples, and pocketsphinx's forced
 * alignment (a grammar of exactly the known sentence) for the true word times inside a phrase.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TTranscriptWord } from '@ppp/contracts';
import { which } from '../../src/system-tools.ts';
import { DEBIAN_MODEL_DIR } from '../../src/transcription/pocketsphinx/engine.ts';
import { keywordDictionary } from '../../src/transcription/pocketsphinx/kws.ts';
import { parseSphinxOutput, toTranscriptWords } from '../../src/transcription/pocketsphinx/parse.ts';
import { spreadText } from '../../src/transcription/supplied/spread.ts';
import type { SynthVoice } from './script.ts';
import { fromS16le, RATE } from './signal.ts';

const FESTIVAL_HTS_VOICE = 'cmu_us_slt_arctic_hts';

/** Whether the voice's program (and for festival the HTS voice) is installed here. */
export function voiceInstalled(voice: SynthVoice): boolean {
  switch (voice) {
    case 'espeak-ng':
      return which('espeak-ng') !== null;
    case 'flite-kal16':
    case 'flite-slt':
      return which('flite') !== null;
    case 'festival-slt-hts':
      return which('text2wave') !== null && existsSync(`/usr/share/festival/voices/us/${FESTIVAL_HTS_VOICE}`);
  }
}

/** The nearest installed voice: flite's two voices stand in for each other, then espeak-ng. */
export function installedVoice(voice: SynthVoice): SynthVoice {
  if (voiceInstalled(voice)) return voice;
  const fallback: SynthVoice[] = ['festival-slt-hts', 'flite-slt', 'flite-kal16', 'espeak-ng'];
  return fallback.find(voiceInstalled) ?? 'espeak-ng';
}

/** The program and arguments that write `text` (read from a file, never parsed as options) to `wav`. */
function synthCommand(voice: SynthVoice, textFile: string, wav: string): [string, string[]] {
  switch (voice) {
    case 'espeak-ng':
      return ['espeak-ng', ['-v', 'en-us', '-f', textFile, '-w', wav]];
    case 'flite-kal16':
      return ['flite', ['-voice', 'kal16', '-f', textFile, '-o', wav]];
    case 'flite-slt':
      return ['flite', ['-voice', 'slt', '-f', textFile, '-o', wav]];
    case 'festival-slt-hts':
      return ['text2wave', [textFile, '-o', wav, '-eval', `(voice_${FESTIVAL_HTS_VOICE})`]];
  }
}

/** Any audio file as 16 kHz mono samples. */
export function readSamples(file: string): Float32Array {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-nostdin', '-i', file, '-f', 's16le', '-ar', String(RATE), '-ac', '1', '-'], {
    maxBuffer: 512 * 1024 * 1024,
  });
  return fromS16le(raw);
}

/** The voice saying `text`, as 16 kHz mono samples. */
export function synthesize(voice: SynthVoice, text: string): Float32Array {
  const dir = mkdtempSync(path.join(tmpdir(), 'ppp-quality-voice-'));
  try {
    const textFile = path.join(dir, 'text.txt');
    const wav = path.join(dir, 'out.wav');
    writeFileSync(textFile, `${text}\n`);
    const [program, args] = synthCommand(voice, textFile, wav);
    execFileSync(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    return readSamples(wav);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let mainDictionary: string | null = null;

/**
 * Word times of a known sentence in a clip, by pocketsphinx decoding with a grammar that allows
 * only that sentence (forced alignment). Null when it cannot (a word it cannot pronounce, no path).
 */
export function alignWords(wav: string, text: string): TTranscriptWord[] | null {
  const words = text.split(' ').filter(Boolean);
  if (which('pocketsphinx_continuous') === null) return null;
  mainDictionary ??= readFileSync(path.join(DEBIAN_MODEL_DIR, 'cmudict-en-us.dict'), 'utf8');
  const { dictionary, unspoken } = keywordDictionary(
    words.map((phrase) => ({ phrase })),
    mainDictionary,
  );
  if (unspoken.length > 0) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'ppp-quality-align-'));
  try {
    writeFileSync(path.join(dir, 'words.dict'), dictionary);
    writeFileSync(path.join(dir, 'sentence.jsgf'), `#JSGF V1.0;\ngrammar sentence;\npublic <s> = ${words.join(' ')};\n`);
    const stdout = execFileSync(
      'pocketsphinx_continuous',
      [
        ...['-infile', wav, '-time', 'yes', '-logfn', '/dev/null'],
        ...['-hmm', path.join(DEBIAN_MODEL_DIR, 'en-us'), '-dict', path.join(dir, 'words.dict'), '-jsgf', path.join(dir, 'sentence.jsgf')],
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const aligned = toTranscriptWords(parseSphinxOutput(stdout));
    return aligned.length === words.length ? aligned.map((w, i) => ({ ...w, text: words[i] ?? w.text, confidence: null })) : null;
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Word times for a clip: aligned when pocketsphinx can, else shared out by word length. */
export function clipWords(wav: string, text: string, duration: number): { words: TTranscriptWord[]; aligned: boolean } {
  if (!text.includes(' ')) return { words: [{ text, start: 0, end: duration, confidence: null }], aligned: true };
  const aligned = alignWords(wav, text);
  return aligned ? { words: aligned, aligned: true } : { words: spreadText(text, 0, duration), aligned: false };
}
