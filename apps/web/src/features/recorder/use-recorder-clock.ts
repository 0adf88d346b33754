import { useEffect, useState, type Dispatch, type RefObject } from 'react';
import { RECORDER } from '@ppp/contracts';
import type { RecorderEvent } from './recorder-machine.ts';
import type { Microphone } from './microphone.ts';

const LEVEL_DECAY = 0.85;

/** The clock the Recorder draws with: while `timed`, ticks move countdowns along and redraw the timer and meter. */
export function useRecorderClock(timed: boolean, mic: RefObject<Microphone | null>, dispatch: Dispatch<RecorderEvent>) {
  const [now, setNow] = useState(() => performance.now());
  const [level, setLevel] = useState(0);

  useEffect(() => {
    if (!timed) return;
    const id = window.setInterval(() => {
      const t = performance.now();
      setNow(t);
      const current = mic.current?.level() ?? 0;
      // Peaks fall back gently, so short sounds stay readable on the meter.
      setLevel((shown) => Math.max(current, shown * LEVEL_DECAY));
      dispatch({ type: 'tick', now: t });
    }, RECORDER.tickMs);
    return () => window.clearInterval(id);
  }, [timed, mic, dispatch]);

  /** The time now, also given to the screen so a countdown starts from its full number. */
  const clock = () => {
    const t = performance.now();
    setNow(t);
    return t;
  };

  return { now, level, clock };
}
