import { useEffect, useReducer, useState } from 'react';
import { MEDIA } from '@ppp/contracts';

/** idle: nothing awaited; polling: under the cap; stopped: the cap was reached while still waiting. */
export type CappedPollPhase = 'idle' | 'polling' | 'stopped';
export type CappedPollEvent = 'start' | 'end' | 'capReached' | 'retry';

/** The poll's phase after an event: the cap stops only a running poll, Retry restarts only a stopped one. */
export function cappedPollPhase(phase: CappedPollPhase, event: CappedPollEvent): CappedPollPhase {
  if (event === 'end') return 'idle';
  if (event === 'start') return phase === 'idle' ? 'polling' : phase;
  if (event === 'capReached') return phase === 'polling' ? 'stopped' : phase;
  return phase === 'stopped' ? 'polling' : phase;
}

/** The react-query refetchInterval of a phase: every `everyMs` while polling, else off. */
export function cappedPollInterval(phase: CappedPollPhase, everyMs: number): number | false {
  return phase === 'polling' ? everyMs : false;
}

export interface CappedPoll {
  interval: number | false;
  /** The cap was reached while still waiting: polling stopped until Retry. */
  stopped: boolean;
  retry(): void;
}

/**
 * A transcript wait polled every `everyMs`, stopped at MEDIA.transcriptPollMaxMs ('up to 10 minutes';
 * issue 37: the cap was declared and unused). Retry polls again (the next read within `everyMs`) for
 * another 10 minutes.
 */
export function useCappedPoll(active: boolean, everyMs: number): CappedPoll {
  const [phase, dispatch] = useReducer(cappedPollPhase, 'idle');
  const [wasActive, setWasActive] = useState<boolean | null>(null);
  // The wait starts and ends with `active` (derived while rendering, as React allows).
  if (wasActive !== active) {
    setWasActive(active);
    dispatch(active ? 'start' : 'end');
  }
  useEffect(() => {
    if (phase !== 'polling') return;
    const timer = window.setTimeout(() => dispatch('capReached'), MEDIA.transcriptPollMaxMs);
    return () => window.clearTimeout(timer);
  }, [phase]);
  return { interval: cappedPollInterval(phase, everyMs), stopped: phase === 'stopped', retry: () => dispatch('retry') };
}
