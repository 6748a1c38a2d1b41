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
const LandingPage = lazy(() => import("@/marketing/landing-page.tsx"));
const PaymentProcessingPage = lazy(() => import("@/marketing/payment-processing-page.tsx"));
const OnlineCheckoutPage = lazy(() => import("@/marketing/online-checkout-page.tsx"));
const InvoicingPage = lazy(() => import("@/marketing/invoicing-page.tsx"));
const SubscriptionsPage = lazy(() => import("@/marketing/subscriptions-page.tsx"));
const PointOfSalePage = lazy(() => import("@/marketing/point-of-sale-page.tsx"));
const DocumentationPage = lazy(() => import("@/marketing/documentation-page.tsx"));
const ApiReferencePage = lazy(() => import("@/marketing/api-reference-page.tsx"));
const SupportPage = lazy(() => import("@/marketing/support-page.tsx"));
const PartnersPage = lazy(() => import("@/marketing/partners-page.tsx"));
const BlogPage = lazy(() => import("@/marketing/blog-page.tsx"));
const AboutPage = lazy(() => import("@/marketing/about-page.tsx"));
const CareersPage = lazy(() => import("@/marketing/careers-page.tsx"));
const PressPage = lazy(() => import("@/marketing/press-page.tsx"));
const ContactPage = lazy(() => import("@/marketing/contact-page.tsx"));
const LegalPage = lazy(() => import("@/marketing/legal-page.tsx"));

// Sign-in screens
const LoginPage = lazy(() => import("@/auth/login-page.tsx"));
const SignupPage = lazy(() => import("@/auth/signup-page.tsx"));
const ForgotPasswordPage = lazy(() => import("@/auth/forgot-password-page.tsx"));
const ResetPasswordPage = lazy(() => import("@/auth/reset-password-page.tsx"));

// Customer area
const DashboardPage = lazy(() => import("@/customer/dashboard-page.tsx"));
const ProfilePage = lazy(() => import("@/customer/profile-page.tsx"));
const VerificationPage = lazy(() => import("@/customer/verification-page.tsx"));
const DepositPage = lazy(() => import("@/customer/deposit-page.tsx"));
const WithdrawPage = lazy(() => import("@/customer/withdraw-page.tsx"));
const TransactionsPage = lazy(() => import("@/customer/transactions-page.tsx"));
const SimsPage = lazy(() => import("@/customer/sims-page.tsx"));

// Admin area
const AdminLoginPage = lazy(() => import("@/admin/admin-login-page.tsx"));
const MakeAdminPage = lazy(() => import("@/admin/make-admin-page.tsx"));
const AdminDashboardPage = lazy(() => import("@/admin/admin-dashboard-page.tsx"));
const AdminUsersPage = lazy(() => import("@/admin/admin-users-page.tsx"));
const AdminTransactionsPage = lazy(() => import("@/admin/admin-transactions-page.tsx"));
const AdminVerificationsPage = lazy(() => import("@/admin/admin-verifications-page.tsx"));
const AdminSimsPage = lazy(() => import("@/admin/admin-sims-page.tsx"));
const AdminSettingsPage = lazy(() => import("@/admin/admin-settings-page.tsx"));
const AdminAuditLogPage = lazy(() => import("@/admin/admin-audit-log-page.tsx"));
const AdminTwoFactorPage = lazy(() => import("@/admin/admin-two-factor-page.tsx"));

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
