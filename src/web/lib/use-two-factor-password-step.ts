import { zodResolver } from "@hookform/resolvers/zod";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { twoFactorPasswordSchema } from "#shared/two-factor-schemas.ts";
import { ApiError, errorMessage } from "@/lib/api-client.ts";

/**
 * The first step of turning on an authenticator app, for an admin and a customer alike: the
 * password again, before the server makes the secret. A wrong password is shown on its field; any
 * other failure too, in the words of the server or "Could not start the setup.".
 */
export function useTwoFactorPasswordStep<Enrolment>(
  enable: (password: string) => Promise<Enrolment>,
  onEnabled: (enrolment: Enrolment) => void,
) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const form = useForm({ resolver: zodResolver(twoFactorPasswordSchema), defaultValues: { password: "" } });
  const error = form.formState.errors.password?.message;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setBusy(true);
    try {
      onEnabled(await enable(password));
    } catch (failure) {
      const message =
        failure instanceof ApiError && failure.fields.password
          ? failure.fields.password
          : errorMessage(failure, t`Could not start the setup.`);
      form.setError("password", { type: "server", message });
      setBusy(false);
    }
  });

  return { form, busy, error, onSubmit };
}
