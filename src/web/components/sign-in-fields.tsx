import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Button } from "@/components/ui/button.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { PasswordField } from "@/components/ui/password-field.tsx";

type Errors<Name extends string> = Partial<Record<Name, { message?: string }>>;

/** The e-mail field of the sign-in, sign-up, forgot-password and first-admin forms. */
export function EmailField({
  register,
  errors,
  placeholder,
}: {
  register: (name: "email") => UseFormRegisterReturn;
  errors: Errors<"email">;
  placeholder?: string;
}) {
  const error = errors.email?.message;
  const { t } = useLingui();
  return (
    <FormField id="email" label={t`Email`} error={error}>
      <Input
        type="email"
        autoComplete="email"
        placeholder={placeholder ?? t`Enter your email`}
        {...controlProps("email", error)}
        {...register("email")}
      />
    </FormField>
  );
}

/** E-mail, password and the 'Sign in' button: the customer's and the admin's sign-in forms. */
export function SignInFields({
  register,
  errors,
  busy,
  emailPlaceholder,
  passwordAside,
}: {
  register: (name: "email" | "password") => UseFormRegisterReturn;
  errors: Errors<"email" | "password">;
  busy: boolean;
  emailPlaceholder?: string;
  passwordAside?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      <EmailField register={register} errors={errors} placeholder={emailPlaceholder} />
      <PasswordField
        id="password"
        label={t`Password`}
        error={errors.password?.message}
        labelAside={passwordAside}
        autoComplete="current-password"
        placeholder={t`Enter your password`}
        {...register("password")}
      />
      <Button type="submit" className="w-full">
        {busy ? <Trans>Signing in...</Trans> : <Trans>Sign in</Trans>}
      </Button>
    </>
  );
}
