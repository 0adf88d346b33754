/**
 * Reads one line of ffmpeg's `-progress` output and returns the percent done, or null when the
 * line says nothing about it. out_time_us is the position in the output, so dividing by the
 * expected output length gives the share done; 'progress=end' is the one sure 100.
 */
export function parseProgressLine(line: string, durationSeconds: number | undefined): number | null {
  const [key, value] = line.trim().split('=', 2);
  if (key === 'progress' && value === 'end') return 100;
  if (key !== 'out_time_us' || value === undefined || !durationSeconds || durationSeconds <= 0) return null;
  const micros = Number(value);
  if (!Number.isFinite(micros) || micros < 0) return null;
  // Capped below 100: the last frames are still being written until 'progress=end'.
  return Math.min(99.9, (micros / 1e6 / durationSeconds) * 100);
}
