import type { Session, TestContext } from './helpers';
import { pdf } from './upload-corpus';

export interface AnnouncementFormInput {
  title?: string;
  content?: string;
  sendAt?: string;
  audience?: { everyone?: boolean; groupIds?: string[]; userInfoIds?: string[] } | string;
  requiresAck?: boolean;
  keepAttachmentIds?: string[];
  files?: { name: string; bytes: Buffer }[];
}

/** An announcement's form (multipart) as the web sends it: the fields, then the files as `file`. */
export function announcementForm(input: AnnouncementFormInput = {}) {
  const form = new FormData();
  form.append('title', input.title ?? 'Chiusura estiva');
  form.append('content', input.content ?? '<p>L’ufficio resta <strong>chiuso</strong> dal 10 al 21 agosto.</p>');
  if (input.sendAt !== undefined) form.append('sendAt', input.sendAt);
  form.append(
    'audience',
    typeof input.audience === 'string' ? input.audience : JSON.stringify(input.audience ?? { everyone: true }),
  );
  form.append('requiresAck', String(input.requiresAck ?? false));
  if (input.keepAttachmentIds) form.append('keepAttachmentIds', input.keepAttachmentIds.join(','));
  for (const f of input.files ?? []) form.append('file', new Blob([f.bytes]), f.name);
  return form;
}

export const attachment = (name = 'circolare.pdf') => ({ name, bytes: pdf([['CIRCOLARE', 'Ferie estive']]) });

/** Creates an announcement through the API and returns it (fails the test on anything but 200). */
export async function createAnnouncement(
  ctx: TestContext,
  session: Session,
  workspace: string,
  input: AnnouncementFormInput = {},
) {
  const res = await ctx.request('POST', '/admin/announcement', announcementForm(input), { session, workspace });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; state: string; sendAt: string; attachments: { id: string }[] };
}
