/** Window events of app/lib/offline.client.ts, for <OfflineNotice>: a submission did not reach the service / an answer arrived. */
export const OFFLINE_EVENT = "svc:offline";
export const ONLINE_EVENT = "svc:online";
