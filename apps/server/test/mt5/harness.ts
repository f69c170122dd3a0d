import net from 'node:net';
import { afterEach } from 'vitest';
import {
  createMt5Platform,
  type Mt5Config,
  type Mt5Platform,
} from '../../src/integrations/platform/mt5/index.ts';
import { FakeMt5Server, type FakeMt5Options } from '../support/fake-mt5/index.ts';

/** Long enough for any honest reply on a busy test machine, short enough to wait for. */
export const SHORT_TIMEOUT_MS = 1_000;

export const MANAGER = { login: 1000, password: 'Manager1' };

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  // Clients first, so their /api/quit still finds the server.
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A started fake, stopped after the test. */
export async function startFake(options: FakeMt5Options = {}): Promise<{ fake: FakeMt5Server; url: string }> {
  const fake = new FakeMt5Server({
    managerLogin: MANAGER.login,
    managerPassword: MANAGER.password,
    ...options,
  });
  const { url } = await fake.start();
  cleanups.push(() => fake.stop());
  return { fake, url };
}

/**
 * A client with short back-offs so that fault tests run fast; closed after the test. The reply
 * timeout stays generous so a loaded machine causes no false timeout: tests of timeouts pass
 * SHORT_TIMEOUT_MS.
 */
export function connect(url: string, overrides: Partial<Mt5Config> = {}): Mt5Platform {
  const platform = createMt5Platform({
    url,
    login: MANAGER.login,
    password: MANAGER.password,
    timeoutMs: 10_000,
    pingIntervalMs: 60_000,
    retry: { attempts: 3, backoffMs: 5 },
    ...overrides,
  });
  cleanups.push(() => platform.close());
  return platform;
}

/** A loopback port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const newAccount = {
  name: 'Ann Lee',
  group: 'demo\\forex',
  leverage: 100,
  passwordMain: 'Main1234',
  passwordInvestor: 'Invest12',
};
