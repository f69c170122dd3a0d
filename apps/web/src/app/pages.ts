import { lazyPages } from './lazy-page.ts';

/** Every screen, lazily loaded, by the name its module exports. One line per screen; router.tsx places them. */
export const Page = lazyPages({
  // Sign-in and password pages (public).
  LoginPage: () => import('../features/auth/login-page.tsx'),
  ConfirmLoginPage: () => import('../features/auth/confirm-login-page.tsx'),
  ForgotPasswordPage: () => import('../features/auth/forgot-password-page.tsx'),
  ResetPasswordPage: () => import('../features/auth/reset-password-page.tsx'),
  EmailConfirmPage: () => import('../features/auth/email-confirm-page.tsx'),
  DevOutboxPage: () => import('../features/dev/dev-outbox-page.tsx'),
  // Signed-in screens.
  HomePage: () => import('../features/home/home-page.tsx'),
  UserListPage: () => import('../features/clients/user-list/user-list-page.tsx'),
  AddUserPage: () => import('../features/clients/add-user/add-user-page.tsx'),
  ClientProfilePage: () => import('../features/clients/profile/client-profile-page.tsx'),
  ClientApplicationPage: () => import('../features/clients/application/client-application-page.tsx'),
  ManageGroupsPage: () => import('../features/groups/manage-groups-page.tsx'),
  IbRequestsPage: () => import('../features/partners/ib-requests/ib-requests-page.tsx'),
  IbCodesPage: () => import('../features/partners/ib-codes/ib-codes-page.tsx'),
  HistoricalRequestsPage: () => import('../features/funding/historical-requests-page.tsx'),
  TransfersPage: () => import('../features/funding/transfers-page.tsx'),
  WithdrawalsPage: () => import('../features/funding/withdrawals-page.tsx'),
  DepositsPage: () => import('../features/funding/deposits-page.tsx'),
  BankVerificationPage: () => import('../features/funding/bank-verification-page.tsx'),
  WalletAccountsPage: () => import('../features/accounts/wallet-accounts/wallet-accounts-page.tsx'),
  TradingAccountsPage: () => import('../features/accounts/trading-accounts/trading-accounts-page.tsx'),
  ChangeLeveragePage: () => import('../features/accounts/change-leverage/change-leverage-page.tsx'),
  SubAccountRequestsPage: () =>
    import('../features/accounts/sub-account-requests/sub-account-requests-page.tsx'),
  // Control: audit trail, reconciliation, staff sessions.
  AuditPage: () => import('../features/audit/audit-page.tsx'),
  ReconciliationPage: () => import('../features/reconciliation/reconciliation-page.tsx'),
  ReportsPage: () => import('../features/reports/reports-page.tsx'),
  SessionsPage: () => import('../features/audit/sessions-page.tsx'),
  StaffPage: () => import('../features/staff/staff-page.tsx'),
  ThresholdsPage: () => import('../features/approvals/thresholds-page.tsx'),
  AlertsPage: () => import('../features/alerts/alerts-page.tsx'),
  AlertSettingsPage: () => import('../features/alerts/alert-settings-page.tsx'),
});
