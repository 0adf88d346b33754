import sanitizeHtml from 'sanitize-html';

/**
 * The hero is admin-written HTML shown to every visitor: only text formatting and links survive,
 * links open safely, and nothing can run script or load outside content.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'p', 'br', 'strong', 'b', 'em', 'i', 'u', 'mark', 'small', 'span', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        rel: 'noopener noreferrer',
        ...(attribs.target ? { target: '_blank' } : {}),
      },
    }),
  },
};

export function sanitizeHeroHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
