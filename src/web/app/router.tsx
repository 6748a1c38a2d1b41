// Every route of the web app (docs/product.md describes each). Screens are loaded on demand (React.lazy), so each area is its own set
// of chunks: the landing page loads no sign-in, customer or admin code, and vice versa.
import { useLingui } from "@lingui/react/macro";
import { isValidElement, lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { createBrowserRouter, matchRoutes, Outlet, ScrollRestoration, type RouteObject } from "react-router";
import { LoadingState } from "@/components/ui/spinner.tsx";
import { withCatalog } from "@/lib/i18n.ts";
import { prepareToasts } from "@/lib/toast.tsx";
import { AdminGuard, UserGuard } from "./guards.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { RouteErrorPage } from "./route-error-page.tsx";

/** A screen loaded on demand, which can also be asked to start loading before it is rendered. */
type LazyScreen = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => (loading ??= load());
  return Object.assign(lazy(start), { preload: start });
}

// Layouts
// The public frame shows the public site's shared pieces (its external links' "opens in a new tab"),
// whose words are in the landing catalog: it waits for them like the landing page does.
const MarketingLayout = lazyScreen(() => withCatalog("landing", () => import("./layouts/marketing-layout.tsx")));
const CustomerLayout = lazyScreen(() => import("./layouts/customer-layout.tsx"));
const AdminLayout = lazyScreen(() => import("./layouts/admin-layout.tsx"));

// Public site. The landing page needs only its own words (and the public components'); a content
// page needs the longer copy of the public site too.
function contentPage<T extends { default: ComponentType }>(load: () => Promise<T>) {
  return lazyScreen(() => withCatalog("marketing", () => withCatalog("landing", load)));
}
const LandingPage = lazyScreen(() => withCatalog("landing", () => import("@/features/marketing/landing-page.tsx")));
const PaymentProcessingPage = contentPage(() => import("@/features/marketing/payment-processing-page.tsx"));
const OnlineCheckoutPage = contentPage(() => import("@/features/marketing/online-checkout-page.tsx"));
const InvoicingPage = contentPage(() => import("@/features/marketing/invoicing-page.tsx"));
const SubscriptionsPage = contentPage(() => import("@/features/marketing/subscriptions-page.tsx"));
const PointOfSalePage = contentPage(() => import("@/features/marketing/point-of-sale-page.tsx"));
const DocumentationPage = contentPage(() => import("@/features/marketing/documentation-page.tsx"));
const ApiReferencePage = contentPage(() => import("@/features/marketing/api-reference-page.tsx"));
const SupportPage = contentPage(() => import("@/features/marketing/support-page.tsx"));
const PartnersPage = contentPage(() => import("@/features/marketing/partners-page.tsx"));
const BlogPage = contentPage(() => import("@/features/marketing/blog-page.tsx"));
const AboutPage = contentPage(() => import("@/features/marketing/about-page.tsx"));
const CareersPage = contentPage(() => import("@/features/marketing/careers-page.tsx"));
const PressPage = contentPage(() => import("@/features/marketing/press-page.tsx"));
const ContactPage = contentPage(() => import("@/features/marketing/contact-page.tsx"));
const LegalPage = contentPage(() => import("@/features/marketing/legal-page.tsx"));
const ProofOfReservesPage = contentPage(() => import("@/features/marketing/proof-of-reserves-page.tsx"));

// The signed-in areas: their words, and the toasts' live region mounted before any of their dialogs
// opens (lib/toast.tsx). The sign-in screens have no dialog: their first toast brings the region,
// and sonner stays off the sign-in page's first paint.
function appScreen<T extends { default: ComponentType }>(area: "auth" | "customer" | "admin", load: () => Promise<T>) {
  return lazyScreen(() => {
    if (area !== "auth") prepareToasts();
    return withCatalog(area, load);
  });
}

// Sign-in screens
const LoginPage = appScreen("auth", () => import("@/features/auth/login-page.tsx"));
const SignupPage = appScreen("auth", () => import("@/features/auth/signup-page.tsx"));
const ForgotPasswordPage = appScreen("auth", () => import("@/features/auth/forgot-password-page.tsx"));
const ResetPasswordPage = appScreen("auth", () => import("@/features/auth/reset-password-page.tsx"));
// The "This wasn't me" link of security alerts (decision 039): no sign-in needed.
const FreezePage = appScreen("auth", () => import("@/features/auth/freeze-page.tsx"));

