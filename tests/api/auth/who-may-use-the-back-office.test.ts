// Who may use the back office (docs/product.md, Roles and permissions): every admin endpoint,
// table-driven, refuses the anonymous visitor (401), a customer (403), an admin who has not enrolled
// a second factor (403 TWO_FACTOR_REQUIRED) and a suspended admin (403, session ended), answers an
// enrolled admin, and keeps the management of admin accounts to a super_admin. A refused request
// changes nothing: the whole data model is compared just before and just after it. Then the rules
// of admin accounts: create (12-character passwords, duplicates) and promote (role changes,
// unknown e-mails).
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  adminUsers,
  auditLog,
  chainTransfers,
  contactMessages,
  emailOutbox,
  extendedProfiles,
  floatReadings,
  ledgerEntries,
  porSnapshots,
  profiles,
  secondApprovals,
  sims,
  transactions,
  user,
  verificationDocuments,
  verifications,
} from "../../../src/server/db/schema.ts";
import { parseUsdt } from "../../../src/shared/money.ts";
import { sidesOf } from "../../../src/shared/verification-schemas.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import {
  createTestApp,
  errorOf,
  goodPassword,
  type Browser,
  type SignedUpUser,
  type TestApp,
  type TestResponse,
} from "../../support/test-app.ts";
import { signUpAdmin, totpCode, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { makePng } from "../../support/wallet/images.ts";
import { tronAddress } from "../../support/wallet/money.ts";
import { uploadDocument } from "../../support/wallet/multipart.ts";

let t: TestApp;
/** An enrolled admin and an enrolled super_admin: the people the back office is for. */
let admin: EnrolledAdmin;
let superAdmin: EnrolledAdmin;
/** Has the admin role but never enrolled an authenticator app. */
let unenrolledAdmin: SignedUpUser;
/** Enrolled, signed in afresh for each check, then suspended under their session. */
let suspendedAdmin: EnrolledAdmin;
let customer: SignedUpUser;
/** The customer whose money, SIMs and documents the endpoints act on. */
let owner: SignedUpUser;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await signUpAdmin(t, "super_admin");
  admin = await signUpAdmin(t);
  suspendedAdmin = await signUpAdmin(t);
  unenrolledAdmin = await t.signUp();
  await t.makeAdmin(unenrolledAdmin.userId);
  await t.signIn(unenrolledAdmin.email, unenrolledAdmin.password, unenrolledAdmin.browser);
  customer = await t.signUp();
  owner = await t.signUp();
  const contact = await t.browser().post("/api/contact", {
    name: "Rahim",
    email: "rahim@example.com",
    subject: "Sales",
    message: "Please call me.",
  });
  expect(contact.statusCode, contact.body).toBeLessThan(300);
});
afterAll(async () => {
  await t.close();
});

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Call = { method: Method; url: string; json?: unknown };

function send(browser: Browser, call: Call): Promise<TestResponse> {
  return browser.request(call.method, call.url, call.json === undefined ? {} : { json: call.json });
}

/** Everything an admin endpoint could change, in a stable order (sessions aside: refusals end some). */
async function snapshot() {
  return {
    users: await t.db.select({ id: user.id, email: user.email, name: user.name }).from(user).orderBy(user.id),
    profiles: await t.db.select().from(profiles).orderBy(profiles.id),
    extendedProfiles: await t.db.select().from(extendedProfiles).orderBy(extendedProfiles.id),
    transactions: await t.db.select().from(transactions).orderBy(transactions.id),
    ledgerEntries: await t.db.select().from(ledgerEntries).orderBy(ledgerEntries.id),
    sims: await t.db.select().from(sims).orderBy(sims.id),
    verifications: await t.db.select().from(verifications).orderBy(verifications.id),
    verificationDocuments: await t.db.select().from(verificationDocuments).orderBy(verificationDocuments.id),
    adminUsers: await t.db.select().from(adminUsers).orderBy(adminUsers.id),
    auditLog: await t.db.select().from(auditLog).orderBy(auditLog.id),
    contactMessages: await t.db.select().from(contactMessages).orderBy(contactMessages.id),
    secondApprovals: await t.db.select().from(secondApprovals).orderBy(secondApprovals.id),
    emailOutbox: await t.db.select().from(emailOutbox).orderBy(emailOutbox.id),
    floatReadings: await t.db.select().from(floatReadings).orderBy(floatReadings.id),
    porSnapshots: await t.db.select().from(porSnapshots).orderBy(porSnapshots.id),
  };
}

async function setSuspendedInDatabase(userId: string, isSuspended: boolean): Promise<void> {
  await t.db.update(profiles).set({ isSuspended }).where(eq(profiles.id, userId));
}

