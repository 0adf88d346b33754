import parseRange from 'range-parser';
import type { ByteRange } from './storage.ts';

/**
 * The byte ranges a `Range` header asks of a file of `size` bytes (RFC 9110 §14.2), read by range-parser.
 * 'whole' when there is no header, or one in another unit or malformed (the whole file is sent);
 * 'unsatisfiable' when no range lies inside the file (416).
 */
export function requestedRanges(header: string | null | undefined, size: number): ByteRange[] | 'whole' | 'unsatisfiable' {
  if (!header) return 'whole';
  const parsed = parseRange(size, header.trim());
  if (parsed === -2) return 'whole';
  if (parsed === -1) return isLongSuffix(header, size) ? [{ start: 0, end: size - 1 }] : 'unsatisfiable';
  if (parsed.type !== 'bytes') return 'whole';
  return parsed.map(({ start, end }) => ({ start, end }));
}

/**
 * `bytes=-N` with N past the file's size asks for the whole file (RFC 9110 §14.1.2); range-parser
 * counts it unsatisfiable. Only called once range-parser said so, so any N > 0 here is longer than the file.
 */
function isLongSuffix(header: string, size: number): boolean {
  const suffix = /^bytes=-(\d+)$/.exec(header.trim())?.[1];
  return size > 0 && suffix !== undefined && Number(suffix) > 0;
}
