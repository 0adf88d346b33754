import type { TEdlChapter, TEdlMetadata } from '@ppp/contracts';

/** ffmetadata escaping: '=', ';', '#', '\' and newlines are special. */
function escape(value: string): string {
  return value.replace(/[=;#\\\n]/g, (char) => `\\${char}`);
}

/** An ffmetadata file with the ID3 fields and one chapter per EDL chapter (written as ID3 CHAP frames). */
export function ffmetadata(metadata: TEdlMetadata, chapters: readonly TEdlChapter[]): string {
  const fields = Object.entries(metadata).filter(([, value]) => value !== '');
  const lines = [';FFMETADATA1', ...fields.map(([key, value]) => `${key}=${escape(value)}`)];
  for (const chapter of chapters) {
    lines.push('[CHAPTER]', 'TIMEBASE=1/1000', `START=${chapter.start_ms}`, `END=${chapter.end_ms}`, `title=${escape(chapter.title)}`);
  }
  return `${lines.join('\n')}\n`;
}
