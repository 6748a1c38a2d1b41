import { describe, expect, test } from "vitest";
import { decisionTemplates } from "../db/schema.ts";
import { composeDecisionMail, isDecisionTemplate } from "./decision-templates.ts";
import { composeResetPasswordMail } from "./reset-password-mail.ts";

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
    // A security alert is not a decision: its words are in security-templates.ts.
    expect(() => composeDecisionMail("security.new_sign_in", {}, "r")).toThrow(/unknown mail template/);
    expect(() => composeDecisionMail("deposit.completed", { reference: "x" }, "r")).toThrow(/no amount/);
    expect(() => composeDecisionMail("sim.rejected", {}, "r")).toThrow(/no SIM/);
    expect(() => composeDecisionMail("deposit.completed", { amountMinor: "-5" }, "r")).toThrow();
  });
});

describe("composeDecisionMail in Bangla (decision 025)", () => {
  const allFacts = {
    amountMinor: "12500000",
    reference: "bKash:01712345678",
    payoutReference: "9K3LQ2PA7X",
    rejectReason: "Document expired",
    phoneNumber: "01712345678",
    walletType: "Personal",
  };

  test("a paid withdrawal: amount in lakh and Bengali digits, the number in Bengali digits, bKash and TrxID in Latin", () => {
    const mail = composeDecisionMail("withdraw.completed", allFacts, "রহিম উদ্দিন", "bn");
    expect(mail.subject).toBe("আপনার ১,২৫,০০০.০০ ৳ উত্তোলন সম্পন্ন হয়েছে");
    expect(mail.text).toBe(
      [
        "প্রিয় রহিম উদ্দিন,",
        "আমরা আপনার bKash ওয়ালেট ০১৭১২৩৪৫৬৭৮ নম্বরে ১,২৫,০০০.০০ ৳ পাঠিয়েছি।",
        "bKash লেনদেন আইডি (TrxID): 9K3LQ2PA7X",
        "ব্যালেন্স ও লেনদেন দেখতে Nexapay-তে সাইন ইন করুন।",
        "Nexapay",
      ].join("\n\n") + "\n",
    );
    expect(mail.html).toContain('<html lang="bn">');
  });

  test("every template has Bangla words: no English sentence, no Latin digit outside references", () => {
    // The security alerts have their own words and tests (security-templates.test.ts).
    for (const template of decisionTemplates.filter(isDecisionTemplate)) {
      const english = composeDecisionMail(template, allFacts, "R");
      const bangla = composeDecisionMail(template, allFacts, "R", "bn");
      expect(bangla.subject).not.toBe(english.subject);
      expect(bangla.subject).toMatch(/[\u0980-\u09ff]/);
      // A deposit shows its request reference as it is (here the facts carry a withdrawal's).
      const words = bangla.text.replace(/bKash:01712345678|bKash|Nexapay|TrxID|9K3LQ2PA7X/g, "");
      expect(words, template).not.toMatch(/[A-Za-z]{2,}|[0-9]/);
    }
  });

  test("the back office's ready-made reasons are in Bangla; a typed one stays as typed, escaped in HTML", () => {
    expect(composeDecisionMail("verification.rejected", { rejectReason: "Photo is blurred" }, "r", "bn").text).toContain("কারণ: ছবি ঝাপসা");
    const typed = composeDecisionMail(
      "withdraw.rejected",
      { amountMinor: "70000", reference: "Upay:01912345678", rejectReason: "<b>x</b>" },
      "r",
      "bn",
    );
    expect(typed.text).toContain("কারণ: <b>x</b>");
    expect(typed.html).toContain("কারণ: &lt;b&gt;x&lt;/b&gt;");
  });

  test("a deposit's USDT request in Bangla; none, no line for it", () => {
    const withRequest = composeDecisionMail(
      "deposit.completed",
      { amountMinor: "150000", reference: "12.5 USDT from TKBTfBqELELT4JwJepyXTD18pcAVTpGe74" },
      "r",
      "bn",
    );
    expect(withRequest.text).toContain("অনুরোধ: ১২.৫ USDT, TKBTfBqELELT4JwJepyXTD18pcAVTpGe74 ঠিকানা থেকে");
    const without = composeDecisionMail("deposit.rejected", { amountMinor: "150000", reference: null }, "r", "bn");
    expect(without.text).toContain("আপনার ১,৫০০.০০ ৳ জমার অনুরোধ প্রত্যাখ্যাত হয়েছে।");
    expect(without.text).not.toContain("অনুরোধ:");
  });

  test("missing facts throw in Bangla too", () => {
    expect(() => composeDecisionMail("deposit.completed", { reference: "x" }, "r", "bn")).toThrow(/no amount/);
    expect(() => composeDecisionMail("sim.rejected", {}, "r", "bn")).toThrow(/no SIM/);
  });
});

describe("composeResetPasswordMail", () => {
  const link = "http://localhost:3000/reset-password?token=abc";
  test("English as it always was; Bangla with the same link at the end of its line", () => {
    expect(composeResetPasswordMail(link, "en")).toEqual({
      subject: "Reset your Nexapay password",
      text: [
        "Someone asked to reset the password of your Nexapay account.",
        "",
        `Open this link within one hour to choose a new password: ${link}`,
        "",
        "If it was not you, ignore this message: your password stays as it is.",
      ].join("\n"),
    });
    const bangla = composeResetPasswordMail(link, "bn");
    expect(bangla.subject).toBe("আপনার Nexapay পাসওয়ার্ড রিসেট করুন");
    expect(bangla.text).toMatch(new RegExp(`: ${link.replace(/[.?]/g, "\\$&")}$`, "m"));
  });
});
