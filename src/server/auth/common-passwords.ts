// Every new password is refused if it is among the 10,000 most common ones
// (ASVS 5.0 6.2.4, NIST 800-63B). The list ships with the code; the comparison ignores case so that
// "Password1" does not slip past "password1".
import { readFileSync } from "node:fs";

let commonPasswords: Set<string> | undefined;

function load(): Set<string> {
  const text = readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8");
  const lines = text.split("\n").filter((line) => line !== "" && !line.startsWith("# "));
  return new Set(lines.map((line) => line.toLowerCase()));
}

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= load();
  return commonPasswords.has(password.toLowerCase());
}
