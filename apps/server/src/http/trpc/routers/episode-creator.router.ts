import { episodeCreatorOperations as ops } from '../../operations/episode-creator.operations.ts';
import { router } from '../init.ts';
import { mutationOf, queryOf } from '../operation-procedure.ts';

/** Twins of POST /api/flubber/prepare-by-file, /api/intern/prepare-by-file, /api/intern/execute, /api/media/{id}/enhance-preview and GET /api/episodes/last/numbering. */
export const episodeCreatorRouter = router({
  flubberPrepareByFile: mutationOf(ops.flubberPrepareByFile),
  internPrepareByFile: mutationOf(ops.internPrepareByFile),
  internExecute: mutationOf(ops.internExecute),
  lastNumbering: queryOf(ops.lastNumbering),
  enhancePreview: mutationOf(ops.enhancePreview),
});
