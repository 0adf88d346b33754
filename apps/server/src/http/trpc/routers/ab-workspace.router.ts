import { abWorkspaceOperations as ops } from '../../operations/ab-workspace.operations.ts';
import { router } from '../init.ts';
import { mutationOf, queryOf } from '../operation-procedure.ts';

/** Twins of the /ab workspace's helper endpoints (issue 22): /ab/upload, /ab/drafts, its status, sections, publish. */
export const abWorkspaceRouter = router({
  upload: mutationOf(ops.upload),
  drafts: queryOf(ops.drafts),
  updateDraft: mutationOf(ops.updateDraft),
  deleteDraft: mutationOf(ops.deleteDraft),
  status: queryOf(ops.status),
  sections: queryOf(ops.sections),
  saveSections: mutationOf(ops.saveSections),
  suggestSection: mutationOf(ops.suggestSection),
  publish: mutationOf(ops.publish),
});
