import type { create } from 'xmlbuilder2';

export type XmlNode = ReturnType<typeof create>;

/*
 * Characters XML 1.0 forbids anywhere in a document (C0 controls other than tab, CR, LF; lone
 * surrogates; U+FFFE/U+FFFF). Text pasted from word processors sometimes carries them, and one such
 * character makes the whole feed unparseable for every app, so they are dropped before writing.
 */
const INVALID_XML_CHARS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlSafe(text: string): string {
  return text.replace(INVALID_XML_CHARS, '');
}

/**
 * Writes HTML show notes as one CDATA section, the form Apple's examples use. A CDATA section cannot
 * contain "]]>"; splitting it into several sections would let a pretty-printer put whitespace between
 * them, so such (rare) text is written as escaped character data instead, which parsers read back
 * to the same string.
 */
export function appendCdata(element: XmlNode, text: string): XmlNode {
  const safe = xmlSafe(text);
  return safe.includes(']]>') ? element.txt(safe) : element.dat(safe);
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad = (n: number) => String(n).padStart(2, '0');

/** RFC 2822 date-time in UTC with a numeric zone ("Sun, 01 Jun 2025 10:00:00 +0000"), as RSS 2.0 wants. */
export function rfc2822(date: Date): string {
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${DAYS[date.getUTCDay()]}, ${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${time} +0000`;
}
