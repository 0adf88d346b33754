import { ZUploadCategory } from '@ppp/contracts';
import { TRPC_FORM_CATEGORY } from '../body-limits.ts';
import { streamForm, type SizeGuard, type StreamedForm } from '../form-stream.ts';
import type { RequestContext } from '../request-context.ts';
import { scratchBudgetOf } from '../scratch-budget.ts';
import { formDataOf, scratchOf } from '../rest/multipart.ts';
import { showCoverGuard } from '../rest/show-form.ts';

const SHOW_FORMS = new Set(['podcasts.create', 'podcasts.update']);

/** The check of each file of a procedure's form as it streams: its REST twin's (the library's by the form's category). */
async function guardOf(path: string, ctx: RequestContext, fields: ReadonlyMap<string, string>): Promise<SizeGuard | undefined> {
  if (SHOW_FORMS.has(path)) return showCoverGuard;
  const category = path === 'mediaUploads.library' ? ZUploadCategory.safeParse(fields.get('category')).data : TRPC_FORM_CATEGORY[path];
  // A file sent before a known category is held to the body's limit; the procedure then refuses the form.
  return category ? ctx.services.uploads.sizeGuard(category) : undefined;
}

/**
 * tRPC reads a multipart body with request.formData() (the whole body in memory) when the procedure
 * asks for its input, after its auth. The request handed to tRPC reads it by streaming instead: the
 * files go to temporary files, each checked against its procedure's limit as it comes, and the
 * FormData carries those files (never read into memory); `cleanup` removes them once tRPC answered.
 */
export function streamedFormRequest(
  req: Request,
  path: string,
  contextOf: () => Promise<RequestContext> | undefined,
): { req: Request; cleanup: () => Promise<void> } {
  if (!(req.headers.get('content-type') ?? '').startsWith('multipart/form-data')) return { req, cleanup: async () => undefined };
  let form: StreamedForm | null = null;
  const formData = async (): Promise<FormData> => {
    const ctx = await contextOf();
    if (!ctx) throw new Error('tRPC asked for its input before its context');
    form = await streamForm(req, {
      scratch: scratchOf(ctx),
      guardFor: (fields) => guardOf(path, ctx, fields),
      budget: await scratchBudgetOf(ctx),
    });
    return formDataOf(form);
  };
  Object.defineProperty(req, 'formData', { value: formData });
  return { req, cleanup: async () => form?.cleanup() };
}
