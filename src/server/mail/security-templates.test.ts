import { describe, expect, test } from "vitest";
import { languages } from "#shared/language.ts";
import { decisionTemplates } from "../db/schema.ts";
import { withoutFreezeToken } from "./outbox-sender.ts";
import { composeSecurityMail, freezeLinkOf, isSecurityTemplate, securityLinkOf } from "./security-templates.ts";

const publicUrl = "https://nexapay.example";
const freezeToken = "q3JxY0T2bQ9rL8wN1vP4sZ7uK6hG5fD2aS0eR9tY1uI";
const link = `${publicUrl}/freeze?token=${freezeToken}`;
const signIn = { freezeToken, device: "Chrome, Windows", ip: "203.0.113.7", at: "2026-11-27T11:52:00.000Z" };
const change = (what: string) => ({ freezeToken, change: what, ip: "203.0.113.7", at: "2026-11-27T11:52:00.000Z" });
const payout = { freezeToken, amountMinor: "150000", reference: "bKash:01712345678" };
const securityPage = `${publicUrl}/profile#security`;
const transactionId = "3f2a9c1e-7b4d-4e8a-9c0f-1d2e3f4a5b6c";
/** A withdrawal's alert's event key, as the withdrawal function writes it (migration 0022). */
const payoutKey = `security.new_payout_number:${transactionId}`;

describe("composeSecurityMail in English", () => {
  test("a new sign-in: device, IP address and the time in Dhaka, then the freeze link and what it does", () => {
    const mail = composeSecurityMail("security.new_sign_in", signIn, "Rahim Uddin", "en", publicUrl);
    expect(mail.subject).toBe("New sign-in to your Nexapay account");
    expect(mail.text).toBe(
      [
        "Hello Rahim Uddin,",
        "Your Nexapay account was just signed in to from a device or network it had not been used from before.",
        "Device: Chrome, Windows\nIP address: 203.0.113.7\nTime: 27 November 2026 at 17:52 (Dhaka time)",
        "If this was you, there is nothing to do.",
        `Review your account security: ${securityPage}`,
        `If this wasn't you, freeze your account now: ${link}`,
        "Freezing signs everyone out, stops withdrawals and sends you a password reset link.",
        "Nexapay",
      ].join("\n\n") + "\n",
    );
    expect(mail.html).toContain(`<a href="${link}" style="color:#b91c1c">${link}</a>`);
    expect(mail.html).toContain(`<a href="${securityPage}" style="display:inline-block;`);
    expect(mail.html).toContain(">Review your account security</a>");
    expect(mail.html).toContain("Device: Chrome, Windows<br>IP address: 203.0.113.7<br>");
  });

  test("password changed or reset; second factor turned on, off or reset", () => {
    const mail = (template: string, what: string) => composeSecurityMail(template, change(what), "R", "en", publicUrl);
    expect(mail("security.password_changed", "password_changed").subject).toBe("Your Nexapay password was changed");
    expect(mail("security.password_changed", "password_changed").text).toContain(
      "The password of your Nexapay account was changed on 27 November 2026 at 17:52 (Dhaka time), from IP address 203.0.113.7.",
    );
    expect(mail("security.password_changed", "password_reset").subject).toBe("Your Nexapay password was reset");
    expect(mail("security.password_changed", "password_reset").text).toContain("was reset with an e-mailed link");
    expect(mail("security.two_factor_changed", "two_factor_enabled").subject).toBe(
      "Two-step verification was turned on for your Nexapay account",
    );
    expect(mail("security.two_factor_changed", "two_factor_disabled").subject).toBe(
      "Two-step verification was turned off for your Nexapay account",
    );
    expect(mail("security.two_factor_changed", "two_factor_reset").text).toContain(
      "Two-step verification (the code from an authenticator app) was reset",
    );
  });

  test("a withdrawal to a new number: amount, wallet and number grouped as the app shows it, the withdrawal's reference", () => {
    const mail = composeSecurityMail("security.new_payout_number", payout, "R", "en", publicUrl, payoutKey);
    expect(mail.subject).toBe("Withdrawal to a new number: 1,500.00 BDT to bKash 01712-345678");
    expect(mail.text).toContain(
      "A withdrawal of 1,500.00 BDT to bKash 01712-345678, a number never paid from your account before, was requested.",
    );
    expect(mail.text).toContain("\n\nReference: 3f2a9c1e\n\n");
    expect(mail.text).toContain(`freeze your account now: ${link}\n`);
    // A sign-in's key names the user, not a transaction: no reference.
    const signInMail = composeSecurityMail(
      "security.new_sign_in",
      signIn,
      "R",
      "en",
      publicUrl,
      `security.new_sign_in:${transactionId}:1:ab`,
    );
    expect(signInMail.text).not.toContain("Reference");
  });

  test("an empty user agent is an unknown device; names are escaped in HTML", () => {
    const mail = composeSecurityMail("security.new_sign_in", { ...signIn, device: "" }, "<i>R</i>", "en", publicUrl);
    expect(mail.text).toContain("Device: unknown\n");
    expect(mail.html).toContain("Hello &lt;i&gt;R&lt;/i&gt;,");
    const odd = composeSecurityMail("security.new_sign_in", { ...signIn, device: `<script>"x"</script>` }, "R", "en", publicUrl);
    expect(odd.html).not.toContain("<script>");
  });

  test("missing or bad facts throw, naming the field and never the token", () => {
    expect(() => composeSecurityMail("security.new_sign_in", { ...signIn, ip: undefined }, "R", "en", publicUrl)).toThrow(/no IP address/);
    expect(() => composeSecurityMail("security.new_payout_number", { freezeToken }, "R", "en", publicUrl)).toThrow(/no amount/);
    expect(() => composeSecurityMail("security.password_changed", { ...change("nonsense") }, "R", "en", publicUrl)).toThrow(/change/);
    expect(() => composeSecurityMail("security.new_sign_in", { ...signIn, freezeToken: undefined }, "R", "en", publicUrl)).toThrow(
      /freezeToken/,
    );
    expect(() => composeSecurityMail("deposit.completed", payout, "R", "en", publicUrl)).toThrow(/unknown security mail template/);
    // A token that is not one of ours (a line break, a quote) is refused, and the error does not repeat it.
    const bad = `${freezeToken}"><script>`;
    let message = "";
    try {
      composeSecurityMail("security.new_sign_in", { ...signIn, freezeToken: bad, device: 5 }, "R", "en", publicUrl);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/bad facts \(freezeToken, device\)/);
    expect(message).not.toContain(freezeToken);
  });
});

