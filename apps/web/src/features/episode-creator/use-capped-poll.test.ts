import { describe, expect, it } from 'vitest';
import { cappedPollInterval, cappedPollPhase, type CappedPollEvent, type CappedPollPhase } from './use-capped-poll.ts';

const after = (events: CappedPollEvent[], from: CappedPollPhase = 'idle') => events.reduce(cappedPollPhase, from);

describe('the transcript poll cap (issue 37)', () => {
  it('polls from the start of the wait until the cap, then stops until Retry', () => {
    expect(after(['start'])).toBe('polling');
    expect(after(['start', 'capReached'])).toBe('stopped');
    expect(after(['start', 'capReached', 'retry'])).toBe('polling');
    expect(after(['start', 'capReached', 'retry', 'capReached'])).toBe('stopped');
  });

  it('forgets a stop once the wait ends, and a late cap or Retry changes nothing then', () => {
    expect(after(['start', 'capReached', 'end'])).toBe('idle');
    expect(after(['start', 'end', 'capReached'])).toBe('idle');
    expect(after(['retry'])).toBe('idle');
    expect(after(['start', 'retry'])).toBe('polling');
  });

  it('reads every interval only while polling', () => {
    expect(cappedPollInterval('polling', 5000)).toBe(5000);
    expect(cappedPollInterval('stopped', 5000)).toBe(false);
    expect(cappedPollInterval('idle', 5000)).toBe(false);
  });
});
