import type { TVoice } from '@ppp/contracts';
import { runProcess } from '../process.ts';
import { which } from '../system-tools.ts';
import { SpeechError, type SpeechEngine } from './engine.ts';
import { localRate, localSpeechEngine } from './local-synthesis.ts';

/* Flite from Debian: CMU's small synthesizer with its built-in voices (`flite -lv`). */

export interface FliteOptions {
  /** Defaults to flite on PATH. */
  binaryPath?: string;
}

const ID = 'flite' as const;
const VOICE_ID = /^[a-z0-9_]+$/;
const MISSING = "flite is not installed: install the Debian package 'flite'";

/**
 * The voices flite ships, clearest first as bench/voices.bench.ts measured them (pocketsphinx WER on
 * 16 sentences: rms 7 %, kal16 9 %, slt 14 %, awb 15 %, kal 60 %); awb_time only speaks the time of
 * day, so it is never offered.
 */
const KNOWN: Record<string, { name: string; gender: 'female' | 'male'; accent: string; language: string; style: string }> = {
  rms: { name: 'RMS', gender: 'male', accent: 'American', language: 'en-us', style: 'clustergen' },
  kal16: { name: 'Kal', gender: 'male', accent: 'American', language: 'en-us', style: 'diphone 16 kHz' },
  slt: { name: 'SLT', gender: 'female', accent: 'American', language: 'en-us', style: 'clustergen' },
  awb: { name: 'AWB', gender: 'male', accent: 'Scottish', language: 'en-gb-scotland', style: 'clustergen' },
  kal: { name: 'Kal (8 kHz)', gender: 'male', accent: 'American', language: 'en-us', style: 'diphone 8 kHz' },
};
const NOT_OFFERED = new Set(['awb_time']);

/** flite's arguments; a speaking rate stretches the durations by its inverse. */
export function fliteArgs(voiceId: string, textFile: string, wavFile: string, speakingRate = 1): string[] {
  if (!VOICE_ID.test(voiceId)) throw new SpeechError(ID, `invalid voice '${voiceId}'`);
  const rate = localRate(speakingRate);
  const stretch = rate === 1 ? [] : ['--setf', `duration_stretch=${(1 / rate).toFixed(3)}`];
  return ['-voice', voiceId, ...stretch, '-f', textFile, '-o', wavFile];
}

/** 'Voices available: kal awb_time kal16 awb rms slt ' */
export function parseFliteVoices(output: string): string[] {
  const listed = /Voices available:(.*)/.exec(output)?.[1] ?? '';
  return listed.split(/\s+/).filter((voice) => VOICE_ID.test(voice) && !NOT_OFFERED.has(voice));
}

/** The listed voices as catalogue entries, in the order of KNOWN (clearest first), unknown ones after. */
export function fliteCatalog(voices: readonly string[]): TVoice[] {
  const order = Object.keys(KNOWN);
  const rank = (voice: string) => (order.includes(voice) ? order.indexOf(voice) : order.length);
  return [...voices]
    .sort((a, b) => rank(a) - rank(b))
    .map((voice) => {
      const known = KNOWN[voice];
      const name = known ? `${known.name} (Flite, ${known.accent} ${known.gender})` : `${voice} (Flite)`;
      const labels: Record<string, string> = known
        ? { gender: known.gender, accent: known.accent, language: known.language, style: known.style }
        : { language: 'en' };
      return { voice_id: voice, name, common_name: name, description: `Flite voice ${voice}`, labels, preview_url: null, provider: ID };
    });
}

export function createFliteEngine(options: FliteOptions = {}): SpeechEngine {
  return localSpeechEngine({
    id: ID,
    label: 'Flite (local)',
    missing: MISSING,
    binary: () => options.binaryPath ?? which('flite'),
    readVoices: async (bin) => fliteCatalog(parseFliteVoices((await runProcess(bin, ['-lv'])).stdout)),
    args: fliteArgs,
  });
}
