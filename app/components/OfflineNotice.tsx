import { useEffect, useState } from "react";
import { OFFLINE_EVENT, ONLINE_EVENT } from "~/lib/offline-events";

/**
 * Says, once for the whole dashboard, that a submission did not reach the service
 * (app/lib/offline.client.ts): the page and the form stay as they were, to submit again.
 */
export function OfflineNotice() {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const down = () => setOffline(true);
    const up = () => setOffline(false);
    window.addEventListener(OFFLINE_EVENT, down);
    window.addEventListener(ONLINE_EVENT, up);
    return () => {
      window.removeEventListener(OFFLINE_EVENT, down);
      window.removeEventListener(ONLINE_EVENT, up);
    };
  }, []);
  return (
    <div className="offline-notice" role="alert" hidden={!offline}>
      {offline ? (
        <>
          <strong>You are offline, or the service cannot be reached.</strong> Nothing was saved; what you typed is still here. Submit again
          when the connection is back.
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOffline(false)}>Dismiss</button>
        </>
      ) : null}
    </div>
  );
}
