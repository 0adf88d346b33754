import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../../fixtures/feeds/', import.meta.url));

export function feedFixture(name: string): Buffer {
  return readFileSync(`${dir}${name}`);
}
