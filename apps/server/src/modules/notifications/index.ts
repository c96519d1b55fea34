export { markReadByLink, notify, notifyAccount } from './notifications.service';
export type { NotifyCtx } from './notifications.service';