/** An enrolled admin's sign-in in a new browser: password, then the code from their authenticator app. */
async function signInAdmin(account: EnrolledAdmin): Promise<Browser> {
  const browser = t.browser();
  const first = await browser.post("/api/auth/sign-in/email", { email: account.email, password: account.password });
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json()).toMatchObject({ twoFactorRedirect: true });
  const second = await browser.post("/api/auth/two-factor/verify-totp", { code: totpCode(account.totpUri) });
  expect(second.statusCode, second.body).toBe(200);
  return browser;
}

async function pendingDeposit(user: SignedUpUser): Promise<TransactionDto> {
  const response = await user.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "20" });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TransactionDto>();
}

let phoneCount = 0;
async function pendingSim(user: SignedUpUser): Promise<string> {
  phoneCount += 1;
  const response = await user.browser.post("/api/sims", {
    phoneNumber: `0171${String(phoneCount).padStart(7, "0")}`,
    walletType: "Personal",
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/**
 * A customer of their own with a pending verification (the front of a national ID, or both sides:
 * only a complete one is in the default list and can be approved); answers its id.
 */
async function pendingVerification(sides: readonly ("front" | "back")[] = ["front"]): Promise<{ id: string; userId: string }> {
  const person = await t.signUp();
  let id = "";
  for (const side of sides) {
    const response = await uploadDocument(person.browser, { documentType: "national_id", side, bytes: makePng() });
    expect(response.statusCode, response.body).toBe(200);
    id = response.json<{ id: string }>().id;
  }
  return { id, userId: person.userId };
}

/** A 25,000 BDT adjustment of a new customer, asked for by the super admin: it awaits a second admin (four eyes). */
async function awaitingAdjustment(): Promise<{ id: string; userId: string }> {
  const person = await t.signUp();
  const response = await superAdmin.browser.post(`/api/admin/users/${person.userId}/balance-adjustments`, {
    direction: "add",
    amount: "25000",
  });
  expect(response.statusCode, response.body).toBe(202);
  return { id: response.json<{ id: string }>().id, userId: person.userId };
}

async function transactionRow(id: string) {
  const [row] = await t.db.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

type Prepared = { call: Call; effect: (response: TestResponse) => void | Promise<void> };

type Endpoint = {
  route: string;
  /** Creating and promoting admins, and publishing a proof on demand, are a super_admin's powers. */
  superAdminOnly?: boolean;
  /** What an enrolled admin who is not a super_admin is told (admin accounts' sentence unless given). */
  superAdminRefusal?: string;
  status: number;
  /** Makes what the request acts on; answers the request and what a successful one must have done. */
  prepare: () => Prepared | Promise<Prepared>;
};

const pageShape = { items: expect.any(Array) as unknown[], total: expect.any(Number) as number, page: 1 };

const endpoints: Endpoint[] = [
  {
    route: "GET /api/admin/stats",
    status: 200,
    prepare: () => ({
      call: { method: "GET", url: "/api/admin/stats" },
      effect: async (response) => {
        expect(response.json()).toMatchObject({ totalUsers: (await snapshot()).profiles.length, daily: expect.any(Array) as unknown[] });
      },
    }),
  },
  {
    route: "GET /api/admin/users",
    status: 200,
    prepare: () => ({
      call: { method: "GET", url: "/api/admin/users" },
      effect: async (response) => {
        expect(response.json()).toMatchObject({ ...pageShape, pageSize: 10, total: (await snapshot()).profiles.length });
      },
    }),
  },
  {
    route: "PATCH /api/admin/users/:id",
    status: 200,
    prepare: async () => {
      const target = await t.signUp();
      return {
        call: { method: "PATCH", url: `/api/admin/users/${target.userId}`, json: { isSuspended: true } },
        effect: async (response) => {
          expect(response.json()).toEqual({ id: target.userId, isSuspended: true });
          const [row] = await t.db.select({ isSuspended: profiles.isSuspended }).from(profiles).where(eq(profiles.id, target.userId));
          expect(row?.isSuspended).toBe(true);
        },
      };
    },
  },
  {
    route: "GET /api/admin/users/:id/profile",
    status: 200,
    prepare: () => ({
      call: { method: "GET", url: `/api/admin/users/${owner.userId}/profile` },
      effect: (response) => {
        expect(response.json()).toMatchObject({ userId: owner.userId, email: owner.email });
      },
    }),
  },
  {
    route: "PUT /api/admin/users/:id/profile",
    status: 200,
    prepare: async () => {
      const target = await t.signUp();
      return {
        call: { method: "PUT", url: `/api/admin/users/${target.userId}/profile`, json: { fullName: "Changed By Admin", address: "Dhaka" } },
        effect: async (response) => {
          expect(response.json()).toMatchObject({ userId: target.userId, fullName: "Changed By Admin", address: "Dhaka" });
          const [row] = await t.db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, target.userId));
          expect(row?.fullName).toBe("Changed By Admin");
        },
      };
    },
  },
  {
    route: "POST /api/admin/users/:id/unfreeze",
    status: 200,
    prepare: async () => {
      // Frozen by its owner's "This wasn't me" link (decision 039), here set in the database.
      const target = await t.signUp();
      await t.db.update(profiles).set({ frozenAt: new Date() }).where(eq(profiles.id, target.userId));
      return {
        call: { method: "POST", url: `/api/admin/users/${target.userId}/unfreeze`, json: { note: "Spoke with the owner" } },
        effect: async (response) => {
          expect(response.json()).toEqual({ id: target.userId, frozenAt: null });
          const [row] = await t.db.select({ frozenAt: profiles.frozenAt }).from(profiles).where(eq(profiles.id, target.userId));
          expect(row?.frozenAt).toBeNull();
        },
      };
    },
  },
  {
    route: "POST /api/admin/users/:id/balance-adjustments",
    status: 201,
    prepare: async () => {
      const target = await t.signUp();
      return {
        call: { method: "POST", url: `/api/admin/users/${target.userId}/balance-adjustments`, json: { direction: "add", amount: "100" } },
        effect: async (response) => {
          expect(response.json()).toMatchObject({ userId: target.userId, status: "completed", amount: "100.00" });
          const [row] = await t.db.select({ balance: profiles.balanceMinor }).from(profiles).where(eq(profiles.id, target.userId));
          expect(row?.balance).toBe(10000n);
        },
      };
    },
  },
  {
    route: "GET /api/admin/transactions",
    status: 200,
    prepare: () => ({
      call: { method: "GET", url: "/api/admin/transactions" },
      effect: async (response) => {
        expect(response.json()).toMatchObject({ ...pageShape, pageSize: 10, total: (await snapshot()).transactions.length });
      },
    }),
  },
  {
    route: "GET /api/admin/transactions/:id",
    status: 200,
    prepare: async () => {
      const deposit = await pendingDeposit(owner);
      return {
        call: { method: "GET", url: `/api/admin/transactions/${deposit.id}` },
        effect: (response) => {
          expect(response.json()).toMatchObject({ id: deposit.id, userId: owner.userId, chain: { state: "off", transfer: null } });
        },
      };
    },
  },
  {
    route: "POST /api/admin/transactions/:id/approve",
    status: 200,
    prepare: async () => {
      const deposit = await pendingDeposit(owner);
      return {
        call: { method: "POST", url: `/api/admin/transactions/${deposit.id}/approve` },
        effect: async (response) => {
          expect(response.json()).toMatchObject({ id: deposit.id, status: "completed" });
          expect(await transactionRow(deposit.id)).toMatchObject({ status: "completed", processedBy: admin.userId });
          const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, deposit.id));
          expect(entries).toHaveLength(1);
        },
      };
    },
  },
  {
    route: "POST /api/admin/transactions/:id/reject",
    status: 200,
    prepare: async () => {
      const deposit = await pendingDeposit(owner);
      return {
        call: { method: "POST", url: `/api/admin/transactions/${deposit.id}/reject`, json: { reason: "No funds arrived" } },
        effect: async (response) => {
          expect(response.json()).toMatchObject({ id: deposit.id, status: "rejected" });
          expect(await transactionRow(deposit.id)).toMatchObject({ status: "rejected", rejectReason: "No funds arrived" });
        },
      };
    },
  },
  {
    route: "GET /api/admin/chain/unclaimed-transfers",
    status: 200,
    prepare: () => ({
      call: { method: "GET", url: "/api/admin/chain/unclaimed-transfers" },
      effect: (response) => {
        expect(response.json()).toEqual({ items: [], total: 0, page: 1, pageSize: 20, watcher: "off" });
      },
    }),
  },
  {
    route: "GET /api/admin/chain/status",
    status: 200,
    prepare: () => ({
      call: { method: "GET", url: "/api/admin/chain/status" },
      effect: (response) => {
        expect(response.json()).toEqual({
          watcher: "off",
          state: "off",
          reason: "TRON_API_URL is not set: the chain is not watched.",
          lastSuccessAt: null,
          cursorAt: null,
          lastErrorAt: null,
          lastError: null,
          apiBlock: null,
          lastPollRefused: null,
          lastPollComplete: null,
        });
      },
    }),
  },
  {
    route: "POST /api/admin/chain/transfers/:id/assign",
    status: 200,
    prepare: async () => {
      // A transfer of exactly the request's amount to pay, stored as the chain watcher would store it.
      const deposit = await pendingDeposit(owner);
      const [transfer] = await t.db
        .insert(chainTransfers)
        .values({
          txid: randomBytes(32).toString("hex"),
          fromAddress: tronAddress(),
          toAddress: t.config.depositAddress,
          contractAddress: t.config.depositAddress,
          amountMicro: parseUsdt(deposit.payAmount ?? ""),
          blockTime: new Date(),
        })
        .returning({ id: chainTransfers.id });
      return {
        call: {
          method: "POST",
          url: `/api/admin/chain/transfers/${transfer?.id}/assign`,
          json: { transactionId: deposit.id, reason: "Support matched it by hand" },
        },
        effect: async (response) => {
          expect(response.json()).toMatchObject({ id: deposit.id, status: "pending", chain: { state: "confirmed" } });
          expect(await transactionRow(deposit.id)).toMatchObject({ chainTransferId: transfer?.id, status: "pending" });
        },
      };
    },
  },
  {
    route: "GET /api/admin/second-approvals",
    status: 200,
    prepare: () => ({
      call: { method: "GET", url: "/api/admin/second-approvals" },
      effect: async (response) => {
        const awaiting = (await snapshot()).secondApprovals.filter((row) => row.status === "awaiting").length;
        expect(response.json()).toMatchObject({ ...pageShape, pageSize: 20, total: awaiting });
      },
    }),
  },
  {
    route: "POST /api/admin/second-approvals/:id/confirm",
    status: 200,
    prepare: async () => {
      const { id, userId } = await awaitingAdjustment();
      return {
        call: { method: "POST", url: `/api/admin/second-approvals/${id}/confirm` },
        effect: async (response) => {
          expect(response.json()).toMatchObject({
            secondApproval: { id, status: "confirmed" },
            transaction: { userId, status: "completed" },
          });
          const [row] = await t.db.select({ balance: profiles.balanceMinor }).from(profiles).where(eq(profiles.id, userId));
          expect(row?.balance).toBe(2_500_000n);
        },
      };
    },
  },
  {
    route: "POST /api/admin/second-approvals/:id/decline",
    status: 200,
    prepare: async () => {
      const { id, userId } = await awaitingAdjustment();
      return {
        call: { method: "POST", url: `/api/admin/second-approvals/${id}/decline`, json: { reason: "Not agreed" } },
        effect: async (response) => {
          expect(response.json()).toMatchObject({ secondApproval: { id, status: "declined", declineReason: "Not agreed" } });
          const [row] = await t.db.select({ balance: profiles.balanceMinor }).from(profiles).where(eq(profiles.id, userId));
          expect(row?.balance).toBe(0n);
        },
      };
    },
  },
  {
    route: "GET /api/admin/sims",
    status: 200,
    prepare: () => ({
      call: { method: "GET", url: "/api/admin/sims" },
      effect: async (response) => {
        expect(response.json()).toMatchObject({ ...pageShape, pageSize: 10, total: (await snapshot()).sims.length });
      },
    }),
  },
  {
    route: "PATCH /api/admin/sims/:id",
    status: 200,
    prepare: async () => {
      const simId = await pendingSim(owner);
      return {
        call: { method: "PATCH", url: `/api/admin/sims/${simId}`, json: { status: "active" } },
        effect: async (response) => {
          expect(response.json()).toEqual({ id: simId, status: "active" });
          const [row] = await t.db.select({ status: sims.status }).from(sims).where(eq(sims.id, simId));
          expect(row?.status).toBe("active");
        },
      };
    },
  },
  {
    route: "DELETE /api/admin/sims/:id",
    status: 204,
    prepare: async () => {
      const simId = await pendingSim(owner);
      return {
        call: { method: "DELETE", url: `/api/admin/sims/${simId}` },
        effect: async (response) => {
          expect(response.body).toBe("");
          expect(await t.db.select().from(sims).where(eq(sims.id, simId))).toEqual([]);
        },
      };
    },
  },
  {
    route: "GET /api/admin/verifications",
    status: 200,
    prepare: async () => {
      await pendingVerification(["front", "back"]);
      return {
        call: { method: "GET", url: "/api/admin/verifications" },
        effect: async (response) => {
          // The default list is the complete pending requests: every side of the chosen document uploaded.
          const { verifications: all, verificationDocuments: documents } = await snapshot();
          const uploaded = (v: (typeof all)[number], side: string) =>
            documents.some((d) => d.userId === v.userId && d.documentType === v.documentType && d.side === side);
          const pending = all.filter((v) => v.status === "pending" && sidesOf(v.documentType).every((side) => uploaded(v, side))).length;
          expect(pending).toBeGreaterThan(0);
          expect(response.json()).toMatchObject({ ...pageShape, pageSize: 10, total: pending });
        },
      };
    },
  },
  {
    route: "POST /api/admin/verifications/:id/approve",
    status: 200,
    prepare: async () => {
      const verification = await pendingVerification(["front", "back"]);
      return {
        call: { method: "POST", url: `/api/admin/verifications/${verification.id}/approve` },
        effect: async (response) => {
          expect(response.json()).toEqual({ id: verification.id, status: "approved" });
          const [row] = await t.db.select().from(verifications).where(eq(verifications.id, verification.id));
          expect(row).toMatchObject({ status: "approved", reviewedBy: admin.userId });
        },
      };
    },
  },
  {
    route: "POST /api/admin/verifications/:id/reject",
    status: 200,
    prepare: async () => {
      const verification = await pendingVerification();
      return {
        call: { method: "POST", url: `/api/admin/verifications/${verification.id}/reject`, json: { reason: "Photo is blurred" } },
        effect: async (response) => {
          expect(response.json()).toEqual({ id: verification.id, status: "rejected" });
          const [row] = await t.db.select().from(verifications).where(eq(verifications.id, verification.id));
          expect(row).toMatchObject({ status: "rejected", reviewedBy: admin.userId });
        },
      };
    },
  },
  {
    route: "GET /api/admin/verifications/:userId/documents",
    status: 200,
    prepare: async () => {
      const verification = await pendingVerification();
      return {
        call: { method: "GET", url: `/api/admin/verifications/${verification.userId}/documents` },
        effect: (response) => {
          expect(response.json()).toMatchObject({
            id: verification.id,
            status: "pending",
            documents: [{ documentType: "national_id", side: "front", url: `/api/files/${verification.userId}/national_id_front.png` }],
          });
        },
      };
    },
  },
  {
    route: "GET /api/admin/admins",
    status: 200,
    prepare: () => ({
      call: { method: "GET", url: "/api/admin/admins" },
      effect: async (response) => {
        const items = response.json<{ items: { userId: string; adminRole: string }[] }>().items;
        expect(items).toHaveLength((await snapshot()).adminUsers.length);
        expect(items).toEqual(expect.arrayContaining([expect.objectContaining({ userId: superAdmin.userId, adminRole: "super_admin" })]));
      },
    }),
  },
  {
    route: "POST /api/admin/admins",
    superAdminOnly: true,
    status: 201,
    prepare: () => {
      const email = t.uniqueEmail("new-admin");
      return {
        call: { method: "POST", url: "/api/admin/admins", json: { email, password: goodPassword, adminRole: "admin" } },
        effect: async (response) => {
          const body = response.json<{ userId: string }>();
          expect(body).toEqual({ userId: expect.any(String) as string, email, adminRole: "admin" });
          const [row] = await t.db.select().from(adminUsers).where(eq(adminUsers.userId, body.userId));
          expect(row?.adminRole).toBe("admin");
        },
      };
    },
  },
  {
    route: "POST /api/admin/admins/promote",
    superAdminOnly: true,
    status: 200,
    prepare: async () => {
      const target = await t.signUp();
      return {
        call: { method: "POST", url: "/api/admin/admins/promote", json: { email: target.email, adminRole: "admin" } },
        effect: async (response) => {
          expect(response.json()).toEqual({ userId: target.userId, adminRole: "admin", roleChanged: false });
          const [row] = await t.db.select().from(adminUsers).where(eq(adminUsers.userId, target.userId));
          expect(row?.adminRole).toBe("admin");
        },
      };
    },
  },
  {
    route: "POST /api/admin/admins/:userId/reset-two-factor",
    superAdminOnly: true,
    status: 200,
    prepare: async () => {
      const target = await signUpAdmin(t);
      return {
        call: { method: "POST", url: `/api/admin/admins/${target.userId}/reset-two-factor` },
        effect: async (response) => {
          expect(response.json()).toEqual({ userId: target.userId, twoFactorEnabled: false });
          const [row] = await t.db.select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.id, target.userId));
          expect(row?.enabled).toBe(false);
          // Their sessions ended with it.
          expect((await target.browser.get("/api/admin/stats")).statusCode).toBe(401);
        },
      };
    },
  },
  {
    route: "GET /api/admin/audit-log",
    status: 200,
    prepare: () => ({
      call: { method: "GET", url: "/api/admin/audit-log" },
      effect: async (response) => {
        expect(response.json()).toMatchObject({ ...pageShape, pageSize: 20, total: (await snapshot()).auditLog.length });
      },
    }),
  },
  {
    route: "GET /api/admin/contact-messages",
    status: 200,
    prepare: () => ({
      call: { method: "GET", url: "/api/admin/contact-messages" },
      effect: (response) => {
        expect(response.json()).toMatchObject({
          items: [expect.objectContaining({ name: "Rahim", email: "rahim@example.com", subject: "Sales" })],
          total: 1,
          page: 1,
          pageSize: 20,
        });
      },
    }),
  },
  {
    route: "GET /api/admin/solvency",
    status: 200,
    prepare: () => ({
      call: { method: "GET", url: "/api/admin/solvency" },
      effect: (response) => {
        expect(response.json()).toMatchObject({ liabilitiesBdt: expect.any(String) as string, floats: expect.any(Array) as unknown[] });
      },
    }),
  },
  {
    route: "PUT /api/admin/solvency/floats/:walletType",
    status: 200,
    prepare: () => ({
      call: { method: "PUT", url: "/api/admin/solvency/floats/Nagad", json: { amountBdt: "4321.00", note: "read in the app" } },
      effect: async (response) => {
        expect(response.json()).toMatchObject({ walletType: "Nagad", amountBdt: "4321.00", note: "read in the app" });
        expect((await snapshot()).floatReadings).toEqual([
          expect.objectContaining({ walletType: "Nagad", amountMinor: 432_100n, recordedBy: admin.userId }),
        ]);
      },
    }),
  },
  {
    route: "POST /api/admin/proof-of-reserves/snapshots",
    superAdminOnly: true,
    superAdminRefusal: "Only a super admin can publish a proof.",
    status: 201,
    prepare: () => ({
      call: { method: "POST", url: "/api/admin/proof-of-reserves/snapshots" },
      effect: async (response) => {
        const { snapshotId } = response.json<{ snapshotId: string }>();
        expect((await snapshot()).porSnapshots).toEqual([expect.objectContaining({ id: snapshotId, takenBy: superAdmin.userId })]);
      },
    }),
  },
];

