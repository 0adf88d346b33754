import { describe, expect, it } from 'vitest';
import { EPISODE_CREATOR_MESSAGES, PUBLISH_MESSAGES, creatorPublishScheduleProblem, scheduleProblem } from '../src/index.ts';

describe("the wizard's publish step after assembly (spec 000 §5 'Scheduling at publish', §8)", () => {
  const now = new Date('2026-11-23T18:00:00Z');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

  it('keeps a time more than a minute ahead on a 5-minute mark', () => {
    expect(creatorPublishScheduleProblem(at(5), now)).toBeNull();
    expect(creatorPublishScheduleProblem(at(60).toISOString(), now)).toBeNull();
  });

  it("says 'Pick a future date/time (>= 1 minute ahead).' for a time passed or within the minute, where Episode History says its own words", () => {
    for (const value of [at(-40), now, new Date(now.getTime() + 60_000), new Date(now.getTime() + 30_000)]) {
      expect(creatorPublishScheduleProblem(value, now)).toBe(EPISODE_CREATOR_MESSAGES.publishPastTime);
      expect(scheduleProblem(value, now)).toBe(PUBLISH_MESSAGES.scheduleLead);
    }
    expect(EPISODE_CREATOR_MESSAGES.publishPastTime).toBe('Pick a future date/time (>= 1 minute ahead).');
  });

  it("says 'Invalid schedule time' for none, an unreadable one, or one off the 5-minute step", () => {
    for (const value of [null, undefined, '', 'next tuesday', new Date(Number.NaN), at(7)]) {
      expect(creatorPublishScheduleProblem(value, now)).toBe(EPISODE_CREATOR_MESSAGES.invalidScheduleTime);
    }
    expect(EPISODE_CREATOR_MESSAGES.invalidScheduleTime).toBe('Invalid schedule time');
  });
});
