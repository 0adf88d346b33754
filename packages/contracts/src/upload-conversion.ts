/**
 * In-browser conversion before upload (spec 001 sections 4, 8 and 9): an uncompressed recording is
 * encoded to MP3 in a Web Worker and the MP3 is uploaded when it is less than half the original.
 */
export const UPLOAD_CONVERSION = {
  /** 'MP3 at 128 kbps.' */
  kbps: 128,
  /** 'Target sample rates are chosen from ...' (highest first). */
  sampleRates: [48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000] as const,
  /** 'Frames are 1152 samples.' */
  frameSamples: 1152,
  /** 'The converted file is used only if the original is more than 2 times larger.' */
  useWhenOriginalTimesLarger: 2,
  /** Not in the spec: smaller recordings go up as they are (converting them saves little time). */
  minBytes: 10 * 1024 * 1024,
} as const;

export const UPLOAD_CONVERSION_MESSAGES = {
  /** Spec 001 §8 conversion notes. */
  fallback: "Unable to convert automatically. We'll upload the original file instead.",
  unsupported: 'Browser does not support in-browser conversion; uploading the original file instead.',
  preparing: 'Preparing audio',
  converted: (fromMb: number, toMb: number) => `Converted to MP3: ${fromMb.toFixed(1)} MB → ${toMb.toFixed(1)} MB.`,
  keptOriginal: 'The MP3 would not be much smaller, so the original file is uploaded.',
} as const;

/**
 * The sample rate an MP3 is encoded at: the source's own rate when it is in the spec's list, else the
 * highest listed rate below it (the lowest listed for anything slower).
 */
export function conversionSampleRate(sourceRate: number): number {
  const rates = UPLOAD_CONVERSION.sampleRates;
  return rates.find((rate) => rate <= sourceRate) ?? rates[rates.length - 1]!;
}

/** Whether a file is worth converting: an uncompressed WAV recording of some size; an MP3 is always uploaded as is. */
export function isConversionCandidate(file: { name: string; type: string; size: number }): boolean {
  const wav = /^audio\/(x-)?(wav|wave|vnd\.wave)$/i.test(file.type) || /\.wave?$/i.test(file.name);
  return wav && file.size >= UPLOAD_CONVERSION.minBytes;
}

/** The converted file is used only when the original is more than 2 times larger. */
export function preferConverted(originalBytes: number, convertedBytes: number): boolean {
  return convertedBytes > 0 && originalBytes > UPLOAD_CONVERSION.useWhenOriginalTimesLarger * convertedBytes;
}

/** 'interview.wav' -> 'interview.mp3'. */
export function mp3Name(name: string): string {
  return `${name.replace(/\.[^./\\]+$/, '') || 'audio'}.mp3`;
}
