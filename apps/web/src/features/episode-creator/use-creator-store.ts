import { useEffect, useReducer, type Dispatch } from 'react';
import {
  CREATOR_STORAGE_KEY,
  creatorReducer,
  initialCreatorState,
  parseSavedCreator,
  serializeCreator,
  type CreatorAction,
  type CreatorState,
} from './creator-state.ts';

function readSaved(): CreatorState | null {
  try {
    return parseSavedCreator(window.sessionStorage.getItem(CREATOR_STORAGE_KEY));
  } catch {
    return null;
  }
}

function save(state: CreatorState): void {
  try {
    window.sessionStorage.setItem(CREATOR_STORAGE_KEY, serializeCreator(state));
  } catch {
    // Storage refused: the build still works, it just will not survive a reload.
  }
}

/** The build, resumed from this tab's sessionStorage and saved on every change. */
export function useCreatorStore(): [CreatorState, Dispatch<CreatorAction>] {
  const [state, dispatch] = useReducer(creatorReducer, null, () => readSaved() ?? initialCreatorState());
  useEffect(() => save(state), [state]);
  return [state, dispatch];
}
