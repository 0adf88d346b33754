import { describe, expect, it } from 'vitest';
import { WAY_FORWARD_COPY, type TFeedCheck } from '@ppp/contracts';
import { publishHold } from './publish-hold.ts';

const ID = '4b0d2a8e-8c1f-4c55-9a8e-0a2b9d3c1e11';
const builtin = { host_kind: 'builtin', spreaker_show_id: null };
const check = (items: TFeedCheck['items']): TFeedCheck => ({
  podcast_id: ID,
  host: 'builtin',
  ready: !items.some((item) => item.severity === 'error'),
  items,
});
const noCategory = { code: 'show_category', severity: 'error', message: 'Choose a category for the show.', fix: 'show_details' } as const;
const noCover = { code: 'show_artwork_missing', severity: 'error', message: 'Add a square cover.', fix: 'show_cover' } as const;
const noAuthor = { code: 'show_author', severity: 'warning', message: 'Add an author.', fix: 'show_details' } as const;

describe('Assemble held back when publishing would fail after the render (issue 37)', () => {
  it('holds Publish now and Schedule with every error of the feed check and the first one’s field', () => {
    const hold = publishHold('now', ID, builtin, check([noCover, noCategory, noAuthor]));
    expect(hold?.problems).toEqual(['Add a square cover.', 'Choose a category for the show.']);
    expect(hold?.fixPath).toBe(`/dashboard/podcasts?edit=${ID}&field=cover`);
    expect(publishHold('schedule', ID, builtin, check([noCategory]))?.fixPath).toBe(`/dashboard/podcasts?edit=${ID}`);
  });

  it('never holds Save as draft, a ready show, or a show whose check has only warnings', () => {
    expect(publishHold('draft', ID, builtin, check([noCategory]))).toBeNull();
    expect(publishHold('now', ID, builtin, check([]))).toBeNull();
    expect(publishHold('now', ID, builtin, check([noAuthor]))).toBeNull();
  });

  it('holds a Spreaker show not linked yet, and nothing while the show or its check loads', () => {
    expect(publishHold('now', ID, { host_kind: 'spreaker', spreaker_show_id: null }, null)?.problems).toEqual([
      WAY_FORWARD_COPY.hostNotLinked,
    ]);
    expect(publishHold('now', ID, undefined, check([noCategory]))).toBeNull();
    expect(publishHold('now', ID, builtin, null)).toBeNull();
  });
});
