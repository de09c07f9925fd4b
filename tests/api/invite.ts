// Joining a company the only way there is (issue 10, point 7): an administrator invites the
// address, the mail's link carries the secret, the person accepts it signed in.
import { expect } from 'vitest';
import type { MailMessage } from '../../src/server/http/mail';
import type { TestApi } from './harness';

interface Who {
  token: string;
  companyId: string;
}

/** A mailer that keeps what it sends, and reads the invitation secret back out of it. */
export function outbox() {
  const sent: MailMessage[] = [];
  return {
    sent,
    mailer: { send: async (m: MailMessage) => void sent.push(m) },
    /** the secret of the last invitation link mailed to an address */
    secretFor(email: string): string {
      const mail = sent.filter((m) => m.to.toLowerCase() === email.toLowerCase()).at(-1);
      expect(mail, `no mail to ${email}`).toBeDefined();
      const link = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail!.text);
      expect(link, mail!.text).not.toBeNull();
      return link![1];
    },
  };
}

/** `admin` invites `email` with `permissions`; `invitee` (signed in with that address) accepts. */
export async function joinByInvitation(
  api: TestApi,
  box: ReturnType<typeof outbox>,
  admin: Who,
  invitee: Who,
  email: string,
  permissions: string[],
) {
  const invited = await api.gql<{ companyMemberInvite: { id: string } }>(
    admin.companyId,
    `mutation($e: String!, $p: [String!]!) { companyMemberInvite(email: $e, permissions: $p) { id } }`,
    { e: email, p: permissions },
    admin.token,
  );
  expect(invited.body.errors).toBeUndefined();
  const accepted = await api.gql<{ companyInvitationAccept: string }>(
    invitee.companyId,
    `mutation($t: String!) { companyInvitationAccept(token: $t) }`,
    { t: box.secretFor(email) },
    invitee.token,
  );
  expect(accepted.body.errors).toBeUndefined();
  expect(String(accepted.body.data!.companyInvitationAccept)).toBe(String(admin.companyId));
}
