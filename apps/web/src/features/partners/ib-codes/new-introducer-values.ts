import { DEFAULT_STATUS_CODE, addIbCodeRequest, type AddIbCodeRequest } from '@brokerdesk/contract';

/** The New Introducer form; the agent code is '' until a number is typed. */
export type IntroducerValues = { name: string; agentCode: number | ''; statusCode: string };

export const INTRODUCER_DEFAULTS: IntroducerValues = {
  name: '',
  agentCode: '',
  statusCode: DEFAULT_STATUS_CODE,
};

/**
 * docs/product.md [rules]: name, agent code and status code are all required; blanks block submission
 * silently.
 */
export function hasBlank(v: IntroducerValues): boolean {
  return v.name.trim() === '' || v.agentCode === '' || v.statusCode.trim() === '';
}

export type IntroducerCheck =
  | { kind: 'blank' }
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'ok'; body: AddIbCodeRequest };

/** Blank: nothing happens. Otherwise the contract's rules (agent code a whole number, status code letters…). */
export function checkIntroducer(v: IntroducerValues): IntroducerCheck {
  if (hasBlank(v)) return { kind: 'blank' };
  const body = {
    newCode: true as const,
    name: v.name,
    agentCode: Number(v.agentCode),
    statusCode: v.statusCode,
  };
  const parsed = addIbCodeRequest.safeParse(body);
  if (parsed.success) return { kind: 'ok', body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'server');
    errors[key] ??= issue.message;
  }
  return { kind: 'invalid', errors };
}
