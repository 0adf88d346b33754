import { describe, expect, it } from 'vitest';
import {
  describeProblems,
  hasBlockingProblem,
  validateFeedForPublish,
  type ArtworkInfo,
} from '../../../src/domain/publishing/feed/index.ts';
import { makeEpisode, makeShow } from './fixtures.ts';

const goodArt: ArtworkInfo = { width: 3000, height: 3000, mimeType: 'image/jpeg' };
const codes = (problems: { code: string }[]) => problems.map((p) => p.code);

describe('validateFeedForPublish', () => {
  it('finds nothing wrong with a complete show and episode', () => {
    expect(validateFeedForPublish(makeShow(), makeEpisode({ id: 'e1' }), goodArt)).toEqual([]);
  });

  it('accepts artwork at exactly 1400 and 3000 pixels, PNG or JPEG', () => {
    for (const art of [
      { width: 1400, height: 1400, mimeType: 'image/png' },
      { width: 3000, height: 3000, mimeType: 'image/jpeg' },
    ]) {
      expect(validateFeedForPublish(makeShow(), makeEpisode({ id: 'e1' }), art)).toEqual([]);
    }
  });

  it('rejects artwork that is missing, small, large, not square or not JPEG/PNG', () => {
    const episode = makeEpisode({ id: 'e1' });
    expect(codes(validateFeedForPublish(makeShow({ cover_url: null }), episode, null))).toEqual(['show_artwork_missing']);
    const small = validateFeedForPublish(makeShow(), episode, { width: 1399, height: 1399, mimeType: 'image/png' });
    expect(small).toEqual([
      { code: 'show_artwork_too_small', severity: 'error', message: 'Cover art must be at least 1400x1400; this one is 1399x1399.' },
    ]);
    expect(codes(validateFeedForPublish(makeShow(), episode, { width: 3001, height: 3001, mimeType: 'image/png' }))).toEqual([
      'show_artwork_too_large',
    ]);
    expect(codes(validateFeedForPublish(makeShow(), episode, { width: 2000, height: 1500, mimeType: 'image/webp' }))).toEqual([
      'show_artwork_format',
      'show_artwork_not_square',
    ]);
  });

  it('blocks on missing required tags and only warns on recommended ones', () => {
    const show = makeShow({ description: '  ', category: null, owner_email: null, owner_name: null, author_name: null });
    const episode = makeEpisode({ id: 'e1', description_html: '', duration_s: null });
    const problems = validateFeedForPublish(show, episode, goodArt);
    expect(problems.filter((p) => p.severity === 'error').map((p) => p.code)).toEqual(['show_description', 'show_category']);
    expect(problems.filter((p) => p.severity === 'warning').map((p) => p.code)).toEqual([
      'show_owner_email',
      'show_author',
      'episode_description',
      'episode_duration',
    ]);
    expect(hasBlockingProblem(problems)).toBe(true);
    expect(describeProblems(problems)).toBe('Add a show description before publishing. Choose a primary category for the show.');
  });

  it('requires an enclosure with bytes', () => {
    const episode = makeEpisode({ id: 'e1', enclosure: { url: 'https://example.com/e1.mp3', length: 0, type: 'audio/mpeg' } });
    expect(codes(validateFeedForPublish(makeShow(), episode, goodArt))).toEqual(['episode_enclosure']);
  });

  it('requires episode numbers on full episodes of a serial show', () => {
    const serial = makeShow({ podcast_type: 'serial' });
    expect(codes(validateFeedForPublish(serial, makeEpisode({ id: 'e1' }), goodArt))).toEqual(['episode_number_serial']);
    expect(validateFeedForPublish(serial, makeEpisode({ id: 'e1', episode: 4 }), goodArt)).toEqual([]);
    expect(validateFeedForPublish(serial, makeEpisode({ id: 't', episode_type: 'trailer' }), goodArt)).toEqual([]);
  });

  it('enforces at most 20 tags of at most 30 characters on publish', () => {
    const many = makeEpisode({ id: 'e1', tags: Array.from({ length: 21 }, (_, i) => `tag${i}`) });
    expect(codes(validateFeedForPublish(makeShow(), many, goodArt))).toEqual(['episode_tags']);
    const long = makeEpisode({ id: 'e1', tags: ['ok', 'x'.repeat(31)] });
    expect(validateFeedForPublish(makeShow(), long, goodArt)[0]?.message).toBe(`Tags can be at most 30 characters: ${'x'.repeat(31)}.`);
  });
});
