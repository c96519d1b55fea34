import { z } from 'zod';
import it from 'zod/v4/locales/it.js';

let configured = false;
/** Italian default messages for every zod check that has no message of its own (server and web call it at start). */
export function configureZodItalian(): void {
  if (configured) return;
  configured = true;
  z.config(it());
}
