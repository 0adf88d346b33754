import type { TVoice } from '@ppp/contracts';
import { runProcess } from '../process.ts';
import { which } from '../system-tools.ts';
import { pageVoices, SpeechError, type SpeechEngine, type SynthesizeRequest, type SynthesizedAudio } from './engine.ts';
import { espeakCatalog, parseEspeakVoices } from './espeak-voices.ts';
import { readOnce, synthesizeLocally } from './local-synthesis.ts';

export interface EspeakOptions {
  /** Defaults to espeak-ng on PATH. */
  binaryPath?: string;
}

const ID = 'espeak';
/** espeak-ng's default speed in words per minute; the speaking rate scales it. */
const DEFAULT_WPM = 175;
const VOICE_ID = /^[a-z0-9-]+(\+[a-z0-9]+)?$/i;

/** Builds the espeak-ng arguments; the text comes from a file so it can never be read as an option. */
export function espeakArgs(voiceId: string, textFile: string, wavFile: string, speakingRate = 1): string[] {
  if (!VOICE_ID.test(voiceId)) throw new SpeechError(ID, `invalid voice '${voiceId}'`);
  const wpm = Math.round(Math.min(450, Math.max(80, DEFAULT_WPM * speakingRate)));
  return ['-v', voiceId, '-s', String(wpm), '-f', textFile, '-w', wavFile];
}

/** The always-available local engine: espeak-ng from Debian. */
export function createEspeakEngine(options: EspeakOptions = {}): SpeechEngine {
  const binary = () => options.binaryPath ?? which('espeak-ng');
  const voices = readOnce(async (): Promise<TVoice[]> => {
    const bin = binary();
    if (!bin) throw new SpeechError(ID, "espeak-ng is not installed: install the Debian package 'espeak-ng'");
    const [languages, variants] = await Promise.all([runProcess(bin, ['--voices']), runProcess(bin, ['--voices=variant'])]);
    return espeakCatalog(parseEspeakVoices(languages.stdout), parseEspeakVoices(variants.stdout));
  });

  return {
    id: ID,
    label: 'eSpeak NG (local)',
    async available() {
      return binary() !== null;
    },
    async listVoices(query) {
      return pageVoices(await voices(), query);
    },
    async synthesize({ voiceId, speakingRate, ...request }: SynthesizeRequest): Promise<SynthesizedAudio> {
      const bin = binary();
      if (!bin) throw new SpeechError(ID, "espeak-ng is not installed: install the Debian package 'espeak-ng'");
      return synthesizeLocally(ID, request, async (textFile, wavFile) => {
        await runProcess(bin, espeakArgs(voiceId, textFile, wavFile, speakingRate), { signal: request.signal });
      });
    },
  };
}
