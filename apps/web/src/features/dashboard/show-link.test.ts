import { describe, expect, it } from 'vitest';
import { showLinkTarget } from './show-link.ts';

describe('/dashboard?podcast={id}', () => {
  it('opens that show in My Podcasts', () => {
    expect(showLinkTarget(new URLSearchParams('podcast=abc-123'))).toBe('/dashboard/podcasts?edit=abc-123');
    expect(showLinkTarget(new URLSearchParams('onboarding=0'))).toBeNull();
    expect(showLinkTarget(new URLSearchParams('podcast='))).toBeNull();
  });
});
