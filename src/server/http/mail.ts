// Outgoing e-mail. There is no mail server yet: the default writes each message to the server
// log (the development way to read an invitation link); tests pass their own to read the mail
// as its recipient would.
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

interface InfoLog {
  info(object: Record<string, unknown>, message: string): void;
}

/** Writes the message to the log instead of sending it. */
export function logMailer(log: InfoLog): Mailer {
  return {
    async send(message) {
      log.info({ mail: message }, `e-mail to ${message.to} (written to the log: no mail server is configured)`);
    },
  };
}

/**
 * Appends each message to a file, one JSON object a line (MAIL_FILE in development and the e2e
 * run: the way to read a mailed link without a mail server).
 */
export function fileMailer(file: string): Mailer {
  return {
    async send(message) {
      const { appendFile } = await import('node:fs/promises');
      await appendFile(file, `${JSON.stringify({ ...message, at: new Date().toISOString() })}\n`);
    },
  };
}
