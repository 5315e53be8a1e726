import { emailProcessor } from '@gl/worker/email.processor';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';
import { startTestServer, type TestServer } from './server';

/** The sender the mail tests expect on every message. */
export const TEST_MAIL_FROM = 'Genius Lines <hello@geniuslines.test>';

/**
 * A test server whose e-mail goes to an SMTP test server on loopback, with the e-mail processor
 * running, for the tests that read what was delivered. Stop both with `stopServerWithMail`.
 */
export async function startServerWithMail(env: Record<string, string> = {}): Promise<{ server: TestServer; smtp: SmtpStub }> {
  const smtp = await startSmtpStub();
  const server = await startTestServer({
    env: { SMTP_URL: smtp.url, MAIL_FROM: TEST_MAIL_FROM, ...env },
    processors: [emailProcessor],
  });
  return { server, smtp };
}

export async function stopServerWithMail(server?: TestServer, smtp?: SmtpStub): Promise<void> {
  await server?.stop();
  await smtp?.close();
}
