import {
  ZAssemblyEpisodeInput,
  ZEpisodeJobStatus,
  ZEpisodePeaks,
  ZJobIdInput,
  ZRerenderTemplatePreview,
  ZRerenderTemplateResponse,
} from '@ppp/contracts';
import { operation } from '../operation.ts';

/** Assembly (spec 000 §7): poll a job, re-render a template's episodes, and the manual editor's peaks. */
export const assemblyOperations = {
  status: operation({
    access: 'active',
    input: ZJobIdInput,
    output: ZEpisodeJobStatus,
    run: (ctx, input) => ctx.services.assembly.status(ctx.user, input.job_id),
  }),
  rerenderTemplate: operation({
    access: 'active',
    input: ZAssemblyEpisodeInput,
    output: ZRerenderTemplateResponse,
    run: (ctx, input) => ctx.services.assembly.rerenderTemplate(ctx.user, input.id),
  }),
  rerenderTemplatePreview: operation({
    access: 'active',
    input: ZAssemblyEpisodeInput,
    output: ZRerenderTemplatePreview,
    run: (ctx, input) => ctx.services.assembly.rerenderTemplatePreview(ctx.user, input.id),
  }),
  peaks: operation({
    access: 'active',
    input: ZAssemblyEpisodeInput,
    output: ZEpisodePeaks,
    run: (ctx, input) => ctx.services.renders.peaks(ctx.user, input.id),
  }),
};
