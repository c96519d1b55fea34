import { api } from '../../../lib/api';

/** GET /notification/stream: server-sent `unread` events (the count at once, then whenever something new is told). */
export async function openNotificationStream(signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  return (await api.stream('/notification/stream', signal)).data;
}
