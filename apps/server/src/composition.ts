import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './app.ts';
import { SessionService } from './auth/sessions.ts';
import { SignInService } from './auth/sign-in-service.ts';
import { PasswordService } from './auth/password-service.ts';
import { LinkSigner } from './lib/signed-links.ts';
import { SystemService } from './features/system/service.ts';
import { Readiness } from './features/system/readiness.ts';
import { ClientsService } from './features/clients/service.ts';
import { GroupsService } from './features/groups/service.ts';
import { clientMailer, neverFails } from './features/funding/client-mail.ts';
import { ProviderOrderSync } from './features/funding/provider-sync.ts';
import { depositKind } from './features/funding/deposits.ts';
import { withdrawalKind } from './features/funding/withdrawals.ts';
import { transferKind } from './features/funding/transfers.ts';
import { ThresholdsService } from './features/approvals/thresholds.ts';
import { IbRequestsService } from './features/partners/ib-requests.ts';
import { IbCodesService } from './features/partners/ib-codes.ts';
import { ibRequestKind } from './features/partners/ib-request-kind.ts';
import { FileStore } from './features/banks/file-store.ts';
import { BanksService } from './features/banks/service.ts';
import { bankAccountKind } from './features/banks/bank-kind.ts';
import { AccountsService } from './features/accounts/service.ts';
import { leverageKind } from './features/accounts/leverage.ts';
import { LeverageService } from './features/accounts/leverage-list.ts';
import { subAccountKind } from './features/accounts/sub-account-kind.ts';
import { AuditService } from './features/audit/service.ts';
import { StaffSessions } from './features/audit/sessions.ts';
import { DocumentViews } from './features/audit/document-views.ts';
import { ReconciliationService } from './features/reconciliation/service.ts';
import { ReconciliationAlerts } from './features/reconciliation/alerts.ts';
import { StaffService } from './features/staff/service.ts';
import { inviteSender } from './features/staff/invite-mail.ts';
import { ViewsService } from './features/views/service.ts';
import { DashboardService } from './features/dashboard/service.ts';
import { EvidenceService } from './features/evidence/service.ts';
import { AlertsService } from './features/alerts/service.ts';
import { RefundableMethods } from './features/evidence/refundable.ts';
import { DecisionEngine } from './features/requests/engine.ts';
import type { AnyRequestKind } from './features/requests/kind.ts';
import { createKyc } from './integrations/kyc/create-kyc.ts';
import { createPaymentProvider } from './integrations/payments/index.ts';
import { AuditSeals } from './audit/seals/service.ts';
import { loadAuditSigningKey } from './audit/seals/key.ts';
import { ReportsService } from './features/reports/service.ts';
import { ReportJob } from './features/reports/job.ts';
import { exportLists } from './features/exports/lists.ts';

/**
 * The composition root: every service of the server, built once from the app's parts. Routes receive
 * these and never build their own, so what a service depends on is visible here and nowhere else.
 */
