import { describe, expect, it } from 'vitest';
import { podcastGuid } from '../../../src/domain/publishing/feed/index.ts';

describe('podcastGuid', () => {
  // The two examples published with the podcast:guid tag in the Podcast Namespace documentation.
  it('matches the namespace documentation examples', () => {
    expect(podcastGuid('https://mp3s.nashownotes.com/pc20rss.xml')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(podcastGuid('mp3s.nashownotes.com/pc20rss.xml')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(podcastGuid('https://podnews.net/rss')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
  });

  it('ignores the scheme and trailing slashes but not the rest of the URL', () => {
    const guid = podcastGuid('podnews.net/rss');
    expect(podcastGuid('http://podnews.net/rss//')).toBe(guid);
    expect(podcastGuid('https://podnews.net/rss/')).toBe(guid);
    expect(podcastGuid('https://podnews.net/rss?x=1')).not.toBe(guid);
  });

  it('is a version 5, RFC 4122 variant UUID', () => {
    expect(podcastGuid('example.com/feed.xml')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
