import { retranscribeOperations as ops } from '../../operations/retranscribe.operations.ts';
import { router } from '../init.ts';
import { mutationOf, queryOf } from '../operation-procedure.ts';

/** Twins of GET /api/transcription/engine, POST /api/media/{id}/retranscribe (and the episode's) and /api/admin/retranscribe-fallback. */
export const retranscribeRouter = router({
  engineNow: queryOf(ops.engineNow),
  retranscribe: mutationOf(ops.retranscribe),
  fallbackState: queryOf(ops.fallbackState),
  fallbackStart: mutationOf(ops.fallbackStart),
});
