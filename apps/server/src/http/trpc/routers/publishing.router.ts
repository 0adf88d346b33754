import { ZPublishStatus, ZSetVisibilityInput } from '@ppp/contracts';
import { publishingOperations as ops } from '../../operations/publishing.operations.ts';
import { actingIn, router } from '../init.ts';
import { mutationOf, queryOf } from '../operation-procedure.ts';
import { editsIn } from '../../workspace.ts';
import { episodeAt } from '../../workspace-rules.ts';

/** Publish, schedule, unpublish, republish and plays (spec 001 §4, §7). */
export const publishingRouter = router({
  publish: mutationOf(ops.publish),
  status: queryOf(ops.status),
  unpublish: mutationOf(ops.unpublish),
  setVisibility: actingIn(editsIn(episodeAt()), ZSetVisibilityInput)
    .output(ZPublishStatus)
    .mutation(({ ctx, input }) => ctx.services.publishing.setVisibility(ctx.user, input.id, input.visibility)),
  republish: mutationOf(ops.republish),
  episodePlays: queryOf(ops.episodePlays),
  showPlays: queryOf(ops.showPlays),
});
