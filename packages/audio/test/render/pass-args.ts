/** The encode pass's arguments the render tests look into, with the options they share written once. */
import { encodePassArgs } from '../../src/render/index.ts';

type EncodePassOptions = Parameters<typeof encodePassArgs>[0];

/** A 24-bit PCM render's pass (3 dB gain, ceiling 0.7, 128 kb/s) to o.mp3, with `over` changed. */
export const s24PassArgs = (over: Partial<EncodePassOptions> = {}) =>
  encodePassArgs({
    input: 'p.s24',
    inputFormat: 's24le',
    gainDb: 3,
    ceiling: 0.7,
    bitrateKbps: 128,
    metadataPath: null,
    dest: 'o.mp3',
    ...over,
  });