test("the table covers every admin endpoint the server has", async () => {
  const spec = (await t.browser().get("/api/openapi.json")).json<{ paths: Record<string, Record<string, unknown>> }>();
  const served = Object.entries(spec.paths)
    .filter(([path]) => path.startsWith("/api/admin/"))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
    );
  expect(endpoints.map((e) => e.route).sort()).toEqual(served.sort());
});

test("the table covers every admin endpoint of docs/architecture.md, HTTP API", () => {
  expect(endpoints.map((e) => e.route)).toEqual([
    "GET /api/admin/stats",
    "GET /api/admin/users",
    "PATCH /api/admin/users/:id",
    "GET /api/admin/users/:id/profile",
    "PUT /api/admin/users/:id/profile",
    "POST /api/admin/users/:id/unfreeze",
    "POST /api/admin/users/:id/balance-adjustments",
    "GET /api/admin/transactions",
    "GET /api/admin/transactions/:id",
    "POST /api/admin/transactions/:id/approve",
    "POST /api/admin/transactions/:id/reject",
    "GET /api/admin/chain/unclaimed-transfers",
    "GET /api/admin/chain/status",
    "POST /api/admin/chain/transfers/:id/assign",
    "GET /api/admin/second-approvals",
    "POST /api/admin/second-approvals/:id/confirm",
    "POST /api/admin/second-approvals/:id/decline",
    "GET /api/admin/sims",
    "PATCH /api/admin/sims/:id",
    "DELETE /api/admin/sims/:id",
    "GET /api/admin/verifications",
    "POST /api/admin/verifications/:id/approve",
    "POST /api/admin/verifications/:id/reject",
    "GET /api/admin/verifications/:userId/documents",
    "GET /api/admin/admins",
    "POST /api/admin/admins",
    "POST /api/admin/admins/promote",
    "POST /api/admin/admins/:userId/reset-two-factor",
    "GET /api/admin/audit-log",
    "GET /api/admin/contact-messages",
    "GET /api/admin/solvency",
    "PUT /api/admin/solvency/floats/:walletType",
    "POST /api/admin/proof-of-reserves/snapshots",
  ]);
});

