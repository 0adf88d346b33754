import {
  ZAssemblyEpisodeInput,
  ZEpisodeJobStatus,
  ZEpisodePeaks,
  ZJobIdInput,
  ZRerenderTemplatePreview,
  ZRerenderTemplateResponse,
} from '@ppp/contracts';
import { activeCall } from '../operation.ts';
import { readsIn, editsIn } from '../workspace.ts';
import { episodeAt, templateAt, within } from '../workspace-rules.ts';

/** Assembly (spec 000 §7): poll a job, re-render a template's episodes, and the manual editor's peaks. */
export const assemblyOperations = {
  status: within(
    readsIn(),
    activeCall(ZJobIdInput, ZEpisodeJobStatus, (services, user, input) => services.assembly.status(user, input.job_id)),
  ),
  rerenderTemplate: within(
    editsIn(templateAt()),
    activeCall(ZAssemblyEpisodeInput, ZRerenderTemplateResponse, (services, user, input) =>
      services.assembly.rerenderTemplate(user, input.id),
    ),
  ),
  rerenderTemplatePreview: within(
    readsIn(templateAt()),
    activeCall(ZAssemblyEpisodeInput, ZRerenderTemplatePreview, (services, user, input) =>
      services.assembly.rerenderTemplatePreview(user, input.id),
    ),
  ),
  peaks: within(
    readsIn(episodeAt()),
    activeCall(ZAssemblyEpisodeInput, ZEpisodePeaks, (services, user, input) => services.renders.peaks(user, input.id)),
  ),
};
