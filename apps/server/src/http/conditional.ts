/**
 * If-None-Match uses the weak comparison (RFC 9110 §13.1.2): a validator the client got from a
 * gzipped answer comes back as W/"…" and still names the same version of the resource.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
