import { ModelFileError, readGgmlModelHeader } from '@ppp/audio';

/**
 * Whether whisper.cpp could load the file: its ggml header and tensor table read through (magic,
 * hyper-parameters, every tensor within the file). Null when it can; else the reason, for a person.
 */
export async function checkGgmlFile(file: string): Promise<string | null> {
  try {
    await readGgmlModelHeader(file);
    return null;
  } catch (error) {
    if (error instanceof ModelFileError) return error.message;
    throw error;
  }
}
