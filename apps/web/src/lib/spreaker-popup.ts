import { SPREAKER_CONNECT, SPREAKER_MESSAGES, ZSpreakerConnectMessage, type TSpreakerConnectMessage } from '@ppp/contracts';

/**
 * Opens the 600x700 Spreaker popup (spec 001 §4 'Hosting connection', §9) and resolves once its page
 * posts spreaker_connected (with that message) or it is closed (polled every second; null then); the
 * caller reads the connection status again. Rejects with the spec's wording when the popup is blocked.
 */
export function connectSpreakerPopup(token: string, win: Window = window): Promise<TSpreakerConnectMessage | null> {
  const features = `width=${SPREAKER_CONNECT.popupWidth},height=${SPREAKER_CONNECT.popupHeight}`;
  const popup = win.open(`/api/auth/spreaker/start?access_token=${encodeURIComponent(token)}`, 'spreaker-connect', features);
  if (!popup) return Promise.reject(new Error(SPREAKER_MESSAGES.popupBlocked));
  return new Promise((resolve) => {
    const finish = (message: TSpreakerConnectMessage | null) => {
      win.clearInterval(timer);
      win.removeEventListener('message', onMessage);
      resolve(message);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== win.location.origin) return;
      const parsed = ZSpreakerConnectMessage.safeParse(event.data);
      if (parsed.success) finish(parsed.data);
    };
    const timer = win.setInterval(() => {
      if (popup.closed) finish(null);
    }, SPREAKER_CONNECT.pollMs);
    win.addEventListener('message', onMessage);
  });
}
