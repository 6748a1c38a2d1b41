import { useLingui } from "@lingui/react/macro";
import type { UseFormRegisterReturn } from "react-hook-form";
import { PasswordField } from "@/components/ui/password-field.tsx";

type Name = "password" | "confirmPassword";

/**
 * A new password and its confirmation (sign-up, reset password, first admin). The form's schema
 * checks that both match and says so under the confirmation.
 */
export function NewPasswordFields({
  register,
  errors,
  label,
  hint,
  placeholder,
  confirmPlaceholder,
}: {
  register: (name: Name) => UseFormRegisterReturn;
  errors: Partial<Record<Name, { message?: string }>>;
  label?: string;
  hint: string;
  placeholder: string;
  confirmPlaceholder: string;
}) {
  const { t } = useLingui();
  return (
    <>
      <PasswordField
        id="password"
        label={label ?? t`Password`}
        error={errors.password?.message}
        hint={hint}
        autoComplete="new-password"
        placeholder={placeholder}
        {...register("password")}
      />
      <PasswordField
        id="confirmPassword"
        label={t`Confirm password`}
        error={errors.confirmPassword?.message}
        autoComplete="new-password"
        placeholder={confirmPlaceholder}
        {...register("confirmPassword")}
      />
    </>
  );
}
