import { describe, expect, it } from 'vitest';
import { libraryFileProblem, nameFromFile, SECTIONS } from './library-checks.ts';

const MB = 1024 * 1024;

describe('media library checks', () => {
  it('refuses non-audio and oversize files with the spec words', () => {
    expect(libraryFileProblem({ name: 'notes.txt', size: 10, type: 'text/plain' }, 'music')).toEqual({
      title: 'Invalid file type',
      message: 'notes.txt: only audio files are allowed for music.',
    });
    expect(libraryFileProblem({ name: 'boom.wav', size: 26 * MB, type: 'audio/wav' }, 'sfx')).toEqual({
      title: 'File too large',
      message: 'boom.wav: exceeds 25MB limit for sfx.',
    });
    expect(libraryFileProblem({ name: 'bed.wav', size: 26 * MB, type: 'audio/wav' }, 'music')).toBeNull();
    expect(libraryFileProblem({ name: 'bed.wav', size: 51 * MB, type: 'audio/wav' }, 'music')?.message).toBe(
      'bed.wav: exceeds 50MB limit for music.',
    );
  });

  it('shows commercial as disabled and names files by their base', () => {
    expect(SECTIONS.find((s) => s.category === 'commercial')?.disabled).toBe(true);
    expect(nameFromFile('theme.song.mp3')).toBe('theme.song');
  });
});
