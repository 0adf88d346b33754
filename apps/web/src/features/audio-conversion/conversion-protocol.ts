/** What the page and the conversion worker say to each other. */
export interface TConversionRequest {
  file: Blob;
}

export type TConversionReply =
  | { kind: 'progress'; ratio: number }
  | { kind: 'done'; mp3: Blob }
  /** Not a WAV the encoder reads: the original is uploaded. */
  | { kind: 'unsupported'; message: string }
  | { kind: 'failed'; message: string };