describe("composeSecurityMail in Bangla (decision 025)", () => {
  test("a new sign-in: the time in Bengali digits, the IP address and device as they are, the same link", () => {
    const mail = composeSecurityMail("security.new_sign_in", signIn, "রহিম উদ্দিন", "bn", publicUrl);
    expect(mail.subject).toBe("আপনার Nexapay অ্যাকাউন্টে নতুন সাইন ইন");
    expect(mail.text).toContain("ডিভাইস: Chrome, Windows\nআইপি ঠিকানা: 203.0.113.7\nসময়: ২৭ নভেম্বর, ২০২৬ এ ১৭:৫২ (ঢাকা সময়)");
    expect(mail.text).toContain(`এটি আপনি না হলে এখনই আপনার অ্যাকাউন্ট ফ্রিজ করুন: ${link}\n`);
    expect(mail.html).toContain('<html lang="bn">');
  });

  test("a withdrawal to a new number as the app writes it in Bangla: the amount in Bengali digits, the number 01712-345678", () => {
    const mail = composeSecurityMail("security.new_payout_number", payout, "R", "bn", publicUrl, payoutKey);
    expect(mail.subject).toBe("নতুন নম্বরে উত্তোলন: bKash 01712-345678 নম্বরে ১,৫০০.০০ ৳");
    expect(mail.text).toContain("\n\nরেফারেন্স: 3f2a9c1e\n\n");
    expect(mail.text).toContain(`অ্যাকাউন্টের নিরাপত্তা দেখুন: ${securityPage}\n`);
  });

  test("every security template in every language: its own words, no English sentence in Bangla, the link in both bodies", () => {
    const facts = { ...signIn, ...payout, change: "two_factor_enabled" };
    const security = decisionTemplates.filter(isSecurityTemplate);
    expect(security).toHaveLength(4);
    for (const template of security) {
      for (const language of languages) {
        const mail = composeSecurityMail(template, facts, "R", language, publicUrl, payoutKey);
        expect(mail.text, `${template} ${language}`).toContain(link);
        expect(mail.html, `${template} ${language}`).toContain(`href="${link}"`);
        // The button to Profile's Security section, and a body that fits a phone.
        expect(mail.text, `${template} ${language}`).toContain(`: ${securityPage}\n`);
        expect(mail.html, `${template} ${language}`).toContain(`<a href="${securityPage}" style="display:inline-block;`);
        expect(mail.html, `${template} ${language}`).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
        expect(mail.html.replace("max-width:560px", ""), `${template} ${language}`).not.toMatch(/width\s*[:=]\s*"?\d{3,}|<table/);
        // The subject is logged (mailer.ts): never the token, nor anything else secret.
        expect(mail.subject, `${template} ${language}`).not.toContain(freezeToken);
      }
      const english = composeSecurityMail(template, facts, "R", "en", publicUrl, payoutKey);
      const bangla = composeSecurityMail(template, facts, "R", "bn", publicUrl, payoutKey);
      expect(bangla.subject).not.toBe(english.subject);
      const words = bangla.text
        .replace(link, "")
        .replace(securityPage, "")
        .replace(/Nexapay|bKash|01712-345678|3f2a9c1e|Chrome, Windows|203\.0\.113\.7/g, "");
      expect(words, template).not.toMatch(/[A-Za-z]{2,}|[0-9]/);
    }
  });

  test("the link carries the token URL-encoded; the button leads to Profile's Security section", () => {
    expect(freezeLinkOf(publicUrl, "a+b/c")).toBe(`${publicUrl}/freeze?token=a%2Bb%2Fc`);
    expect(securityLinkOf(publicUrl)).toBe(securityPage);
  });
});

describe("the freeze token in logs", () => {
  test("an error that quotes the token, raw or URL-encoded, loses it before it is logged or kept", () => {
    const token = "ab+cd/ef_GH-ij0123456789";
    const message = `SMTP 550: message refused: ${publicUrl}/freeze?token=${encodeURIComponent(token)} and ${token}`;
    const cleaned = withoutFreezeToken(message, { freezeToken: token });
    expect(cleaned).not.toContain(token);
    expect(cleaned).not.toContain(encodeURIComponent(token));
    expect(cleaned).toContain("[redacted]");
    expect(withoutFreezeToken("plain", { amountMinor: "1" })).toBe("plain");
    expect(withoutFreezeToken("plain", null)).toBe("plain");
  });
});
