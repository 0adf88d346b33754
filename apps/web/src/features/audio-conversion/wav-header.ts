/** What a WAV file's header says about its samples (RIFF, PCM integer or IEEE float). */
export interface WavFormat {
  encoding: 'int' | 'float';
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Bytes of one frame: a sample of every channel. */
  blockAlign: number;
  /** Where the samples start and how many bytes of them there are. */
  dataOffset: number;
  dataBytes: number;
}

const PCM = 1;
const FLOAT = 3;
const EXTENSIBLE = 0xfffe;

const tag = (view: DataView, at: number) =>
  String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));

/**
 * Reads the header at the start of a WAV file (give it the first 64 KB or so); null when it is not a
 * WAV this encoder reads (compressed formats such as ADPCM, or a data chunk beyond the bytes given).
 * A data size of 0 or 0xFFFFFFFF (a recorder that never went back to write it) means "to the end".
 */
export function readWavHeader(head: ArrayBuffer, fileSize: number): WavFormat | null {
  const view = new DataView(head);
  if (view.byteLength < 12 || tag(view, 0) !== 'RIFF' || tag(view, 8) !== 'WAVE') return null;
  let format: Omit<WavFormat, 'dataOffset' | 'dataBytes'> | null = null;
  for (let at = 12; at + 8 <= view.byteLength;) {
    const id = tag(view, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ' && body + 16 <= view.byteLength) {
      let code = view.getUint16(body, true);
      if (code === EXTENSIBLE && size >= 26 && body + 26 <= view.byteLength) code = view.getUint16(body + 24, true);
      const bitsPerSample = view.getUint16(body + 14, true);
      const encoding = code === PCM ? 'int' : code === FLOAT ? 'float' : null;
      const readable =
        encoding === 'int' ? [8, 16, 24, 32].includes(bitsPerSample) : encoding === 'float' && [32, 64].includes(bitsPerSample);
      if (!encoding || !readable) return null;
      format = {
        encoding,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample,
        blockAlign: view.getUint16(body + 12, true),
      };
      if (format.channels < 1 || format.sampleRate < 1 || format.blockAlign !== (format.channels * bitsPerSample) / 8) return null;
    } else if (id === 'data') {
      if (!format) return null;
      const toEnd = fileSize - body;
      const dataBytes = size === 0 || size === 0xffffffff || size > toEnd ? toEnd : size;
      return { ...format, dataOffset: body, dataBytes: dataBytes - (dataBytes % format.blockAlign) };
    }
    at = body + size + (size % 2);
  }
  return null;
}
