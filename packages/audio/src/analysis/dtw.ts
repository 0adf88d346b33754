/**
 * Subsequence dynamic time warping: where inside a long reference a short query is said again, at
 * whatever pace. The query must be matched whole; the reference may start and end anywhere. Steps
 * are diagonal, or one side held (a stretched or squeezed sound); every step adds the distance of
 * the two frames it pairs, and the path of least total cost wins (Müller, Fundamentals of Music
 * Processing, §7.2).
 */
export interface SubsequenceMatch {
  /** First and last reference frames the query was matched to (inclusive). */
  start: number;
  end: number;
  /** Summed frame distance along the path divided by the path's length (frames paired). */
  cost: number;
  /** The same for the median end frame's best path: a true repeat stands out well below it. */
  typicalCost: number;
}

function euclidean(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let k = 0; k < a.length; k++) {
    const d = (a[k] ?? 0) - (b[k] ?? 0);
    sum += d * d;
  }
  return Math.sqrt(sum);
}

interface Cell {
  cost: number;
  steps: number;
  start: number;
}

const NONE: Cell = { cost: Infinity, steps: 1, start: -1 };
const average = (cell: Cell) => cell.cost / cell.steps;

/**
 * The cheaper of the cells a step may come from, by total cost: a path padded with extra frames (a
 * start pulled back into the silence before the take) always costs more.
 */
function cheapest(a: Cell, b: Cell, c: Cell): Cell {
  let best = a;
  if (b.cost < best.cost) best = b;
  if (c.cost < best.cost) best = c;
  return best;
}

/** Best place of the whole query inside the reference; null when either is empty. */
export function subsequenceDtw(query: readonly Float32Array[], reference: readonly Float32Array[]): SubsequenceMatch | null {
  if (query.length === 0 || reference.length === 0) return null;
  let previous: Cell[] = [];
  for (const [i, queryFrame] of query.entries()) {
    const row: Cell[] = [];
    for (const [j, referenceFrame] of reference.entries()) {
      const distance = euclidean(queryFrame, referenceFrame);
      if (i === 0) {
        // Free start: the query may begin at any reference frame.
        row.push({ cost: distance, steps: 1, start: j });
        continue;
      }
      const from = cheapest(previous[j - 1] ?? NONE, previous[j] ?? NONE, row[j - 1] ?? NONE);
      row.push({ cost: from.cost + distance, steps: from.steps + 1, start: from.start });
    }
    previous = row;
  }
  const ends = previous.map((cell, end) => ({ ...cell, end })).filter((cell) => Number.isFinite(cell.cost));
  if (ends.length === 0) return null;
  const best = ends.reduce((a, b) => (b.cost < a.cost ? b : a));
  const sorted = ends.map(average).sort((a, b) => a - b);
  return { start: best.start, end: best.end, cost: average(best), typicalCost: sorted[Math.floor(sorted.length / 2)] ?? average(best) };
}
