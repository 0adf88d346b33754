import { describe, expect, it } from 'vitest';
import { ONBOARDING_MESSAGES } from '@ppp/contracts';
import { connectOutcome, recogniseConnectedHost } from './host-connection.ts';

describe('connectOutcome', () => {
  it('counts the spreaker_connected message as connected, even before the status shows it', () => {
    expect(connectOutcome({ type: 'spreaker_connected', ok: true }, { connected: false })).toEqual({ connected: true });
    expect(connectOutcome({ type: 'spreaker_connected' }, null)).toEqual({ connected: true });
  });

  it('says Connection error when the message reports a failure or the status cannot be read', () => {
    expect(connectOutcome({ type: 'spreaker_connected', ok: false, message: 'Failed to link' }, { connected: false })).toEqual({
      problem: ONBOARDING_MESSAGES.connectionError,
    });
    expect(connectOutcome(null, null)).toEqual({ problem: ONBOARDING_MESSAGES.connectionError });
  });

  it('lets the status decide when the popup was closed without a message', () => {
    expect(connectOutcome(null, { connected: true })).toEqual({ connected: true });
    expect(connectOutcome(null, { connected: false })).toEqual({ problem: ONBOARDING_MESSAGES.hostRequired });
  });
});

describe('recogniseConnectedHost', () => {
  it('chooses a Spreaker account already connected when nothing, or Spreaker, was chosen', () => {
    expect(recogniseConnectedHost({ host: null, hostConnected: false }, { connected: true })).toEqual({
      host: 'spreaker',
      hostConnected: true,
    });
    expect(recogniseConnectedHost({ host: 'spreaker', hostConnected: false }, { connected: true })).toEqual({
      host: 'spreaker',
      hostConnected: true,
    });
  });

  it('leaves the built-in choice, an already recorded connection and an unconnected account alone', () => {
    expect(recogniseConnectedHost({ host: 'builtin', hostConnected: true }, { connected: true })).toBeNull();
    expect(recogniseConnectedHost({ host: 'spreaker', hostConnected: true }, { connected: true })).toBeNull();
    expect(recogniseConnectedHost({ host: null, hostConnected: false }, { connected: false })).toBeNull();
    expect(recogniseConnectedHost({ host: null, hostConnected: false }, undefined)).toBeNull();
  });
});
