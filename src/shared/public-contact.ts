// Where visitors reach us ('Contact Sales' / 'Contact us on Telegram', the support e-mail).
// The server's CHAT_URL and SUPPORT_EMAIL (src/server/config.ts) decide; GET /api/public-config
// answers them. These defaults equal the server's and are shown until that answer arrives.
export const publicChatUrl = "https://t.me/nexapay_support";
export const publicSupportEmail = "support@nexapay.com.bd";

/** GET /api/public-config */
export type PublicConfig = { supportEmail: string; chatUrl: string };
