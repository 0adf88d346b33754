import { speechModelOperations as ops } from '../../operations/speech-models.operations.ts';
import { router } from '../init.ts';
import { mutationOf, queryOf } from '../operation-procedure.ts';

/** Twins of /api/admin/speech (issue 32). */
export const speechModelsRouter = router({
  status: queryOf(ops.status),
  switchModel: mutationOf(ops.switchModel),
  deleteModel: mutationOf(ops.deleteModel),
  measure: mutationOf(ops.measure),
});
