import { TextDecoder } from 'node:util';

/**
 * Bytes to text the way real feeds need it: a byte-order mark wins, then the XML declaration's
 * encoding, then the HTTP charset, then UTF-8. A feed that claims (or defaults to) UTF-8 but is
 * really windows-1252, the commonest mistake in the wild, is decoded as windows-1252 instead
 * of turning every accented letter into U+FFFD.
 */

const DECLARATION_SCAN_BYTES = 1024;

export function decodeFeedBytes(bytes: Uint8Array, contentTypeHeader?: string | null): string {
  const bom = sniffBom(bytes);
  if (bom) return new TextDecoder(bom).decode(bytes);
  for (const label of [declaredEncoding(bytes), charsetOf(contentTypeHeader)]) {
    if (!label) continue;
    const decoder = decoderFor(label);
    if (!decoder) continue;
    if (decoder.encoding === 'utf-8') return decodeUtf8OrLegacy(bytes);
    return decoder.decode(bytes);
  }
  return decodeUtf8OrLegacy(bytes);
}

function sniffBom(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** The encoding pseudo-attribute of `<?xml ...?>`; the declaration itself is always ASCII. */
function declaredEncoding(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, DECLARATION_SCAN_BYTES)).toString('latin1');
  const match = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return match?.[1] ?? null;
}

function charsetOf(contentType: string | null | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([A-Za-z0-9._:-]+)"?/i.exec(contentType ?? '');
  return match?.[1] ?? null;
}

function decoderFor(label: string): TextDecoder | null {
  try {
    return new TextDecoder(label.trim().toLowerCase());
  } catch {
    // An encoding name TextDecoder does not know: fall through to the next source.
    return null;
  }
}

function decodeUtf8OrLegacy(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
