import type { ByteRange } from '../../domain/storage/storage.ts';
import { requestedRanges } from '../../domain/storage/byte-ranges.ts';

/**
 * Reads one `Range: bytes=...` header against a file size (RFC 9110 §14). Returns the range,
 * 'unsatisfiable' (answer 416), or null to send the whole file (no header, a unit we do not serve, or
 * several ranges: multipart/byteranges is not offered, so those get the whole file).
 */
export function parseByteRange(header: string | undefined | null, size: number): ByteRange | 'unsatisfiable' | null {
  if (header?.includes(',')) return null;
  const ranges = requestedRanges(header, size);
  if (ranges === 'unsatisfiable') return ranges;
  return ranges === 'whole' ? null : (ranges[0] ?? null);
}

/** A validator that changes whenever the stored file does. */
export function etagOf(size: number, modifiedAt: Date): string {
  return `"${size.toString(16)}-${Math.floor(modifiedAt.getTime()).toString(16)}"`;
}
