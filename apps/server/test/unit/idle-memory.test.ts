import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectWhenQuiet } from '../../src/idle-memory.ts';

const MB = 2 ** 20;

describe('collectWhenQuiet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    const server = new EventEmitter();
    const heap = { bytes: 100 * MB };
    const collect = vi.fn(() => {
      heap.bytes = 90 * MB;
    });
    const stop = collectWhenQuiet(server, { collect, heapBytes: () => heap.bytes, checkMs: 1000 });
    return { server, heap, collect, stop };
  }

  it('collects once when a burst has ended and left the heap grown, then not again at the new mark', () => {
    const { server, heap, collect, stop } = setup();
    heap.bytes = 300 * MB;
    for (let i = 0; i < 50; i++) server.emit('request');
    vi.advanceTimersByTime(1000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(1);
    heap.bytes = 100 * MB;
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
  });

  it('leaves a heap within its growth alone, and counts a few requests as quiet', () => {
    const { server, heap, collect, stop } = setup();
    heap.bytes = 115 * MB;
    server.emit('request');
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled();
    heap.bytes = 130 * MB;
    server.emit('request');
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not collect while a request is still under way, however few came in', () => {
    const { server, heap, collect, stop } = setup();
    heap.bytes = 300 * MB;
    const upload = new EventEmitter();
    server.emit('request', {}, upload);
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled();
    upload.emit('close');
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does nothing after stop', () => {
    const { server, heap, collect, stop } = setup();
    stop();
    heap.bytes = 500 * MB;
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled();
    expect(server.listenerCount('request')).toBe(0);
  });
});
