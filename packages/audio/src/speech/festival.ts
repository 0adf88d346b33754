import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TVoice } from '@ppp/contracts';
import { which } from '../system-tools.ts';
import { SpeechError, type SpeechEngine } from './engine.ts';
import { localRate, localSpeechEngine } from './local-synthesis.ts';

/*
 * Festival from Debian with the voices installed under its voices folder (festvox-us-slt-hts: the
 * HTS voice cmu_us_slt_arctic_hts, far clearer than espeak-ng and close to flite's best). text2wave, the
 * script Debian installs with festival, speaks a text file into a WAV with the voice selected.
 */

export interface FestivalOptions {
  /** Defaults to text2wave on PATH. */
  binaryPath?: string;
  /** Debian's: /usr/share/festival/voices/<language>/<voice>/. */
  voicesDir?: string;
}

const ID = 'festival' as const;
export const FESTIVAL_VOICES_DIR = '/usr/share/festival/voices';
const VOICE_ID = /^[a-z0-9_]+$/;
const MISSING = "festival is not installed: install the Debian packages 'festival' and 'festvox-us-slt-hts'";

/** Festival's language folders as language tags. */
const LANGUAGES: Record<string, string> = { us: 'en-us', english: 'en-gb', catalan: 'ca', spanish: 'es', czech: 'cs', finnish: 'fi' };

/** What the voices Debian packages are, where a folder name says too little. */
const KNOWN: Record<string, { name: string; gender: 'female' | 'male'; accent: string; style?: string }> = {
  cmu_us_slt_arctic_hts: { name: 'SLT', gender: 'female', accent: 'American', style: 'HTS' },
  kal_diphone: { name: 'Kal', gender: 'male', accent: 'American', style: 'diphone' },
  ked_diphone: { name: 'Ked', gender: 'male', accent: 'American', style: 'diphone' },
  rab_diphone: { name: 'Rab', gender: 'male', accent: 'British', style: 'diphone' },
  upc_ca_ona_hts: { name: 'Ona', gender: 'female', accent: 'Catalan', style: 'HTS' },
};

/**
 * text2wave's arguments: the voice is selected by its Scheme function, and a speaking rate other
 * than 1 goes to the HTS engine's '-r' (HTS voices ignore Duration_Stretch), after the selection.
 */
export function festivalArgs(voiceId: string, textFile: string, wavFile: string, speakingRate = 1): string[] {
  if (!VOICE_ID.test(voiceId)) throw new SpeechError(ID, `invalid voice '${voiceId}'`);
  const args = ['-eval', `(voice_${voiceId})`];
  const rate = localRate(speakingRate);
  if (rate !== 1) {
    args.push(
      '-eval',
      voiceId.endsWith('_hts')
        ? `(set! hts_engine_params (append hts_engine_params (list (list "-r" ${rate.toFixed(2)}))))`
        : `(Parameter.set 'Duration_Stretch ${(1 / rate).toFixed(3)})`,
    );
  }
  return [...args, '-o', wavFile, textFile];
}

/** One catalogue entry per installed voice folder, the HTS voices first. */
export function festivalCatalog(installed: readonly { language: string; voice: string }[]): TVoice[] {
  return installed
    .filter(({ voice }) => VOICE_ID.test(voice))
    .map(({ language, voice }) => {
      const known = KNOWN[voice];
      const tag = LANGUAGES[language] ?? language;
      const labels: Record<string, string> = { language: tag, accent: known?.accent ?? language };
      if (known) labels.gender = known.gender;
      if (known?.style) labels.style = known.style;
      const name = known ? `${known.name} (Festival, ${known.accent} ${known.gender})` : `${voice} (Festival)`;
      return { voice_id: voice, name, common_name: name, description: `Festival voice ${voice}`, labels, preview_url: null, provider: ID };
    })
    .sort((a, b) => Number(b.voice_id.endsWith('_hts')) - Number(a.voice_id.endsWith('_hts')));
}

async function installedVoices(voicesDir: string): Promise<{ language: string; voice: string }[]> {
  if (!existsSync(voicesDir)) return [];
  const languages = await readdir(voicesDir, { withFileTypes: true });
  const found = await Promise.all(
    languages
      .filter((entry) => entry.isDirectory())
      .map(async (language) => {
        const voices = await readdir(path.join(voicesDir, language.name), { withFileTypes: true });
        return voices.filter((entry) => entry.isDirectory()).map((voice) => ({ language: language.name, voice: voice.name }));
      }),
  );
  return found.flat();
}

export function createFestivalEngine(options: FestivalOptions = {}): SpeechEngine {
  return localSpeechEngine({
    id: ID,
    label: 'Festival (local)',
    missing: MISSING,
    binary: () => options.binaryPath ?? which('text2wave'),
    readVoices: async () => festivalCatalog(await installedVoices(options.voicesDir ?? FESTIVAL_VOICES_DIR)),
    args: festivalArgs,
  });
}
