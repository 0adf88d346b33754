import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { watchCheckedOutClient } from '../../src/db/checked-out-client.ts';

/** A pooled client as the watcher sees it: an event emitter (pg.Client is one). */
const pooledClient = () => new EventEmitter() as unknown as pg.PoolClient;

describe('watching a checked-out client', () => {
  it('tells the holder once when the connection fails during the hold', () => {
    const client = pooledClient();
    const lost: string[] = [];
    const stop = watchCheckedOutClient(client, (error) => lost.push(error.message));
    client.emit('error', new Error('terminating connection due to administrator command'));
    client.emit('error', new Error('again'));
    stop();
    expect(lost).toEqual(['terminating connection due to administrator command']);
  });

  it('after release, a late error is absorbed, and checking the same client out again and again adds no listeners', () => {
    const client = pooledClient();
    for (let i = 0; i < 50; i++) watchCheckedOutClient(client, () => undefined)();
    expect(client.listenerCount('error')).toBe(1);
    expect(() => client.emit('error', new Error('late'))).not.toThrow();
  });
});
