/**
 * itunes:duration as found in the wild, to milliseconds: '3723', '3723.5', '62:03', '1:02:03',
 * '01:02:03.5', '1:02:03:000'-style garbage refused, '45 min', '1h 2m 3s', '1 hour 5 minutes',
 * 'PT1H2M3S'. Empty, negative or unreadable values give null rather than a wrong number.
 */

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000 };
/** Longer than any real episode: a value past this is a unit mistake (ms or bytes), not a duration. */
const MAX_PLAUSIBLE_MS = 7 * 24 * 3_600_000;

export function parseDurationMs(raw: string | null | undefined): number | null {
  const value = (raw ?? '').trim().toLowerCase().replace(/,/g, '.');
  if (!value) return null;
  const ms = clock(value) ?? iso8601(value) ?? withUnits(value);
  if (ms === null || !Number.isFinite(ms) || ms < 0 || ms > MAX_PLAUSIBLE_MS) return null;
  return Math.round(ms);
}

/** Plain seconds or colon-separated clock time (SS, MM:SS, HH:MM:SS, each part may be fractional last). */
function clock(value: string): number | null {
  if (!/^\d+(?:\.\d+)?$|^\d+(?::\d{1,2}){1,2}(?:\.\d+)?$/.test(value)) return null;
  const parts = value.split(':').map(Number);
  // Minutes and seconds past 59 in the later positions mean the value is not a clock reading.
  if (parts.slice(1).some((p) => p >= 60)) return null;
  return parts.reduce((total, part) => total * 60 + part, 0) * 1000;
}

function iso8601(value: string): number | null {
  const match = /^pt(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m)?(?:(\d+(?:\.\d+)?)s)?$/.exec(value);
  if (!match || value === 'pt') return null;
  const [, h, m, s] = match;
  return (Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s ?? 0)) * 1000;
}

/** '45 min', '1h30m', '1 hr 5 mins', '90 minutes', '2 hours', '30 sec'. */
function withUnits(value: string): number | null {
  const pattern = /(\d+(?:\.\d+)?)\s*(hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)(?![a-z])/g;
  let total = 0;
  let matchedLength = 0;
  for (const match of value.matchAll(pattern)) {
    const [whole, amount, unit] = match;
    const key = (unit ?? '').charAt(0);
    const factor = UNIT_MS[key];
    if (factor === undefined) return null;
    total += Number(amount) * factor;
    matchedLength += whole.length;
  }
  // Everything but spaces and joining words must have been understood.
  const leftover = value.replace(pattern, '').replace(/\b(and)\b|[\s.]/g, '');
  if (matchedLength === 0 || leftover.length > 0) return null;
  return total;
}
