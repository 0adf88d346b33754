import { describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '@ppp/contracts';
import { deleteConfirmation, displayFilename, formatDuration, notifyFields, preuploadProblem, problemAfterEdit } from './preupload-form.ts';

const file = (size: number, name = 'episode.mp3') => new File([new Uint8Array(size)], name, { type: 'audio/mpeg' });

describe('pre-upload form', () => {
  it('asks for a file, then a friendly name, then holds the upload limit', () => {
    const base = { file: null, friendlyName: '', notifyWhenReady: true, notifyEmail: '', transcript: null };
    expect(preuploadProblem(base, 500)).toBe('Select an audio file to upload.');
    expect(preuploadProblem({ ...base, file: file(10) }, 500)).toBe('Enter a friendly name for this episode before uploading.');
    expect(preuploadProblem({ ...base, file: file(10), friendlyName: '  ' }, 500)).toBe(MEDIA_MESSAGES.enterFriendlyName);
    expect(preuploadProblem({ ...base, file: file(11 * 1024 * 1024), friendlyName: 'Ep 1' }, 10)).toBe('Audio exceeds 10MB limit.');
    expect(preuploadProblem({ ...base, file: file(10), friendlyName: 'Ep 1' }, 10)).toBeNull();
  });

  it('drops the missing file or name alert as soon as it is filled in, keeps the size alert until the next submit', () => {
    const base = { file: file(10), friendlyName: '', notifyWhenReady: true, notifyEmail: '', transcript: null };
    expect(problemAfterEdit(MEDIA_MESSAGES.enterFriendlyName, base)).toBe(MEDIA_MESSAGES.enterFriendlyName);
    expect(problemAfterEdit(MEDIA_MESSAGES.enterFriendlyName, { ...base, friendlyName: 'E' })).toBeNull();
    expect(problemAfterEdit(MEDIA_MESSAGES.selectAudioFile, { ...base, file: null })).toBe(MEDIA_MESSAGES.selectAudioFile);
    expect(problemAfterEdit(MEDIA_MESSAGES.selectAudioFile, base)).toBeNull();
    expect(problemAfterEdit('Audio exceeds 10MB limit.', { ...base, friendlyName: 'Ep 1' })).toBe('Audio exceeds 10MB limit.');
    expect(problemAfterEdit(null, base)).toBeNull();
  });

  it('sends the email only when the checkbox is on', () => {
    expect(notifyFields({ notifyWhenReady: false, notifyEmail: 'a@b.co' })).toEqual({ notify_when_ready: false });
    expect(notifyFields({ notifyWhenReady: true, notifyEmail: ' a@b.co ' })).toEqual({ notify_when_ready: true, notify_email: 'a@b.co' });
    expect(notifyFields({ notifyWhenReady: true, notifyEmail: '' })).toEqual({ notify_when_ready: true });
  });

  it('truncates file names at 60 characters, 50 with a nickname, and formats durations', () => {
    const long = `${'x'.repeat(70)}.mp3`;
    expect(displayFilename(long, false)).toHaveLength(60);
    expect(displayFilename(long, true)).toHaveLength(50);
    expect(displayFilename('short.mp3', true)).toBe('short.mp3');
    expect(formatDuration(65.4)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBe('—');
  });

  it('confirms deletes with the spec wording by state', () => {
    expect(deleteConfirmation('ready')).toBe('Deleting a ready upload will not refund processing minutes already used.');
    expect(deleteConfirmation('processing')).toBe(
      'Delete this upload while it is still processing? No processing minutes have been deducted yet.',
    );
  });
});
