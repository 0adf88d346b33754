import { describe, expect, it } from 'vitest';
import { nameFromUrl } from './music-url.ts';

describe('music import names', () => {
  it('names a bed after the last segment of its address', () => {
    expect(nameFromUrl('https://cdn.example.com/beds/sunny_morning-loop.mp3?x=1')).toBe('sunny morning loop');
    expect(nameFromUrl('https://cdn.example.com/beds/Evening%20Bed.wav')).toBe('Evening Bed');
    expect(nameFromUrl('https://cdn.example.com/')).toBe('cdn.example.com');
  });
});
