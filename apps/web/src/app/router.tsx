import { createBrowserRouter, Navigate } from 'react-router';
import type { ReactElement } from 'react';
import { NotFoundPage } from '../shared/not-found-page.tsx';
import { RedirectIfAuthenticated, RequireAuth } from './auth-guard.tsx';
import { Page } from './pages.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/** The routes of docs/product.md [routes]. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      // Public. Sign-in pages send a signed-in staff member on to /users/new.
      {
        element: <RedirectIfAuthenticated />,
        children: [
          { path: 'login', element: <Page.LoginPage /> },
          { path: 'confirm-login', element: <Page.ConfirmLoginPage /> },
        ],
      },
      { path: 'forgot-password', element: <Page.ForgotPasswordPage /> },
      { path: 'resetpassword/:id', element: <Page.ResetPasswordPage /> },
      { path: 'email/confirm/:id', element: <Page.EmailConfirmPage /> },
      { path: 'email/confirm/:setpassword/:id', element: <Page.EmailConfirmPage /> },
      // Development mail outbox (empty and switched off when real mail is configured).
      { path: 'dev/outbox', element: <Page.DevOutboxPage /> },

      // Protected: ADMIN and above.
      {
        element: <RequireAuth />,
        // Errors below keep the header and sidebar on screen.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Page.HomePage /> },
          { path: 'users/:status', element: <Page.UserListPage /> },
          { path: 'users', element: <Navigate to="/users/all" replace /> },
          // docs/product.md [routes]: Add User submit or cancel leads to /admin/users.
          { path: 'admin/users', element: <Navigate to="/users/all" replace /> },
          { path: 'add-user', element: <Page.AddUserPage /> },
          { path: 'user/profile/:id', element: <Page.ClientProfilePage /> },
          { path: 'user/application/:id', element: <Page.ClientApplicationPage /> },
          { path: 'manage-groups', element: <Page.ManageGroupsPage /> },
          { path: 'historical-requests', element: <Page.HistoricalRequestsPage /> },
          { path: 'approval-thresholds', element: <Page.ThresholdsPage /> },
          { path: 'wallet-accounts', element: <Page.WalletAccountsPage /> },
          { path: 'trading-accounts', element: <Page.TradingAccountsPage /> },
          { path: 'ib-requests', element: <Page.IbRequestsPage /> },
          { path: 'ib-codes', element: <Page.IbCodesPage /> },
          ...statusRoute('transfer-requests', <Page.TransfersPage />),
          ...statusRoute('withdrawal-requests', <Page.WithdrawalsPage />),
          ...statusRoute('deposit-requests', <Page.DepositsPage />),
          ...statusRoute('bank-verification-requests', <Page.BankVerificationPage />),
          ...statusRoute('change-leverage-requests', <Page.ChangeLeveragePage />),
          ...statusRoute('new-sub-account-requests', <Page.SubAccountRequestsPage />),
          { path: 'audit', element: <Page.AuditPage /> },
          { path: 'alerts', element: <Page.AlertsPage /> },
          { path: 'alerts/settings', element: <Page.AlertSettingsPage /> },
          { path: 'reconciliation', element: <Page.ReconciliationPage /> },
          { path: 'reports', element: <Page.ReportsPage /> },
          { path: 'sessions', element: <Page.SessionsPage /> },
          { path: 'staff', element: <Page.StaffPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

/** /x/:status, and /x alone opening the pending tab (the sidebar's default). */
function statusRoute(base: string, element: ReactElement) {
  return [
    { path: `${base}/:status`, element },
    { path: base, element: <Navigate to={`/${base}/pending`} replace /> },
  ];
}
