// The back office's words outside components (helpers and lists of labels): message descriptors
// (msg`…`) translated when they are shown, so a change of language changes them too.
import { i18n, type MessageDescriptor } from "@lingui/core";

/**
 * A descriptor in the shown language. Before any language is activated (the unit tests run the
 * helpers bare), its English source, with `{name}` placeholders filled from its values.
 */
export function translated(descriptor: MessageDescriptor): string {
  if (i18n.locale) return i18n._(descriptor);
  const source = descriptor.message ?? descriptor.id;
  const values = descriptor.values ?? {};
  return source.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
