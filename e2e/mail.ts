// The e2e server's outgoing mail: e2e/run.ts starts it with MAIL_FILE, where each message is
// one JSON line, and hands the path to the specs as E2E_MAIL_FILE.
import { existsSync, readFileSync } from 'node:fs';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

export function mailbox(): Mail[] {
  const file = process.env.E2E_MAIL_FILE;
  if (!file) throw new Error('E2E_MAIL_FILE is not set: run the specs through e2e/run.ts');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Mail);
}

/** The invitation link of the last message mailed to `email`, as its reader would click it. */
export async function invitationLinkFor(email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = mailbox()
      .filter((m) => m.to.toLowerCase() === email.toLowerCase())
      .at(-1);
    const link = mail && /https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no invitation mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
