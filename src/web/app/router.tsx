// Every route of the web app (docs/product.md describes each). Screens are loaded on demand (React.lazy), so each area is its own set
// of chunks: the landing page loads no sign-in, customer or admin code, and vice versa.
import { lazy, Suspense } from "react";
import { createBrowserRouter, Outlet, ScrollRestoration } from "react-router";
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

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <MarketingLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: "payment-processing", element: <PaymentProcessingPage /> },
          { path: "online-checkout", element: <OnlineCheckoutPage /> },
          { path: "invoicing", element: <InvoicingPage /> },
          { path: "subscriptions", element: <SubscriptionsPage /> },
          { path: "point-of-sale", element: <PointOfSalePage /> },
          { path: "documentation", element: <DocumentationPage /> },
          { path: "api-reference", element: <ApiReferencePage /> },
          { path: "support", element: <SupportPage /> },
          { path: "partners", element: <PartnersPage /> },
          { path: "blog", element: <BlogPage /> },
          { path: "about", element: <AboutPage /> },
          { path: "careers", element: <CareersPage /> },
          { path: "press", element: <PressPage /> },
          { path: "contact", element: <ContactPage /> },
          { path: "legal", element: <LegalPage /> },
        ],
      },
      { path: "login", element: <LoginPage /> },
      { path: "signup", element: <SignupPage /> },
      { path: "forgot-password", element: <ForgotPasswordPage /> },
      { path: "reset-password", element: <ResetPasswordPage /> },
      {
        element: <UserGuard />,
        children: [
          {
            element: <CustomerLayout />,
            children: [
              { path: "dashboard", element: <DashboardPage /> },
              { path: "profile", element: <ProfilePage /> },
              { path: "verification", element: <VerificationPage /> },
              { path: "deposit", element: <DepositPage /> },
              { path: "withdraw", element: <WithdrawPage /> },
              { path: "transactions", element: <TransactionsPage /> },
              { path: "sims", element: <SimsPage /> },
            ],
          },
        ],
      },
      { path: "admin", element: <AdminLoginPage /> },
      { path: "admin/login", element: <AdminLoginPage /> },
      { path: "make-admin", element: <MakeAdminPage /> },
      {
        element: <AdminGuard />,
        children: [
          // Enrolment of the second factor: an admin who has none yet lands here and
          // cannot use the back office until done, so it sits outside the admin layout.
          { path: "admin/two-factor", element: <AdminTwoFactorPage /> },
          {
            element: <AdminLayout />,
            children: [
              { path: "admin/dashboard", element: <AdminDashboardPage /> },
              { path: "admin/users", element: <AdminUsersPage /> },
              { path: "admin/transactions", element: <AdminTransactionsPage /> },
              { path: "admin/verifications", element: <AdminVerificationsPage /> },
              { path: "admin/sims", element: <AdminSimsPage /> },
              { path: "admin/settings", element: <AdminSettingsPage /> },
              { path: "admin/audit-log", element: <AdminAuditLogPage /> },
            ],
          },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
