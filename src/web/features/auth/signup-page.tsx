import { zodResolver } from "@hookform/resolvers/zod";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "@/lib/toast.tsx";
import { signUpFormSchema, type SignUpForm } from "#shared/auth-schemas.ts";
import { EmailField } from "@/components/sign-in-fields.tsx";
import { NewPasswordFields } from "@/components/new-password-fields.tsx";
import { AuthShell } from "@/components/auth-shell.tsx";
import { CountryCombobox } from "@/features/auth/components/country-combobox.tsx";
import { Button } from "@/components/ui/button.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { ApiError, errorMessage } from "@/lib/api-client.ts";
import { currentLocale } from "@/lib/i18n.ts";
import { useAuthActions } from "@/lib/session.ts";

// The screen's failure message and fields (docs/product.md, Signing up and signing in).
const signUpFailedMessage = msg`Failed to create account. Please try again.`;
const formFields = ["username", "email", "country", "password", "confirmPassword"] as const satisfies readonly (keyof SignUpForm)[];

/** Sign up (/signup). */
export default function SignupPage() {
  const { t } = useLingui();
  const { form, busy, onSubmit } = useSignupForm();
  const { errors } = form.formState;

  return (
    <AuthShell
      title={t`Create your account`}
      description={t`Deposit USDT, withdraw BDT to bKash, Nagad or Upay.`}
      footer={
        <p>
          <Trans>
            Already have an account?{" "}
            <Link to="/login" className="font-medium text-primary hover:underline">
              Sign in
            </Link>
          </Trans>
        </p>
      }
    >
      <title>{t`Sign up · Nexapay`}</title>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset disabled={busy} className="grid gap-5">
          <FormField id="username" label={t`Username`} error={errors.username?.message}>
            <Input
              autoComplete="username"
              placeholder={t`Choose a username`}
              {...controlProps("username", errors.username?.message)}
              {...form.register("username")}
            />
          </FormField>
          <EmailField register={form.register} errors={errors} />
          <FormField id="country" label={t`Country`} error={errors.country?.message}>
            <Controller
              control={form.control}
              name="country"
              render={({ field }) => (
                <CountryCombobox
                  id="country"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={busy}
                  invalid={Boolean(errors.country)}
                  describedBy={errors.country ? "country-error" : undefined}
                />
              )}
            />
          </FormField>
          <NewPasswordFields
            register={form.register}
            errors={errors}
            hint={t`At least 8 characters.`}
            placeholder={t`Create a password`}
            confirmPlaceholder={t`Repeat your password`}
          />
          <Button type="submit" className="w-full">
            {busy ? t`Signing up...` : t`Sign up`}
          </Button>
        </fieldset>
      </form>
    </AuthShell>
  );
}

/** The sign-up form: the schema's checks, the server's refusals beside their fields, then the dashboard. */
function useSignupForm() {
  const navigate = useNavigate();
  const { signUp } = useAuthActions();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { username: "", email: "", country: "", password: "", confirmPassword: "" },
  });

  const onSubmit = form.handleSubmit(async ({ username, email, country, password }) => {
    setBusy(true);
    try {
      // The language the form is shown in becomes the account's language (its e-mails speak it).
      const body = { username, email, country, password, language: currentLocale() };
      await signUp(body);
    } catch (error) {
      // The server names the field it refuses (username or e-mail taken, common password).
      if (error instanceof ApiError) {
        for (const field of formFields) {
          const message = error.fields[field];
          if (message) form.setError(field, { type: "server", message });
        }
      }
      toast.error((i18n) => errorMessage(error, i18n._(signUpFailedMessage)));
      setBusy(false);
      return;
    }
    toast.success(msg`Account created successfully!`);
    void navigate("/dashboard", { replace: true });
  });
  return { form, busy, onSubmit };
}
