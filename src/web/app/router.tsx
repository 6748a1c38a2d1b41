// Every route of the web app (docs/product.md describes each). Screens are loaded on demand (React.lazy), so each area is its own set
// of chunks: the landing page loads no sign-in, customer or admin code, and vice versa.
import { lazy, Suspense, type ComponentType } from "react";
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from "react-router";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { AdminGuard, UserGuard } from "./guards.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { RouteErrorPage } from "./route-error-page.tsx";

// Layouts
const MarketingLayout = lazy(() => import("./layouts/marketing-layout.tsx"));
const CustomerLayout = lazy(() => import("./layouts/customer-layout.tsx"));
const AdminLayout = lazy(() => import("./layouts/admin-layout.tsx"));

// Public site
const LandingPage = lazy(() => import("@/features/marketing/landing-page.tsx"));
const PaymentProcessingPage = lazy(() => import("@/features/marketing/payment-processing-page.tsx"));
const OnlineCheckoutPage = lazy(() => import("@/features/marketing/online-checkout-page.tsx"));
const InvoicingPage = lazy(() => import("@/features/marketing/invoicing-page.tsx"));
const SubscriptionsPage = lazy(() => import("@/features/marketing/subscriptions-page.tsx"));
const PointOfSalePage = lazy(() => import("@/features/marketing/point-of-sale-page.tsx"));
const DocumentationPage = lazy(() => import("@/features/marketing/documentation-page.tsx"));
const ApiReferencePage = lazy(() => import("@/features/marketing/api-reference-page.tsx"));
const SupportPage = lazy(() => import("@/features/marketing/support-page.tsx"));
const PartnersPage = lazy(() => import("@/features/marketing/partners-page.tsx"));
const BlogPage = lazy(() => import("@/features/marketing/blog-page.tsx"));
const AboutPage = lazy(() => import("@/features/marketing/about-page.tsx"));
const CareersPage = lazy(() => import("@/features/marketing/careers-page.tsx"));
const PressPage = lazy(() => import("@/features/marketing/press-page.tsx"));
const ContactPage = lazy(() => import("@/features/marketing/contact-page.tsx"));
const LegalPage = lazy(() => import("@/features/marketing/legal-page.tsx"));

// Sign-in screens
const LoginPage = lazy(() => import("@/features/auth/login-page.tsx"));
const SignupPage = lazy(() => import("@/features/auth/signup-page.tsx"));
const ForgotPasswordPage = lazy(() => import("@/features/auth/forgot-password-page.tsx"));
const ResetPasswordPage = lazy(() => import("@/features/auth/reset-password-page.tsx"));

// Customer area
const DashboardPage = lazy(() => import("@/features/customer/dashboard-page.tsx"));
const ProfilePage = lazy(() => import("@/features/customer/profile-page.tsx"));
const VerificationPage = lazy(() => import("@/features/customer/verification-page.tsx"));
const DepositPage = lazy(() => import("@/features/customer/deposit-page.tsx"));
const WithdrawPage = lazy(() => import("@/features/customer/withdraw-page.tsx"));
const TransactionsPage = lazy(() => import("@/features/customer/transactions-page.tsx"));
const TransactionReceiptPage = lazy(() => import("@/features/customer/transaction-receipt-page.tsx"));
const SimsPage = lazy(() => import("@/features/customer/sims-page.tsx"));

// Admin area
const AdminLoginPage = lazy(() => import("@/features/admin/admin-login-page.tsx"));
const MakeAdminPage = lazy(() => import("@/features/admin/make-admin-page.tsx"));
const AdminDashboardPage = lazy(() => import("@/features/admin/admin-dashboard-page.tsx"));
const AdminUsersPage = lazy(() => import("@/features/admin/admin-users-page.tsx"));
const AdminTransactionsPage = lazy(() => import("@/features/admin/admin-transactions-page.tsx"));
const AdminVerificationsPage = lazy(() => import("@/features/admin/admin-verifications-page.tsx"));
const AdminSimsPage = lazy(() => import("@/features/admin/admin-sims-page.tsx"));
const AdminSettingsPage = lazy(() => import("@/features/admin/admin-settings-page.tsx"));
const AdminAuditLogPage = lazy(() => import("@/features/admin/admin-audit-log-page.tsx"));
const AdminUnclaimedTransfersPage = lazy(() => import("@/features/admin/admin-unclaimed-transfers-page.tsx"));
const AdminSecondApprovalsPage = lazy(() => import("@/features/admin/admin-second-approvals-page.tsx"));
const AdminTwoFactorPage = lazy(() => import("@/features/admin/admin-two-factor-page.tsx"));

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<LoadingState label="Loading..." className="min-h-dvh" />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** One route per screen of a table of path → screen, in the table's order. */
function screenRoutes(screens: Record<string, ComponentType>): RouteObject[] {
  return Object.entries(screens).map(([path, Screen]) => ({ path, element: <Screen /> }));
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <MarketingLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          ...screenRoutes({
            "payment-processing": PaymentProcessingPage,
            "online-checkout": OnlineCheckoutPage,
            invoicing: InvoicingPage,
            subscriptions: SubscriptionsPage,
            "point-of-sale": PointOfSalePage,
            documentation: DocumentationPage,
            "api-reference": ApiReferencePage,
            support: SupportPage,
            partners: PartnersPage,
            blog: BlogPage,
            about: AboutPage,
            careers: CareersPage,
            press: PressPage,
            contact: ContactPage,
            legal: LegalPage,
          }),
        ],
      },
      ...screenRoutes({ login: LoginPage, signup: SignupPage, "forgot-password": ForgotPasswordPage, "reset-password": ResetPasswordPage }),
      {
        element: <UserGuard />,
        children: [
          {
            element: <CustomerLayout />,
            children: screenRoutes({
              dashboard: DashboardPage,
              profile: ProfilePage,
              verification: VerificationPage,
              deposit: DepositPage,
              withdraw: WithdrawPage,
              transactions: TransactionsPage,
              "transactions/:id": TransactionReceiptPage,
              sims: SimsPage,
            }),
          },
        ],
      },
      ...screenRoutes({ admin: AdminLoginPage, "admin/login": AdminLoginPage, "make-admin": MakeAdminPage }),
      {
        element: <AdminGuard />,
        children: [
          // Enrolment of the second factor: an admin who has none yet lands here and
          // cannot use the back office until done, so it sits outside the admin layout.
          { path: "admin/two-factor", element: <AdminTwoFactorPage /> },
          {
            element: <AdminLayout />,
            children: screenRoutes({
              "admin/dashboard": AdminDashboardPage,
              "admin/users": AdminUsersPage,
              "admin/transactions": AdminTransactionsPage,
              "admin/second-approvals": AdminSecondApprovalsPage,
              "admin/unclaimed-transfers": AdminUnclaimedTransfersPage,
              "admin/verifications": AdminVerificationsPage,
              "admin/sims": AdminSimsPage,
              "admin/settings": AdminSettingsPage,
              "admin/audit-log": AdminAuditLogPage,
            }),
          },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
