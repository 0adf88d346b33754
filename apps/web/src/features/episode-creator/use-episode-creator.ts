import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { TTemplateView } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { uploadFilename } from './creator-rules.ts';
import { useCreatorStore } from './use-creator-store.ts';
import { useUploadParam, useUploadRefresh } from './use-creator-effects.ts';
import { useIntents } from './use-intents.ts';
import { useMinutesCheck } from './MinutesCheck.tsx';
import { useBillingNavigationListener } from './details/billing-navigation.ts';

/** The build's state and what the creator reads around it: the template, the intents, the step-2 minutes check. */
export function useEpisodeCreator() {
  const navigate = useNavigate();
  const [state, dispatch] = useCreatorStore();
  useUploadParam(dispatch);
  const transcriptPoll = useUploadRefresh(state, dispatch);
  useBillingNavigationListener(useCallback((path: string) => void navigate(path), [navigate]));
  const template = trpc.templates.get.useQuery({ id: state.template?.id ?? '' }, { enabled: state.template !== null });
  const intents = useIntents(state.upload);
  const minutes = useMinutesCheck(
    state.step === 2 ? (state.template?.id ?? null) : null,
    state.upload ? uploadFilename(state.upload) : null,
  );
  const chooseTemplate = useCallback(
    (t: TTemplateView) => dispatch({ type: 'chooseTemplate', template: { id: t.id, name: t.name } }),
    [dispatch],
  );
  const continueFromUpload = () => dispatch({ type: 'continueFromUpload', visible: intents.visible });
  const finish = () => {
    dispatch({ type: 'cancel' });
    void navigate('/dashboard');
  };
  const backToDashboard = state.step === 6 ? finish : () => void navigate('/dashboard');
  return { state, dispatch, template, intents, minutes, transcriptPoll, chooseTemplate, continueFromUpload, finish, backToDashboard };
}

export type EpisodeCreator = ReturnType<typeof useEpisodeCreator>;
