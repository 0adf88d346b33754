import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../src/process.ts';

/** Field 5 of /proc/<pid>/stat: the process group. */
const processGroup = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);

describe('tools started by the audio package', () => {
  it('run in a process group of their own, so a terminal Ctrl-C to the app does not reach them', async () => {
    const { stdout } = await runProcess('cat', ['/proc/self/stat']);
    const child = processGroup(stdout);
    expect(child).toBeGreaterThan(0);
    expect(child).not.toBe(processGroup(readFileSync('/proc/self/stat', 'utf8')));
  });
});
