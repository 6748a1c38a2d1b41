// The menus of the two signed-in frames, in the order they are shown (docs/product.md): the back
// office's sidebar, and the customer area's side menu, whose first five items are also the bottom
// bar on phones.
import { msg } from "@lingui/core/macro";
import {
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowUpFromLine,
  BadgeCheck,
  Coins,
  LayoutDashboard,
  ReceiptText,
  Scale,
  ScrollText,
  Settings,
  ShieldCheck,
  Smartphone,
  UserRound,
  Users,
} from "lucide-react";
import type { MenuItem } from "./app-shell.tsx";

export const adminMenu: readonly MenuItem[] = [
  { to: "/admin/dashboard", label: msg`Dashboard`, icon: LayoutDashboard },
  { to: "/admin/users", label: msg`Users`, icon: Users },
  { to: "/admin/transactions", label: msg`Transactions`, icon: ArrowLeftRight },
  { to: "/admin/second-approvals", label: msg`Second approvals`, icon: BadgeCheck },
  { to: "/admin/unclaimed-transfers", label: msg`Unclaimed transfers`, icon: Coins },
  { to: "/admin/solvency", label: msg`Solvency`, icon: Scale },
  { to: "/admin/verifications", label: msg`Verifications`, icon: ShieldCheck },
  { to: "/admin/sims", label: msg`SIMs`, icon: Smartphone },
  { to: "/admin/settings", label: msg`Settings`, icon: Settings },
  { to: "/admin/audit-log", label: msg`Audit Log`, icon: ScrollText },
];

export const customerMenu: readonly MenuItem[] = [
  { to: "/profile", label: msg`Profile`, icon: UserRound },
  { to: "/verification", label: msg`Verification`, icon: ShieldCheck },
  { to: "/dashboard", label: msg`Dashboard`, icon: LayoutDashboard },
  { to: "/deposit", label: msg`Deposit`, icon: ArrowDownToLine },
  { to: "/withdraw", label: msg`Withdraw`, icon: ArrowUpFromLine },
  { to: "/transactions", label: msg`Transactions`, icon: ReceiptText },
  { to: "/sims", label: msg`SIMs`, icon: Smartphone },
];

/** How many of the customer menu's items the bottom bar on phones holds. */
export const customerBottomBarItemCount = 5;
