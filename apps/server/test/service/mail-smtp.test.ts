import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { openTestOrm, resetDatabase } from '../support/database.ts';
import { codeIn, servicesFor, testConfig, uniqueEmail, registerAccount } from '../support/fixtures.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let orm: MikroORM;
let databaseUrl: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  ({ orm, databaseUrl } = await openTestOrm());
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  await orm.close();
});
beforeEach(() => resetDatabase(orm));

describe('mail through SMTP', () => {
  it('delivers the verification code by SMTP and records the delivery in the outbox', async () => {
    const config = testConfig(databaseUrl, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Podcast Plus Plus <no-reply@ppp.test>',
    });
    const services = () => servicesFor(orm, config);
    await registerAccount(services(), uniqueEmail('admin'));
    const email = uniqueEmail('smtp');
    await registerAccount(services(), email);

    const delivered = smtp.received.find((m) => m.to.includes(email));
    expect(delivered?.from).toBe('no-reply@ppp.test');
    const [row] = await services().mail.findOutbox({ to: email, limit: 5 });
    expect(row?.transport).toBe('smtp');
    expect(row?.sent_at).toBeInstanceOf(Date);
    expect(delivered?.data).toContain(codeIn(row!.text));
  });

  it('keeps the message in the outbox with the error when the SMTP server is unreachable', async () => {
    const closed = await startSmtp();
    await closed.close();
    const config = testConfig(databaseUrl, { SMTP_URL: `smtp://127.0.0.1:${closed.port}` });
    const services = () => servicesFor(orm, config);
    await registerAccount(services(), uniqueEmail('admin'));
    const email = uniqueEmail('unreachable');
    expect(await registerAccount(services(), email)).toEqual({ is_active: false });
    const [row] = await services().mail.findOutbox({ to: email, limit: 5 });
    expect(row?.sent_at).toBeNull();
    expect(codeIn(row!.text)).toMatch(/^\d{6}$/);
  });
});
