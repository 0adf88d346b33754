import { decodeHTMLStrict } from 'entities';
import type { TXmlNode } from './xml-document.ts';

/**
 * Reading the parser's tree without trusting its shape: any element may be missing, repeated,
 * empty, text-only or carry attributes, whatever the spec of the feed format says.
 */

export function asNode(value: unknown): TXmlNode | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as TXmlNode) : null;
}

export function all(node: TXmlNode | null, name: string): unknown[] {
  const value = node?.[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function first(node: TXmlNode | null, name: string): unknown {
  return all(node, name)[0];
}

function rawText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const node = asNode(value);
  if (node && '#text' in node) return rawText(node['#text']);
  return null;
}

/** Text content with entity and character references decoded, trimmed; empty is null. */
export function textOf(value: unknown): string | null {
  const raw = rawText(value);
  if (raw === null) return null;
  const text = decodeHTMLStrict(raw.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')).trim();
  return text || null;
}

/** The first non-empty text among the named children. */
export function firstText(node: TXmlNode | null, ...names: string[]): string | null {
  for (const name of names) {
    for (const value of all(node, name)) {
      const text = textOf(value);
      if (text) return text;
    }
  }
  return null;
}

export function attr(value: unknown, name: string): string | null {
  const raw = asNode(value)?.[`@_${name}`];
  if (typeof raw !== 'string') return null;
  const text = decodeHTMLStrict(raw).trim();
  return text || null;
}

/** itunes:image carries its URL in href; some feeds put it in the text instead. */
export function imageHref(value: unknown): string | null {
  return attr(value, 'href') ?? attr(value, 'url') ?? textOf(value);
}

/**
 * Markup of an element kept raw by the parser: escaped text is unescaped once (it is HTML
 * written as XML text), CDATA sections are taken as they are (they already are HTML).
 */
export function htmlOf(value: unknown): string | null {
  const raw = rawText(value);
  if (raw === null) return null;
  const html = raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/g)
    .map((part) => (part.startsWith('<![CDATA[') ? part.slice(9, -3) : decodeHTMLStrict(part)))
    .join('')
    .trim();
  return html || null;
}

/** An absolute http(s) URL, resolved against the feed's own address when relative; else null. */
export function urlOf(raw: string | null, base: string | null): string | null {
  if (!raw) return null;
  try {
    const url = base ? new URL(raw.trim(), base) : new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function booleanOf(raw: string | null): boolean | null {
  const value = raw?.trim().toLowerCase();
  if (!value) return null;
  if (['yes', 'true', 'explicit', '1'].includes(value)) return true;
  if (['no', 'false', 'clean', '0'].includes(value)) return false;
  return null;
}

/** A non-negative integer as feeds write them ('3', '03', ' 3 '); anything else is null. */
export function integerOf(raw: string | null): number | null {
  const value = raw?.trim();
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}
