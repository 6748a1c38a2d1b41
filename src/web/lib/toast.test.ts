import { setupI18n, type I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import { I18nProvider } from "@lingui/react";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { toastContent } from "./toast.tsx";

const saved = msg`Profile updated successfully`;
// The id msg`Failed to add SIM: ${reason}` gets (the placeholder is named after the variable).
const failedId = generateMessageId("Failed to add SIM: {reason}");

/** An i18n with a Bangla catalog of two messages, in the language given. */
function i18nIn(locale: "en" | "bn"): I18n {
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileMessage);
  i18n.load("bn", { [saved.id]: "প্রোফাইল আপডেট হয়েছে", [failedId]: "সিম যোগ করা যায়নি: {reason}" });
  i18n.load("en", {});
  i18n.activate(locale);
  return i18n;
}

/** What the toast shows, rendered in the given i18n's language. */
function shown(content: ReactNode, i18n: I18n): string {
  return renderToStaticMarkup(createElement(I18nProvider, { i18n }, content));
}

describe("a toast's words", () => {
  it("are rendered in the language shown when they render, not when the toast was made", () => {
    const content = toastContent(saved);
    expect(shown(content, i18nIn("en"))).toBe("Profile updated successfully");
    expect(shown(content, i18nIn("bn"))).toBe("প্রোফাইল আপডেট হয়েছে");
  });

  it("built by a function of i18n (a server's reason inside) follow the language too", () => {
    const content = toastContent((i18n) => {
      const reason = i18n.locale === "bn" ? "ভুল" : "wrong";
      return i18n._(msg`Failed to add SIM: ${reason}`);
    });
    expect(shown(content, i18nIn("en"))).toBe("Failed to add SIM: wrong");
    expect(shown(content, i18nIn("bn"))).toBe("সিম যোগ করা যায়নি: ভুল");
  });

  it("given as plain text stay as given", () => {
    const content = toastContent("Copied");
    expect(shown(content, i18nIn("bn"))).toBe("Copied");
  });
});
