import type { RequestStatus } from '@timbro/shared';

/** The statuses in their life order (the shared enum's values, without importing zod into the browser). */
export const REQUEST_STATUSES_ORDER: readonly RequestStatus[] = ['open', 'approved', 'rejected'];
