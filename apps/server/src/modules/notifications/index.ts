export { markReadByLink, notify, notifyAccount } from './notifications.service';
export type { Notice, NotifyCtx } from './notifications.service';
