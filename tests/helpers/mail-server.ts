import { afterAll, beforeAll } from 'vitest';
import { emailProcessor } from '@gl/worker/email.processor';
import { startTestServer, type TestServer } from './server';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';

/**
 * A test server whose e-mails go to an SMTP stub, for one file's tests: both are started before
 * them and stopped after. The fields are set once started (read them in hooks and tests).
 */
export function serverWithMail(): { server: TestServer; smtp: SmtpStub } {
  const started = {} as { server: TestServer; smtp: SmtpStub };
  beforeAll(async () => {
    started.smtp = await startSmtpStub();
    started.server = await startTestServer({
      env: { SMTP_URL: started.smtp.url, MAIL_FROM: 'Genius Lines <hello@geniuslines.test>' },
      processors: [emailProcessor],
    });
  });
  afterAll(async () => {
    await started.server?.stop();
    await started.smtp?.close();
  });
  return started;
}
