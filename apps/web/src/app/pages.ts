import { lazyPage } from './lazy-page.ts';

/** Every screen, lazily loaded. One line per screen; the route table in router.tsx places them. */

// Sign-in and password pages (public).
export const LoginPage = lazyPage(() => import('../features/auth/login-page.tsx'), 'LoginPage');
export const ConfirmLoginPage = lazyPage(
  () => import('../features/auth/confirm-login-page.tsx'),
  'ConfirmLoginPage',
);
export const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
export const ResetPasswordPage = lazyPage(
  () => import('../features/auth/reset-password-page.tsx'),
  'ResetPasswordPage',
);
export const EmailConfirmPage = lazyPage(
  () => import('../features/auth/email-confirm-page.tsx'),
  'EmailConfirmPage',
);
export const DevOutboxPage = lazyPage(() => import('../features/dev/dev-outbox-page.tsx'), 'DevOutboxPage');

// Signed-in screens.
export const HomePage = lazyPage(() => import('../features/home/home-page.tsx'), 'HomePage');
export const UserListPage = lazyPage(
  () => import('../features/clients/user-list/user-list-page.tsx'),
  'UserListPage',
);
export const AddUserPage = lazyPage(
  () => import('../features/clients/add-user/add-user-page.tsx'),
  'AddUserPage',
);
export const ClientProfilePage = lazyPage(
  () => import('../features/clients/profile/client-profile-page.tsx'),
  'ClientProfilePage',
);
export const ClientApplicationPage = lazyPage(
  () => import('../features/clients/application/client-application-page.tsx'),
  'ClientApplicationPage',
);
export const ManageGroupsPage = lazyPage(
  () => import('../features/groups/manage-groups-page.tsx'),
  'ManageGroupsPage',
);
export const IbRequestsPage = lazyPage(
  () => import('../features/partners/ib-requests/ib-requests-page.tsx'),
  'IbRequestsPage',
);
export const IbCodesPage = lazyPage(
  () => import('../features/partners/ib-codes/ib-codes-page.tsx'),
  'IbCodesPage',
);
export const HistoricalRequestsPage = lazyPage(
  () => import('../features/funding/historical-requests-page.tsx'),
  'HistoricalRequestsPage',
);
export const TransfersPage = lazyPage(
  () => import('../features/funding/transfers-page.tsx'),
  'TransfersPage',
);
export const WithdrawalsPage = lazyPage(
  () => import('../features/funding/withdrawals-page.tsx'),
  'WithdrawalsPage',
);
export const DepositsPage = lazyPage(() => import('../features/funding/deposits-page.tsx'), 'DepositsPage');
export const BankVerificationPage = lazyPage(
  () => import('../features/funding/bank-verification-page.tsx'),
  'BankVerificationPage',
);
export const WalletAccountsPage = lazyPage(
  () => import('../features/accounts/wallet-accounts/wallet-accounts-page.tsx'),
  'WalletAccountsPage',
);
export const TradingAccountsPage = lazyPage(
  () => import('../features/accounts/trading-accounts/trading-accounts-page.tsx'),
  'TradingAccountsPage',
);
export const ChangeLeveragePage = lazyPage(
  () => import('../features/accounts/change-leverage/change-leverage-page.tsx'),
  'ChangeLeveragePage',
);
export const SubAccountRequestsPage = lazyPage(
  () => import('../features/accounts/sub-account-requests/sub-account-requests-page.tsx'),
  'SubAccountRequestsPage',
);
// Control: audit trail, reconciliation, staff sessions.
export const AuditPage = lazyPage(() => import('../features/audit/audit-page.tsx'), 'AuditPage');
export const ReconciliationPage = lazyPage(
  () => import('../features/reconciliation/reconciliation-page.tsx'),
  'ReconciliationPage',
);
export const SessionsPage = lazyPage(() => import('../features/audit/sessions-page.tsx'), 'SessionsPage');
export const StaffPage = lazyPage(() => import('../features/staff/staff-page.tsx'), 'StaffPage');
export const ThresholdsPage = lazyPage(
  () => import('../features/approvals/thresholds-page.tsx'),
  'ThresholdsPage',
);
