import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, namedCalls } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, { $ref?: string }>;
};
type Document = {
  servers: { url: string }[];
  security: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; responses: Record<string, unknown> };
};

/** The OpenAPI document's own checks (Redocly, openapi-typescript) are tools/test/openapi-check.sh. */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.ready();
    doc = t.app.swagger() as unknown as Document;
  });
  afterAll(() => t.stop());

  const operation = (def: { method: string; path: string }): Operation | undefined =>
    doc.paths[def.path.replace(/:(\w+)/g, '{$1}')]?.[def.method.toLowerCase()];
  const errors = (def: { method: string; path: string }) =>
    Object.keys(operation(def)?.responses ?? {}).filter((s) => s.startsWith('4'));

  it('names each call by its export name, with its summary, its area as tag and its access', () => {
    const wrong = namedCalls().flatMap(({ area, name, def }) => {
      const op = operation(def);
      const security = def.access === 'public' || def.access === 'signed' ? [] : undefined;
      const ok =
        op?.operationId === name &&
        op.summary === def.summary &&
        op.tags?.join() === area &&
        JSON.stringify(op.security) === JSON.stringify(security);
      return ok ? [] : [name];
    });
    expect(wrong).toEqual([]);
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('documents the error replies each call can give, in the error shape', () => {
    expect(errors(calls.funding.processDeposit)).toEqual(['400', '401', '403', '404', '409', '413']);
    expect(errors(calls.audit.searchAudit)).toEqual(['400', '401', '403', '413']);
    expect(errors(calls.auth.loginAdmin)).toEqual(['400', '413', '429']);
    expect(errors(calls.banks.openStoredFile)).toEqual(['400', '403', '404']);
    expect(errors(calls.system.checkHealth)).toEqual([]);
    expect(operation(calls.funding.processDeposit)?.responses['409']).toEqual({
      $ref: '#/components/responses/Conflict',
    });
    expect(Object.keys(doc.components.responses)).toHaveLength(7);
  });
});
