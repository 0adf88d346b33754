/**
 * The allowlist for admin-written hero HTML on the client. The server already sanitises it
 * (sanitize-html); the browser never injects it as markup either: it is parsed into an inert
 * document and rebuilt as React elements from this allowlist, so a bad row cannot run script.
 */
export const HERO_TAGS = new Set([
  'h1',
  'h2',
  'h3',
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'mark',
  'small',
  'span',
  'ul',
  'ol',
  'li',
  'a',
]);
/** Tags whose content is dropped along with the tag. */
export const DROPPED_TAGS = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'svg', 'math']);

/** Only web, mail and same-site links survive; anything else (javascript:, data:) loses its href. */
export function safeHref(href: string | null): string | undefined {
  if (!href) return undefined;
  const value = href.trim();
  if (/^(https?:|mailto:)/i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  if (value.startsWith('#')) return value;
  return undefined;
}
