import type { ByteRange } from '../../domain/storage/storage.ts';

/**
 * Reads one `Range: bytes=...` header against a file size (RFC 9110 §14). Returns the range,
 * 'unsatisfiable' (answer 416), or null to send the whole file (no header, several ranges, or a unit we do not serve).
 */
export function parseByteRange(header: string | undefined | null, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return null;
  if (size === 0) return 'unsatisfiable';
  if (startText === '') {
    // The last N bytes.
    const suffix = Number(endText);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** A validator that changes whenever the stored file does. */
export function etagOf(size: number, modifiedAt: Date): string {
  return `"${size.toString(16)}-${Math.floor(modifiedAt.getTime()).toString(16)}"`;
}
