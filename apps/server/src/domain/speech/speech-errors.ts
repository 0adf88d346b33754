import { SpeechError } from '@ppp/audio';
import { TTS_MESSAGES } from '@ppp/contracts';
import { AppError } from '../errors.ts';

/** A provider's failure as the user should read it: 'AI voice failed: ...'; a provider's 429 stays a 429. */
export function speechErrorToAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof SpeechError) {
    if (error.status === 429) return new AppError('RATE_LIMITED', `${TTS_MESSAGES.aiVoiceFailed}: ${error.message}`);
    return new AppError('BAD_REQUEST', `${TTS_MESSAGES.aiVoiceFailed}: ${error.message}`);
  }
  if (error instanceof Error && error.name === 'AbortError')
    return new AppError('BAD_REQUEST', `${TTS_MESSAGES.aiVoiceFailed}: it took too long.`);
  return new AppError('INTERNAL', TTS_MESSAGES.aiVoiceFailed, error instanceof Error ? error.message : String(error));
}
