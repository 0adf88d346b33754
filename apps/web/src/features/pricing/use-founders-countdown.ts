import { useEffect, useState } from 'react';
import { countdownParts, foundersDeadline, type TCountdownParts } from '@ppp/contracts';

function read(): TCountdownParts & { deadline: Date } {
  const now = new Date();
  return { ...countdownParts(now), deadline: foundersDeadline(now) };
}

/** The founders countdown, updated every second until Sept 30 23:59:59, then ended for good. */
export function useFoundersCountdown(): TCountdownParts & { deadline: Date } {
  const [parts, setParts] = useState(read);
  const ended = parts.ended;
  useEffect(() => {
    if (ended) return undefined;
    const timer = window.setInterval(() => setParts(read()), 1000);
    return () => window.clearInterval(timer);
  }, [ended]);
  return parts;
}
