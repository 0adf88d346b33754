import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TTranscript } from '@ppp/contracts';
import { runProcess } from '../../process.ts';
import { which } from '../../system-tools.ts';
import { wavDurationSeconds } from '../../wav.ts';
import type { TranscribeOptions, TranscriptionEngine } from '../engine.ts';
import { mergeKeywordHits, normaliseKeywords, spotKeywords, type KeywordSpec } from './kws.ts';
import { parseSphinxLine, parseSphinxOutput, toTranscriptWords } from './parse.ts';

/** Where Debian's pocketsphinx-en-us puts the US English model. */
export const DEBIAN_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

export interface PocketsphinxOptions {
  binaryPath?: string;
  /** Holds en-us/ (acoustic model), en-us.lm.bin and cmudict-en-us.dict. */
  modelDir?: string;
  /** Trigger words spotted in a second pass and merged where the language model missed them. */
  keywords?: readonly (string | KeywordSpec)[];
}

function modelArgs(modelDir: string): string[] {
  return [
    '-hmm',
    path.join(modelDir, 'en-us'),
    '-lm',
    path.join(modelDir, 'en-us.lm.bin'),
    '-dict',
    path.join(modelDir, 'cmudict-en-us.dict'),
  ];
}

function baseArgs(wavPath: string): string[] {
  // -logfn /dev/null: the decoder's log goes to stderr in the thousands of lines otherwise.
  return ['-infile', wavPath, '-time', 'yes', '-logfn', '/dev/null'];
}

/** Debian's pocketsphinx: always there, modest accuracy, real times and confidences per word. */
export function createPocketsphinxEngine(options: PocketsphinxOptions = {}): TranscriptionEngine {
  const modelDir = options.modelDir ?? DEBIAN_MODEL_DIR;
  const binary = () => options.binaryPath ?? which('pocketsphinx_continuous');
  const specs = normaliseKeywords(options.keywords ?? []);
  return {
    name: 'pocketsphinx',
    model: path.basename(modelDir),
    async available() {
      return binary() !== null && existsSync(path.join(modelDir, 'en-us', 'mdef'));
    },
    async transcribe(wavPath: string, { signal, onProgress }: TranscribeOptions = {}): Promise<TTranscript> {
      const program = binary();
      if (!program)
        throw new Error('pocketsphinx_continuous was not found; install the Debian packages pocketsphinx and pocketsphinx-en-us');
      const duration = await wavDurationSeconds(wavPath);
      // Each utterance is printed when it ends, so the last word's end over the length is the progress.
      const onStdoutLine = (line: string) => {
        const segment = parseSphinxLine(line);
        if (segment && duration) onProgress?.(Math.min(99, (segment.end / duration) * 100));
      };
      const [decoded, hits] = await Promise.all([
        runProcess(program, [...baseArgs(wavPath), ...modelArgs(modelDir)], { signal, onStdoutLine }),
        specs.length > 0 ? spotKeywords(wavPath, specs, { binary: program, modelDir, signal }) : Promise.resolve([]),
      ]);
      const words = mergeKeywordHits(toTranscriptWords(parseSphinxOutput(decoded.stdout)), hits);
      onProgress?.(100);
      return { words, language: 'en', duration_s: duration };
    },
  };
}