describe.each(endpoints)("$route", (endpoint) => {
  let call: Call;
  let effect: Prepared["effect"];
  beforeAll(async () => {
    ({ call, effect } = await endpoint.prepare());
  });

  test("anonymous → 401 UNAUTHENTICATED, and nothing changes", async () => {
    const before = await snapshot();
    const response = await send(t.browser(), call);
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({ code: "UNAUTHENTICATED", message: "You must be signed in." });
    expect(await snapshot()).toEqual(before);
  });

  test("a customer → 403 'Access denied. Admin privileges required.', and nothing changes", async () => {
    const before = await snapshot();
    const response = await send(customer.browser, call);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: "FORBIDDEN", message: "Access denied. Admin privileges required." });
    expect(await snapshot()).toEqual(before);
  });

  test("an admin who has not enrolled two-factor sign-in → 403 TWO_FACTOR_REQUIRED, and nothing changes", async () => {
    const before = await snapshot();
    const response = await send(unenrolledAdmin.browser, call);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: "TWO_FACTOR_REQUIRED", message: "Set up two-factor sign-in to use the back office." });
    expect(await snapshot()).toEqual(before);
  });

  test("a suspended admin (enrolled, still holding a session) → 403 ACCOUNT_SUSPENDED, the session ends, nothing changes", async () => {
    const browser = await signInAdmin(suspendedAdmin);
    const before = await snapshot();
    await setSuspendedInDatabase(suspendedAdmin.userId, true);
    try {
      const response = await send(browser, call);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({ code: "ACCOUNT_SUSPENDED", message: "Your account has been suspended. Please contact support." });
      // The stale session was ended: the same browser is now simply signed out.
      const again = await send(browser, call);
      expect(again.statusCode).toBe(401);
    } finally {
      await setSuspendedInDatabase(suspendedAdmin.userId, false);
    }
    expect(await snapshot()).toEqual(before);
  });

  if (endpoint.superAdminOnly) {
    const refusal = endpoint.superAdminRefusal ?? "Only a super admin can manage admin accounts.";
    test(`an enrolled admin who is not a super_admin → 403 '${refusal}', nothing changes`, async () => {
      const before = await snapshot();
      const response = await send(admin.browser, call);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({ code: "FORBIDDEN", message: refusal });
      expect(await snapshot()).toEqual(before);
    });
  }

  test(`${endpoint.superAdminOnly ? "a super_admin" : "an enrolled admin"} → ${endpoint.status}, and it is done`, async () => {
    const response = await send(endpoint.superAdminOnly ? superAdmin.browser : admin.browser, call);
    expect(response.statusCode, response.body).toBe(endpoint.status);
    await effect(response);
  });
});