// Customer area
const DashboardPage = appScreen("customer", () => import("@/features/customer/dashboard-page.tsx"));
const ProfilePage = appScreen("customer", () => import("@/features/customer/profile-page.tsx"));
const VerificationPage = appScreen("customer", () => import("@/features/customer/verification-page.tsx"));
const DepositPage = appScreen("customer", () => import("@/features/customer/deposit-page.tsx"));
const WithdrawPage = appScreen("customer", () => import("@/features/customer/withdraw-page.tsx"));
const TransactionsPage = appScreen("customer", () => import("@/features/customer/transactions-page.tsx"));
const TransactionReceiptPage = appScreen("customer", () => import("@/features/customer/transaction-receipt-page.tsx"));
const SimsPage = appScreen("customer", () => import("@/features/customer/sims-page.tsx"));

// Admin area
const AdminLoginPage = appScreen("admin", () => import("@/features/admin/sign-in/admin-login-page.tsx"));
const MakeAdminPage = appScreen("admin", () => import("@/features/admin/sign-in/make-admin-page.tsx"));
const AdminDashboardPage = appScreen("admin", () => import("@/features/admin/dashboard/admin-dashboard-page.tsx"));
const AdminUsersPage = appScreen("admin", () => import("@/features/admin/users/admin-users-page.tsx"));
const AdminTransactionsPage = appScreen("admin", () => import("@/features/admin/transactions/admin-transactions-page.tsx"));
const AdminVerificationsPage = appScreen("admin", () => import("@/features/admin/verifications/admin-verifications-page.tsx"));
const AdminSimsPage = appScreen("admin", () => import("@/features/admin/sims/admin-sims-page.tsx"));
const AdminSettingsPage = appScreen("admin", () => import("@/features/admin/settings/admin-settings-page.tsx"));
const AdminAuditLogPage = appScreen("admin", () => import("@/features/admin/audit-log/admin-audit-log-page.tsx"));
const AdminUnclaimedTransfersPage = appScreen("admin", () => import("@/features/admin/chain/admin-unclaimed-transfers-page.tsx"));
const AdminSolvencyPage = appScreen("admin", () => import("@/features/admin/solvency/admin-solvency-page.tsx"));
const AdminSecondApprovalsPage = appScreen("admin", () => import("@/features/admin/second-approvals/admin-second-approvals-page.tsx"));
const AdminTwoFactorPage = appScreen("admin", () => import("@/features/admin/sign-in/admin-two-factor-page.tsx"));

function RootLayout() {
  const { t } = useLingui();
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<LoadingState label={t`Loading...`} className="min-h-dvh" />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** One route per screen of a table of path → screen, in the table's order. */
function screenRoutes(screens: Record<string, ComponentType>): RouteObject[] {
  return Object.entries(screens).map(([path, Screen]) => ({ path, element: <Screen /> }));
}

const routes: RouteObject[] = [
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
            "proof-of-reserves": ProofOfReservesPage,
          }),
        ],
      },
      ...screenRoutes({
        login: LoginPage,
        signup: SignupPage,
        "forgot-password": ForgotPasswordPage,
        "reset-password": ResetPasswordPage,
        freeze: FreezePage,
      }),
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
              "admin/solvency": AdminSolvencyPage,
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
];

export const router = createBrowserRouter(routes);

/**
 * Starts loading the screens (and their words) of the page at `pathname`. The app calls it before the
 * shared words have arrived, so a first visit asks for both at once instead of one after the other
 * (one round trip less before the first paint on a phone). A screen behind a guard starts loading
 * too: a signed-in visitor gains the time, a signed-out one is sent to sign in after a download.
 */
export function preloadScreens(pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const screen: unknown = isValidElement(route.element) ? route.element.type : undefined;
    if (typeof screen === "object" && screen !== null && "preload" in screen && typeof screen.preload === "function")
      void (screen as LazyScreen).preload().catch(() => undefined); // a failure shows when the screen renders
  }
}
