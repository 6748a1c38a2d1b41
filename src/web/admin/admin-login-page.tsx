import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { messages } from "../../shared/api-error.ts";
import { adminSignInSchema } from "../../shared/auth-schemas.ts";
import { AuthShell } from "@/components/auth-shell.tsx";
import { Button } from "@/components/ui/button.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { PasswordInput } from "@/components/ui/password-input.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { redirectTarget, stateText } from "@/lib/location-state.ts";
import { fetchMe, useAuthActions } from "@/lib/session.ts";

// Spec §2.15, §6, §8.
const signInFailedMessage = "Login failed. Please check your credentials.";
const noUserInformationMessage = "Could not retrieve user information";

/** Admin login (/admin and /admin/login). */
export default function AdminLoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signIn, endServerSession } = useAuthActions();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const form = useForm({ resolver: zodResolver(adminSignInSchema), defaultValues: { email: "", password: "" } });
  const { errors } = form.formState;
  // A message handed over by the admin guard, e.g. 'Access denied. Admin privileges required.'
  const redMessage = refusal ?? stateText(location.state, "message");

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    setRefusal(undefined);
    // Any earlier session in this browser ends first (spec §6).
    await endServerSession().catch(() => undefined);

    try {
      await signIn(values);
    } catch (error) {
      const message = errorMessage(error, signInFailedMessage);
      setRefusal(message);
      toast.error(message);
      setBusy(false);
      return;
    }

    let me;
    try {
      me = await fetchMe();
    } catch {
      me = null;
    }
    if (!me) {
      setRefusal(noUserInformationMessage);
      toast.error(noUserInformationMessage);
      setBusy(false);
      return;
    }
    if (!me.isAdmin) {
      await endServerSession().catch(() => undefined);
      setRefusal(messages.adminRequired);
      toast.error(messages.adminRequired);
      setBusy(false);
      return;
    }
    toast.success("Login successful!");
    void navigate(redirectTarget(location.state, "/admin/dashboard"), { replace: true });
  });

  return (
    <AuthShell
      title="Admin login"
      description="Sign in to the Nexapay back office."
      footer={
        <p>
          First-time setup?{" "}
          <Link to="/make-admin" className="font-medium text-primary hover:underline">
            Create the first admin
          </Link>
        </p>
      }
    >
      <title>Admin login · Nexapay</title>
      {redMessage ? (
        <Notice tone="error" className="mb-5">
          {redMessage}
        </Notice>
      ) : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset disabled={busy} className="grid gap-5">
          <FormField id="email" label="Email" error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="email"
              placeholder="admin@example.com"
              {...controlProps("email", errors.email?.message)}
              {...form.register("email")}
            />
          </FormField>
          <FormField id="password" label="Password" error={errors.password?.message}>
            <PasswordInput
              autoComplete="current-password"
              placeholder="Enter your password"
              {...controlProps("password", errors.password?.message)}
              {...form.register("password")}
            />
          </FormField>
          <Button type="submit" className="w-full">
            {busy ? "Signing in..." : "Sign in"}
          </Button>
        </fieldset>
      </form>
    </AuthShell>
  );
}
