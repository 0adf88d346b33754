import { aiTextOperations as ai } from '../../operations/ai-text.operations.ts';
import { router } from '../init.ts';
import { mutationOf } from '../operation-procedure.ts';

/** Twins of /api/ai/title, /api/ai/notes, /api/ai/tags and /api/episodes/ai/metadata. */
export const aiTextRouter = router({
  title: mutationOf(ai.title),
  notes: mutationOf(ai.notes),
  tags: mutationOf(ai.tags),
  metadata: mutationOf(ai.metadata),
});
