import type { ComponentProps } from "react";
import { controlProps, FormField } from "./form-field.tsx";
import { PasswordInput } from "./password-input.tsx";

type FieldProps = Omit<ComponentProps<typeof FormField>, "children">;
type InputProps = Omit<ComponentProps<typeof PasswordInput>, "id" | "className">;

/** A labelled password input with its hint and error message, tied together for screen readers. */
export function PasswordField({ id, label, error, hint, labelAside, className, ...inputProps }: FieldProps & InputProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} labelAside={labelAside} className={className}>
      <PasswordInput {...controlProps(id, error)} {...inputProps} />
    </FormField>
  );
}
