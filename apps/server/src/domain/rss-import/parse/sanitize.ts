import sanitizeHtml from 'sanitize-html';

/**
 * Show notes come from another host and end up rendered in our pages and our own feed, so only
 * formatting and plain links survive: no scripts, styles, event handlers, iframes or images
 * (which would track readers), and links only to http(s) and mailto.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        ...(attribs.title ? { title: attribs.title } : {}),
        rel: 'nofollow noopener noreferrer',
        target: '_blank',
      },
    }),
  },
};

export function sanitizeShowNotes(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
