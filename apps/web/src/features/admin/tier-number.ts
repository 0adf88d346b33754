/** Tier editor numbers (spec 002 section 5): blank or invalid becomes 0; whole, non-negative. */
export function tierNumber(raw: string | number): number {
  const value = typeof raw === 'number' ? raw : Number(raw.trim() === '' ? NaN : raw);
  return Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;
}
