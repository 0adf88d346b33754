// Types for the parts of W3C's webvtt-parser (the validator behind the W3C WebVTT checker) the tests use.
declare module 'webvtt-parser' {
  export interface ParsedCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
    tree: { children: { type: string; name?: string; value?: string }[] };
  }
  export interface ParseResult {
    cues: ParsedCue[];
    errors: { message: string; line: number; col?: number }[];
  }
  export class WebVTTParser {
    parse(input: string, mode?: 'metadata' | 'chapters'): ParseResult;
  }
}
