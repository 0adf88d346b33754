import type { TVoice } from '@ppp/contracts';

/** One row of `espeak-ng --voices` (or `--voices=variant`). */
export interface EspeakVoiceRow {
  priority: number;
  language: string;
  age: number | null;
  gender: 'male' | 'female' | null;
  /** Underscores turned back into spaces: 'English (America)'. */
  name: string;
  file: string;
}

const ROW = /^\s*(\d+)\s+(\S+)\s+(--|\d+)\/([MF-])\s+(\S+)\s+(\S+)/;

/** Parses the table espeak-ng prints; the header and anything unexpected are skipped. */
export function parseEspeakVoices(output: string): EspeakVoiceRow[] {
  const rows: EspeakVoiceRow[] = [];
  for (const line of output.split('\n')) {
    const m = ROW.exec(line);
    if (!m) continue;
    rows.push({
      priority: Number(m[1]),
      language: m[2] ?? '',
      age: m[3] === '--' ? null : Number(m[3]),
      gender: m[4] === 'M' ? 'male' : m[4] === 'F' ? 'female' : null,
      name: (m[5] ?? '').replace(/_/g, ' '),
      file: m[6] ?? '',
    });
  }
  return rows;
}

/**
 * The numbered variants (f1-f5, m1-m8) change pitch and formants without a novelty effect, so they
 * are the ones offered as more natural choices; robots, whispers and croaks are left out.
 */
export function naturalVariants(
  rows: readonly EspeakVoiceRow[],
): { id: string; gender: 'male' | 'female'; number: number; age: number | null }[] {
  return rows
    .map((row) => ({ row, m: /^!v\/([fm])(\d)$/.exec(row.file) }))
    .filter((x): x is { row: EspeakVoiceRow; m: RegExpExecArray } => x.m !== null)
    .map(({ row, m }) => ({
      id: `${m[1]}${m[2]}`,
      gender: m[1] === 'f' ? ('female' as const) : ('male' as const),
      number: Number(m[2]),
      age: row.age,
    }))
    .sort((a, b) => (a.gender === b.gender ? a.number - b.number : a.gender === 'female' ? -1 : 1));
}

function accentOf(name: string): string {
  const inner = /\(([^)]+)\)/.exec(name)?.[1];
  return inner ?? name;
}

/** espeak-ng voices as catalogue entries: each language's own voice, then its variants. English first. */
export function espeakCatalog(languages: readonly EspeakVoiceRow[], variants: readonly EspeakVoiceRow[]): TVoice[] {
  const natural = naturalVariants(variants);
  const ordered = [...languages].sort((a, b) => Number(b.language.startsWith('en')) - Number(a.language.startsWith('en')));
  const voices: TVoice[] = [];
  for (const lang of ordered) {
    const base = {
      description: `eSpeak NG, language ${lang.language}`,
      preview_url: null,
      provider: 'espeak' as const,
    };
    const gender = lang.gender ?? 'male';
    const baseName = `${lang.name}, ${gender}`;
    voices.push({
      ...base,
      voice_id: lang.language,
      name: baseName,
      common_name: baseName,
      labels: { gender, accent: accentOf(lang.name), language: lang.language },
    });
    for (const variant of natural) {
      const name = `${lang.name}, ${variant.gender} ${variant.number}`;
      const labels: Record<string, string> = {
        gender: variant.gender,
        accent: accentOf(lang.name),
        language: lang.language,
        style: `variant ${variant.id}`,
      };
      if (variant.age !== null) labels.age = variant.age >= 60 ? 'old' : variant.age < 30 ? 'young' : 'middle aged';
      voices.push({ ...base, voice_id: `${lang.language}+${variant.id}`, name, common_name: name, labels });
    }
  }
  return voices;
}
