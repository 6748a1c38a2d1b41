import { describe, expect, test } from "vitest";
import { decisionTemplates } from "../db/schema.ts";
import { composeDecisionMail, isDecisionTemplate } from "./decision-templates.ts";
import { composeResetPasswordMail } from "./reset-password-mail.ts";

const publicUrl = "https://nexapay.example";
const transactionId = "3f2a9c1e-7b4d-4e8a-9c0f-1d2e3f4a5b6c";
/** The outbox row of a transaction's decision, as the sender passes it. */
const paidRow = { eventKey: `transaction.completed:${transactionId}`, publicUrl };
const receipt = `${publicUrl}/transactions/${transactionId}`;

describe("composeDecisionMail", () => {
  test("a paid withdrawal: amount in BDT, wallet, number grouped as the app shows it, TrxID then our reference, the receipt's link", () => {
    const mail = composeDecisionMail(
      "withdraw.completed",
      { amountMinor: "3000000", reference: "Nagad:01812345678", payoutReference: "9K3LQ2PA7X", rejectReason: null },
      "Rahim Uddin",
      "en",
      paidRow,
    );
    expect(mail.subject).toBe("Your withdrawal of 30,000.00 BDT has been paid");
    expect(mail.text).toBe(
      [
        "Hello Rahim Uddin,",
        "We have paid 30,000.00 BDT to your Nagad wallet 01812-345678.",
        "Nagad transaction ID (TrxID): 9K3LQ2PA7X\nReference: 3f2a9c1e",
        "Sign in to Nexapay to see your balance and transactions.",
        `View transaction: ${receipt}`,
        "Nexapay",
      ].join("\n\n") + "\n",
    );
    expect(mail.html).toContain(`<a href="${receipt}" style="display:inline-block;`);
    expect(mail.html).toContain(">View transaction</a>");
    expect(mail.html).toContain("Nagad transaction ID (TrxID): 9K3LQ2PA7X<br>Reference: 3f2a9c1e");
  });

  test("every decision: a viewport, a card that narrows to a phone, a button to its page, the page's address in the text", () => {
    const facts = { amountMinor: "150000", reference: "bKash:01712345678", phoneNumber: "01712345678", walletType: "Personal" };
    const pages: Record<string, string> = {
      "deposit.completed": receipt,
      "deposit.rejected": `${publicUrl}/transactions/${transactionId}`,
      "withdraw.completed": receipt,
      "withdraw.rejected": `${publicUrl}/transactions/${transactionId}`,
      "verification.approved": `${publicUrl}/verification`,
      "verification.rejected": `${publicUrl}/verification`,
      "sim.active": `${publicUrl}/sims`,
      "sim.rejected": `${publicUrl}/sims`,
    };
    const templates = decisionTemplates.filter(isDecisionTemplate);
    expect(templates.toSorted()).toEqual(Object.keys(pages).toSorted());
    for (const template of templates) {
      // Each decision's own event key, as the database functions write it (migration 0014).
      const eventKey = template.startsWith("verification.")
        ? `verification.approved:${transactionId}:1764244320000`
        : template.startsWith("sim.")
          ? `sim.active:${transactionId}:1764244320000`
          : `transaction.rejected:${transactionId}`;
      for (const language of ["en", "bn"] as const) {
        const mail = composeDecisionMail(template, facts, "R", language, { eventKey, publicUrl });
        const page = pages[template]!;
        expect(mail.html, template).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
        expect(mail.html, template).toContain("max-width:560px");
        // No fixed width of a desktop mail (a 600 px table): only the card's largest width.
        expect(mail.html.replace("max-width:560px", ""), template).not.toMatch(/width\s*[:=]\s*"?\d{3,}|<table/);
        expect(mail.html, template).toContain(`<a href="${page}" style="display:inline-block;`);
        expect(mail.text, template).toMatch(new RegExp(`: ${page.replace(/[.?/]/g, "\\$&")}\n\nNexapay\n$`));
        // A transaction's reference is named; a verification or a SIM has none to name.
        if (page === receipt) expect(mail.text, template).toMatch(/(Reference|রেফারেন্স): 3f2a9c1e/);
        else expect(mail.text, template).not.toContain("3f2a9c1e");
        expect(mail.subject, template).not.toContain(transactionId);
      }
    }
  });

  test("without our site's address (a test's sender) no button; without a transaction's event key, no reference", () => {
    const mail = composeDecisionMail("deposit.completed", { amountMinor: "150000", reference: null }, "r", "en", {
      eventKey: `transaction.completed:${transactionId}`,
    });
    expect(mail.text).toContain("Reference: 3f2a9c1e");
    expect(mail.html).not.toContain("<a ");
    const unnamed = composeDecisionMail("deposit.completed", { amountMinor: "150000", reference: null }, "r", "en", {
      eventKey: "transaction.completed:not-an-id",
      publicUrl,
    });
    expect(unnamed.text).not.toContain("Reference:");
    expect(unnamed.text).toContain(`View transaction: ${publicUrl}/transactions\n`);
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
    const sim = composeDecisionMail("sim.active", { phoneNumber: "01712345678", walletType: "Personal" }, "r");
    expect(sim.subject).toBe("Your SIM 01712-345678 has been approved");
    expect(sim.text).toContain("Your SIM 01712-345678 (Personal) has been approved and is active.");
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

  test("a paid withdrawal as the app writes it in Bangla: the amount in lakh and Bengali digits, the number 01712-345678, bKash, TrxID and reference in Latin", () => {
    const mail = composeDecisionMail("withdraw.completed", allFacts, "রহিম উদ্দিন", "bn", paidRow);
    expect(mail.subject).toBe("আপনার ১,২৫,০০০.০০ ৳ উত্তোলন সম্পন্ন হয়েছে");
    expect(mail.text).toBe(
      [
        "প্রিয় রহিম উদ্দিন,",
        "আমরা আপনার bKash ওয়ালেট 01712-345678 নম্বরে ১,২৫,০০০.০০ ৳ পাঠিয়েছি।",
        "bKash লেনদেন আইডি (TrxID): 9K3LQ2PA7X\nরেফারেন্স: 3f2a9c1e",
        "ব্যালেন্স ও লেনদেন দেখতে Nexapay-তে সাইন ইন করুন।",
        `লেনদেন দেখুন: ${receipt}`,
        "Nexapay",
      ].join("\n\n") + "\n",
    );
    expect(mail.html).toContain('<html lang="bn">');
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(mail.html).toContain(`<a href="${receipt}"`);
    expect(mail.html).toContain("01712-345678");
    expect(mail.html).not.toMatch(/[\u09e6-\u09ef]{5}-/); // never "০১৭১২-…"
  });

  test("a SIM's number in Bangla as the app shows it: 01711-223344", () => {
    const mail = composeDecisionMail("sim.active", { phoneNumber: "01711223344", walletType: "Personal" }, "r", "bn", {
      eventKey: `sim.active:${transactionId}:1764244320000`,
      publicUrl,
    });
    expect(mail.subject).toBe("আপনার সিম 01711-223344 অনুমোদিত হয়েছে");
    expect(mail.text).toContain("আপনার সিম 01711-223344 (পার্সোনাল) অনুমোদিত হয়েছে এবং এখন সক্রিয়।");
    expect(mail.text).toContain(`সিম পেজ খুলুন: ${publicUrl}/sims\n`);
  });

  test("every template has Bangla words: no English sentence, no Latin digit outside references", () => {
    // The security alerts have their own words and tests (security-templates.test.ts).
    for (const template of decisionTemplates.filter(isDecisionTemplate)) {
      const english = composeDecisionMail(template, allFacts, "R", "en", paidRow);
      const bangla = composeDecisionMail(template, allFacts, "R", "bn", paidRow);
      expect(bangla.subject).not.toBe(english.subject);
      expect(bangla.subject).toMatch(/[\u0980-\u09ff]/);
      // A deposit shows its request reference as it is (here the facts carry a withdrawal's); phone
      // numbers, references and links are in Latin letters and digits, as in the app.
      const words = bangla.text.replace(/https:\/\/\S+|bKash:01712345678|01712-345678|3f2a9c1e|bKash|Nexapay|TrxID|9K3LQ2PA7X/g, "");
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

  test("a deposit's USDT request in Bangla as the app says it; none, no line for it", () => {
    const withRequest = composeDecisionMail(
      "deposit.completed",
      { amountMinor: "150000", reference: "50.013700 USDT from TKBTfBqELELT4JwJepyXTD18pcAVTpGe74" },
      "r",
      "bn",
    );
    expect(withRequest.text).toContain("অনুরোধ: TKBTfBqELELT4JwJepyXTD18pcAVTpGe74 ঠিকানা থেকে ৫০.০১৩৭ USDT");
    const english = composeDecisionMail("deposit.completed", { amountMinor: "150000", reference: "50.010000 USDT" }, "r");
    expect(english.text).toContain("Request: 50.01 USDT\n");
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