test("a super_admin may use every other admin endpoint too", async () => {
  for (const url of ["/api/admin/stats", "/api/admin/users", "/api/admin/transactions", "/api/admin/audit-log", "/api/admin/admins"]) {
    expect((await superAdmin.browser.get(url)).statusCode).toBe(200);
  }
  const deposit = await pendingDeposit(owner);
  const approved = await superAdmin.browser.post(`/api/admin/transactions/${deposit.id}/approve`);
  expect(approved.statusCode).toBe(200);
  expect(await transactionRow(deposit.id)).toMatchObject({ status: "completed", processedBy: superAdmin.userId });
});

test("a customer's approval of their own deposit leaves it pending: no ledger entry, no balance, no audit entry", async () => {
  const deposit = await pendingDeposit(customer);
  const before = await snapshot();
  for (const path of [`/api/admin/transactions/${deposit.id}/approve`, `/api/admin/transactions/${deposit.id}/reject`]) {
    expect((await customer.browser.post(path)).statusCode).toBe(403);
  }
  const adjust = await customer.browser.post(`/api/admin/users/${customer.userId}/balance-adjustments`, {
    direction: "add",
    amount: "5000",
  });
  expect(adjust.statusCode).toBe(403);
  expect(await transactionRow(deposit.id)).toMatchObject({ status: "pending", processedAt: null, processedBy: null });
  expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, customer.userId))).toEqual([]);
  const [profile] = await t.db.select({ balance: profiles.balanceMinor }).from(profiles).where(eq(profiles.id, customer.userId));
  expect(profile?.balance).toBe(0n);
  expect(await snapshot()).toEqual(before);
});

