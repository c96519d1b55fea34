/** What the server prints once it listens: where it runs, the API docs (when served), the demo logins (when enabled). */
export function startupBanner(opts: {
  publicUrl: string;
  database: string;
  apiDocs: boolean;
  demoLogins: string | null;
}): string {
  const lines = [`\nTimbro is running on ${opts.publicUrl} (database: ${opts.database})`];
  if (opts.apiDocs) lines.push(`API documentation: ${opts.publicUrl}/api/docs`);
  if (opts.demoLogins !== null) lines.push(`${opts.demoLogins}\n`);
  return lines.join('\n');
}
