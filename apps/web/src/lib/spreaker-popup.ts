import { SPREAKER_CONNECT, SPREAKER_MESSAGES, ZSpreakerConnectMessage, type TSpreakerConnectMessage } from '@ppp/contracts';

/**
 * Opens the 600x700 Spreaker popup (spec 001 §4 'Hosting connection', §9) and resolves once its page
 * posts spreaker_connected (with that message) or it is closed (polled every second; null then, one
 * poll after the close is seen: the callback page posts and closes at once, and its message may still
 * be on its way when the poll sees it closed); the caller reads the connection status again. Rejects with the spec's wording when the popup is blocked.
 * The popup opens blank at once (still inside the click, so it is not blocked), then goes to the start
 * page with a one-time ticket: the session token never travels in a URL.
 */
export function connectSpreakerPopup(ticket: () => Promise<string>, win: Window = window): Promise<TSpreakerConnectMessage | null> {
  const features = `width=${SPREAKER_CONNECT.popupWidth},height=${SPREAKER_CONNECT.popupHeight}`;
  const popup = win.open('about:blank', 'spreaker-connect', features);
  if (!popup) return Promise.reject(new Error(SPREAKER_MESSAGES.popupBlocked));
  return new Promise((resolve, reject) => {
    const stop = () => {
      win.clearInterval(timer);
      win.removeEventListener('message', onMessage);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== win.location.origin) return;
      const parsed = ZSpreakerConnectMessage.safeParse(event.data);
      if (parsed.success) {
        stop();
        resolve(parsed.data);
      }
    };
    let closedSeen = false;
    const timer = win.setInterval(() => {
      if (!popup.closed) return;
      if (!closedSeen) {
        closedSeen = true;
        return;
      }
      stop();
      resolve(null);
    }, SPREAKER_CONNECT.pollMs);
    win.addEventListener('message', onMessage);
    ticket().then(
      (value) => popup.location.replace(`/api/auth/spreaker/start?ticket=${encodeURIComponent(value)}`),
      (error: unknown) => {
        stop();
        popup.close();
        reject(error instanceof Error ? error : new Error(SPREAKER_MESSAGES.connectFailed));
      },
    );
  });
}