test("a foreign site's Origin is refused on a state-changing admin request, even for an enrolled admin", async () => {
  const deposit = await pendingDeposit(owner);
  const before = await snapshot();
  const response = await admin.browser.post(`/api/admin/transactions/${deposit.id}/approve`, undefined, { origin: "https://evil.example" });
  expect(response.statusCode).toBe(403);
  expect(await snapshot()).toEqual(before);
});

// ------------------------------------------------------------------ admin accounts (super_admin)

describe("POST /api/admin/admins (create an admin account)", () => {
  const create = (body: unknown) => superAdmin.browser.post("/api/admin/admins", body);

  test("a super_admin creates a super_admin, who is listed and can sign in (and must then enrol two-factor)", async () => {
    const email = t.uniqueEmail("second-super");
    const response = await create({ email: `  ${email.toUpperCase()} `, password: goodPassword, adminRole: "super_admin" });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{ userId: string; email: string; adminRole: string }>();
    expect(created).toEqual({ userId: expect.any(String) as string, email, adminRole: "super_admin" });

    const list = (await superAdmin.browser.get("/api/admin/admins")).json<{
      items: { userId: string; email: string; adminRole: string }[];
    }>();
    expect(list.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ userId: created.userId, email, adminRole: "super_admin" })]),
    );
    const granted = await t.db.select().from(auditLog).where(eq(auditLog.targetId, created.userId));
    expect(granted).toEqual([
      expect.objectContaining({
        action: "admin.created",
        actorId: superAdmin.userId,
        details: expect.objectContaining({ adminRole: "super_admin" }) as unknown,
      }),
    ]);

    const browser = await t.signIn(email, goodPassword);
    const stats = await browser.get("/api/admin/stats");
    expect(stats.statusCode).toBe(403);
    expect(errorOf(stats).code).toBe("TWO_FACTOR_REQUIRED");
  });

  test.each([
    [{ email: "not-an-email", password: goodPassword, adminRole: "admin" }, "email", "Invalid email address"],
    [{ password: goodPassword, adminRole: "admin" }, "email", "Invalid email address"],
    [{ email: "short@example.com", password: "Short-pw-1", adminRole: "admin" }, "password", "Password must be at least 12 characters"],
    [{ email: "short@example.com", password: "Elevenchar1", adminRole: "admin" }, "password", "Password must be at least 12 characters"],
    [{ email: "short@example.com", adminRole: "admin" }, "password", "Password is required"],
    [{ email: "role@example.com", password: goodPassword, adminRole: "owner" }, "adminRole", "Please select a valid admin role"],
    [{ email: "role@example.com", password: goodPassword }, "adminRole", "Please select a valid admin role"],
  ])("%j → 400 on %s: %j, no account created", async (body, field, message) => {
    const before = await snapshot();
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message, fields: { [field]: message } });
    expect(await snapshot()).toEqual(before);
  });

  test("exactly 12 characters are enough", async () => {
    const response = await create({ email: t.uniqueEmail("twelve"), password: "Twelve-char1", adminRole: "admin" });
    expect(response.statusCode, response.body).toBe(201);
  });

  test("a common password → 400 'This password is too common. Choose another.'", async () => {
    const before = await snapshot();
    const response = await create({ email: t.uniqueEmail("common"), password: "Qwerty123456", adminRole: "admin" });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe("This password is too common. Choose another.");
    expect(await snapshot()).toEqual(before);
  });

  test("an e-mail that already has an account (any case) → 409, and that account is untouched", async () => {
    const before = await snapshot();
    for (const email of [customer.email, customer.email.toUpperCase(), admin.email]) {
      const response = await create({ email, password: goodPassword, adminRole: "super_admin" });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toEqual({
        code: "CONFLICT",
        message: "An account with this email already exists",
        fields: { email: "An account with this email already exists" },
      });
    }
    expect(await snapshot()).toEqual(before);
    // The customer can still sign in with their own password, and is still not an admin.
    const browser = await t.signIn(customer.email, customer.password);
    expect((await browser.get("/api/admin/stats")).statusCode).toBe(403);
  });
});

