// Where visitors reach us (spec §1: 'Contact Sales' / 'Contact us on Telegram', the support e-mail).
// These equal the server's defaults for CHAT_URL and SUPPORT_EMAIL (src/server/config.ts); until the
// server exposes its configured values to the browser, the public site uses these.
export const publicChatUrl = "https://t.me/nexapay_support";
export const publicSupportEmail = "support@nexapay.com.bd";
