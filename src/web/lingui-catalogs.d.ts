// A `.po` catalog imported by the app is compiled by the Lingui Vite plugin (vite.config.ts) into a
// module with its messages.
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