describe("POST /api/admin/admins/promote", () => {
  const promote = (body: unknown) => superAdmin.browser.post("/api/admin/admins/promote", body);
  const roleOf = async (userId: string) =>
    (await t.db.select({ role: adminUsers.adminRole }).from(adminUsers).where(eq(adminUsers.userId, userId)))[0]?.role ?? null;

  test("a customer becomes an admin (the default role), roleChanged false; the e-mail's case does not matter", async () => {
    const person = await t.signUp();
    const response = await promote({ email: ` ${person.email.toUpperCase()} ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ userId: person.userId, adminRole: "admin", roleChanged: false });
    expect(await roleOf(person.userId)).toBe("admin");
    // Promotion ended the session they had; signed in again, promoted but not yet enrolled.
    expect((await person.browser.get("/api/me")).statusCode).toBe(401);
    await t.signIn(person.email, person.password, person.browser);
    expect(errorOf(await person.browser.get("/api/admin/stats")).code).toBe("TWO_FACTOR_REQUIRED");
  });

  test("promoting someone who is already an admin changes their role (roleChanged true), in both directions", async () => {
    const person = await t.signUp();
    expect((await promote({ email: person.email, adminRole: "admin" })).json()).toMatchObject({ roleChanged: false });
    const up = await promote({ email: person.email, adminRole: "super_admin" });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ userId: person.userId, adminRole: "super_admin", roleChanged: true });
    expect(await roleOf(person.userId)).toBe("super_admin");
    const down = await promote({ email: person.email, adminRole: "admin" });
    expect(down.json()).toEqual({ userId: person.userId, adminRole: "admin", roleChanged: true });
    expect(await roleOf(person.userId)).toBe("admin");
    expect(await t.db.select().from(adminUsers).where(eq(adminUsers.userId, person.userId))).toHaveLength(1);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.targetId, person.userId)).orderBy(auditLog.createdAt);
    const granted = (adminRole: string) =>
      expect.objectContaining({
        action: "admin.role_granted",
        actorId: superAdmin.userId,
        details: expect.objectContaining({ adminRole }) as unknown,
      }) as unknown;
    expect(audits).toEqual([granted("admin"), granted("super_admin"), granted("admin")]);
  });

  test("a super admin cannot change their own role (nobody left to manage admins) → 409, nothing changes", async () => {
    const before = await snapshot();
    const response = await promote({ email: superAdmin.email, adminRole: "admin" });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: "CONFLICT", message: "You cannot change your own admin role." });
    expect(await snapshot()).toEqual(before);
    expect(await roleOf(superAdmin.userId)).toBe("super_admin");
  });

  test("an e-mail nobody has → 404 with its message, nothing changes", async () => {
    const before = await snapshot();
    const response = await promote({ email: t.uniqueEmail("nobody"), adminRole: "admin" });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({
      code: "NOT_FOUND",
      message: "User not found with this email. Please ensure they have logged in at least once.",
    });
    expect(await snapshot()).toEqual(before);
  });

  test.each([
    [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
    [{}, "email", "Please enter a valid email address"],
    [{ email: "someone@example.com", adminRole: "root" }, "adminRole", "Please select a valid admin role"],
  ])("%j → 400 on %s: %j", async (body, field, message) => {
    const before = await snapshot();
    const response = await promote(body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message, fields: { [field]: message } });
    expect(await snapshot()).toEqual(before);
  });
});
