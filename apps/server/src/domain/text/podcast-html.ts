import sanitizeHtml from 'sanitize-html';

/**
 * Everything a creator (or another host's feed) types ends up in other people's browsers and podcast
 * apps: the RSS feed, the landing page, the show website. One allowlist decides what survives there:
 * paragraphs, line breaks, emphasis, lists and links to http(s) or mailto. Scripts, styles, event
 * handlers, images (which track readers), iframes and every other tag are dropped, their text kept.
 */
const LINK_SCHEMES = ['http', 'https', 'mailto'];

/** Links open in a new tab, never hand the opener or the referrer to the linked page, and carry nothing else. */
function safeLink(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  return {
    tagName,
    attribs: {
      ...(attribs.href ? { href: attribs.href } : {}),
      rel: 'nofollow noopener noreferrer',
      target: '_blank',
    },
  };
}

const PODCAST_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'a', 'strong', 'em', 'ul', 'ol', 'li'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: safeLink, b: 'strong', i: 'em' },
};

/** Creator text (show and episode descriptions, notes) as the HTML every public surface may show. */
export function sanitizePodcastHtml(html: string): string {
  return sanitizeHtml(html, PODCAST_HTML).trim();
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** The HTML elements a description written as HTML carries; '<basics>' or 'a < b' in plain text is not one. */
const HTML_ELEMENTS = [
  ...['a', 'abbr', 'b', 'big', 'blockquote', 'br', 'center', 'cite', 'code', 'del', 'div', 'em', 'font', 'hr', 'i', 'img', 'ins'],
  ...['kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'u', 'ul'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'dl', 'dt', 'dd', 'figure', 'figcaption'],
  ...['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'input', 'button', 'link', 'meta', 'base', 'video', 'audio'],
];
const HTML_TAG = new RegExp(`<\\/?(${HTML_ELEMENTS.join('|')})(\\s[^>]*)?\\/?>`, 'i');

/**
 * A description as the HTML the public surfaces show. Creators type (and the default text engine
 * writes) plain text with blank lines between paragraphs and line breaks inside them; that becomes
 * paragraphs and line breaks, its text escaped (one line stays one line of text). Text that already
 * holds HTML (an imported feed's notes, a chat model's) keeps its own structure. Either way it goes
 * through the one allowlist.
 */
export function creatorNotesHtml(text: string): string {
  if (HTML_TAG.test(text)) return sanitizePodcastHtml(text);
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const [only] = paragraphs;
  if (paragraphs.length === 1 && only !== undefined && !only.includes('\n')) return sanitizePodcastHtml(escapeText(only));
  return sanitizePodcastHtml(paragraphs.map((p) => `<p>${escapeText(p).replace(/\n/g, '<br>')}</p>`).join(''));
}

/**
 * The landing page's hero is written by an administrator and may also carry headings; it goes
 * through the same link rules and drops everything else the podcast allowlist drops.
 */
const HERO_HTML: sanitizeHtml.IOptions = {
  ...PODCAST_HTML,
  allowedTags: [...(PODCAST_HTML.allowedTags || []), 'h1', 'h2', 'h3', 'u', 'mark', 'small', 'span'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer', ...(attribs.target ? { target: '_blank' } : {}) },
    }),
    b: 'strong',
    i: 'em',
  },
};

export function sanitizeHeroHtml(html: string): string {
  return sanitizeHtml(html, HERO_HTML).trim();
}

const NAMED_ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** HTML as one line of text (tags and their script or style contents gone), cut to max characters with an ellipsis. */
export function plainText(html: string, max: number): string {
  const stripped = sanitizeHtml(html.replace(/<(br|\/(p|li|div|h[1-6]))\b/gi, ' $&'), { allowedTags: [], allowedAttributes: {} });
  const text = decodeEntities(stripped).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