export function buildServices(deps: AppDeps, log: FastifyBaseLogger) {
  const { config, database, mailer, clock, secret } = deps;
  const db = database.db;
  const platformNames = deps.platforms.map((p) => p.name);
  const wakeWorker = deps.wakeWorker ?? (() => undefined);
  // The notice goes out after the commit: whatever fails there is logged, never answered as a 500.
  const mailClient = neverFails(deps.mailClient ?? clientMailer(db, mailer, log), log);

  const sessions = new SessionService({
    db,
    secret,
    clock,
    idleSeconds: config.sessionIdleSeconds,
    maxSeconds: config.sessionMaxSeconds,
  });
  const passwords = new PasswordService({ db, mailer, sessions, clock, publicUrl: config.publicUrl, log });
  const sendInvite = inviteSender({
    db,
    passwords,
    send: (mail) => mailer.send(mail),
    publicUrl: config.publicUrl,
    log,
  });
  // Signed links are bound to the staff session that asked for them and die with it.
  const links = new LinkSigner(secret, clock.now, (sessionId) => sessions.isLive(sessionId));
  const files = new FileStore(config.dataDir, links);
  const paymentProvider = createPaymentProvider(config, db, clock);

  const alerts = new AlertsService({ db, clock, platform: deps.platforms[0], log });
  // Off only where a test of the platform's own mechanics says so (AppDeps.alertRules): an alert raised
  // by the rules would hold the approvals that test is about.
  const evaluateAlerts = deps.alertRules === false ? () => undefined : () => alerts.afterChange();
  const engine = new DecisionEngine({
    db,
    clock,
    wakeWorker,
    mailClient,
    deals: deps.platforms[0],
    publicUrl: config.publicUrl,
    // A decision's changes were queued for the alert rules by triggers; they run once it has committed,
    // without the reply waiting (docs/product.md [alerts.when]). afterChange never throws.
    afterDecision: async () => evaluateAlerts(),
  });
  const bankKind = bankAccountKind(files);
  const reports = new ReportsService(db, clock, mailer, { publicUrl: config.publicUrl, log });
  /** Every request kind staff decide; tests may add their own (AppDeps.requestKinds). */
  const requestKinds: readonly AnyRequestKind[] = [
    depositKind,
    withdrawalKind,
    transferKind,
    bankKind,
    leverageKind,
    subAccountKind,
    ibRequestKind,
    ...(deps.requestKinds ?? []),
  ];

  return {
    db,
    sessions,
    passwords,
    signIn: new SignInService({ db, mailer, sessions, clock, secret, log }),
    system: new SystemService({ db, clock, platformNames }),
    readiness: deps.readiness ?? new Readiness(db),
    clients: new ClientsService({
      db,
      clock,
      sessions,
      onRegistered: (userId, email) => passwords.sendEmailConfirmation(userId, email),
      sendStaffInvite: sendInvite,
    }),
    groups: new GroupsService(db, clock),
    thresholds: new ThresholdsService(db, clock),
    paymentProvider,
    paymentSync: new ProviderOrderSync({
      db,
      provider: paymentProvider,
      clock,
      wakeWorker,
      mailClient,
      log,
      afterChange: evaluateAlerts,
    }),
    links,
    files,
    banks: new BanksService({ db, clock, files }),
    documentViews: new DocumentViews(db, clock),
    ibRequests: new IbRequestsService(db),
    ibCodes: new IbCodesService({ db, clock, publicUrl: config.publicUrl }),
    accounts: new AccountsService({ db, clock, wakeWorker }),
    leverage: new LeverageService(db),
    kyc: createKyc(config, db, links),
    auditTrail: new AuditService(db, clock),
    // The calls read the seals; the daily sealing runs where the operations worker does (start-server.ts).
    auditSeals: new AuditSeals(db, clock, loadAuditSigningKey(config.audit.signingKey, config.dataDir), {
      log,
    }),
    staffSessions: new StaffSessions({ db, clock, idleSeconds: config.sessionIdleSeconds }),
    reconciliation: new ReconciliationService({
      db,
      platform: deps.platforms[0]!,
      clock,
      critical: { mailer, publicUrl: config.publicUrl, log },
    }),
    reconciliationAlerts: new ReconciliationAlerts(db, clock),
    staff: new StaffService({
      db,
      clock,
      sessions,
      idleSeconds: config.sessionIdleSeconds,
      sendInvite,
    }),
    views: new ViewsService(db, clock),
    dashboard: new DashboardService({ db, clock, platformNames }),
    evidence: new EvidenceService({
      db,
      clock,
      platform: deps.platforms[0],
      refunds: new RefundableMethods(db, clock),
    }),
    alerts,
    engine,
    reports,
    // Started only by a server that runs the operations worker (app.ts); tests run its rounds themselves.
    reportJob: new ReportJob(reports, log),
    bankKind,
    requestKinds,
    exportLists: exportLists(requestKinds),
  };
}

export type Services = ReturnType<typeof buildServices>;
