import { describe, expect, test } from "vitest";
import { composeDecisionMail } from "./decision-templates.ts";

describe("composeDecisionMail", () => {
  test("a paid withdrawal: amount in BDT, wallet, number and TrxID, greeting and signature", () => {
    const mail = composeDecisionMail(
      "withdraw.completed",
      { amountMinor: "3000000", reference: "Nagad:01812345678", payoutReference: "9K3LQ2PA7X", rejectReason: null },
      "Rahim Uddin",
    );
    expect(mail.subject).toBe("Your withdrawal of 30,000.00 BDT has been paid");
    expect(mail.text).toBe(
      [
        "Hello Rahim Uddin,",
        "We have paid 30,000.00 BDT to your Nagad wallet 01812345678.",
        "Nagad transaction ID (TrxID): 9K3LQ2PA7X",
        "Sign in to Nexapay to see your balance and transactions.",
        "Nexapay",
      ].join("\n\n") + "\n",
    );
  });

  test("no TrxID, no line for it; a blank reason, no reason line", () => {
    const paid = composeDecisionMail("withdraw.completed", { amountMinor: "50000", reference: "bKash:01712345678" }, "r");
    expect(paid.text).not.toContain("TrxID");
    const rejected = composeDecisionMail("deposit.rejected", { amountMinor: "150000", reference: null, rejectReason: "  " }, "r");
    expect(rejected.text).toContain("Your deposit request of 1,500.00 BDT (deposit) was rejected. Nothing was credited.");
    expect(rejected.text).not.toContain("Reason:");
  });

  test("an admin's reason is escaped in the HTML body, kept as written in the text body", () => {
    const mail = composeDecisionMail(
      "withdraw.rejected",
      { amountMinor: "70000", reference: "Upay:01912345678", rejectReason: `<b>"x" & 'y'</b>` },
      "<i>R</i>",
    );
    expect(mail.text).toContain(`Reason: <b>"x" & 'y'</b>`);
    expect(mail.html).toContain("Reason: &lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;");
    expect(mail.html).toContain("Hello &lt;i&gt;R&lt;/i&gt;,");
    expect(mail.html).not.toContain("<b>");
  });

  test("SIM and verification messages", () => {
    expect(composeDecisionMail("sim.active", { phoneNumber: "01712345678", walletType: "Personal" }, "r").text).toContain(
      "Your SIM 01712345678 (Personal) has been approved and is active.",
    );
    expect(composeDecisionMail("verification.rejected", { rejectReason: "Photo is blurred" }, "r").text).toContain(
      "Reason: Photo is blurred",
    );
  });

  test("an unknown template or missing facts throw (the sender keeps the error and retries later)", () => {
    expect(() => composeDecisionMail("deposit.lost", {}, "r")).toThrow(/unknown mail template/);
    expect(() => composeDecisionMail("deposit.completed", { reference: "x" }, "r")).toThrow(/no amount/);
    expect(() => composeDecisionMail("sim.rejected", {}, "r")).toThrow(/no SIM/);
    expect(() => composeDecisionMail("deposit.completed", { amountMinor: "-5" }, "r")).toThrow();
  });
});
