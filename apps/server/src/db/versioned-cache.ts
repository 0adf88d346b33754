import { LRUCache } from 'lru-cache';

/** What a cache keeps for one key: the value built for one version of the rows, and how long it holds. */
interface Entry<V> {
  version: string;
  /** Epoch ms after which the value is stale even at the same version (a signature step, a scheduled time). */
  validUntil: number;
  value: V;
}

export interface Built<V> {
  value: V;
  validUntil: number;
}

/**
 * Values built from database rows, kept in this process while the rows stay as they were: the caller
 * reads the rows' version (a cheap query over the same rows, e.g. their count and summed xmin) on
 * every use, so a write by any server or job makes the next read rebuild, and nothing is trusted
 * across a change. Bounded in bytes, least recently used first out; concurrent misses of one
 * version share one build.
 */
export class VersionedCache<V extends object> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly building = new Map<string, Promise<V>>();

  constructor(options: { maxBytes: number; sizeOf: (value: V) => number }) {
    this.entries = new LRUCache<string, Entry<V>>({
      maxSize: options.maxBytes,
      // A value larger than the whole budget is not kept (lru-cache refuses sizes over maxSize).
      sizeCalculation: (entry) => Math.max(1, Math.min(options.sizeOf(entry.value), options.maxBytes + 1)),
    });
  }

  /** The value for key at this version: the kept one when it still holds at `now`, else a fresh build. */
  async get(key: string, version: string, now: number, build: () => Promise<Built<V>>): Promise<V> {
    const kept = this.entries.get(key);
    if (kept && kept.version === version && now < kept.validUntil) return kept.value;
    const slot = `${key}\n${version}`;
    const pending = this.building.get(slot);
    if (pending) return pending;
    const made = build().then(({ value, validUntil }) => {
      if (now < validUntil) this.entries.set(key, { version, validUntil, value });
      return value;
    });
    this.building.set(slot, made);
    try {
      return await made;
    } finally {
      this.building.delete(slot);
    }
  }

  /** Everything kept goes (tests that reset the database between files). */
  clear(): void {
    this.entries.clear();
  }
}
