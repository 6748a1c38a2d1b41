import { zodResolver } from "@hookform/resolvers/zod";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, LifeBuoy, ShieldOff, UserPlus, UserRoundCog } from "lucide-react";
import { useId, useState, type ComponentProps, type FormEvent, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast.tsx";
import type { z } from "zod";
import { adminRoles, createAdminSchema } from "#shared/admin-schemas.ts";
import { errorCodes } from "#shared/api-error.ts";
import { adminChangePasswordFormSchema } from "#shared/auth-schemas.ts";
import { adminPasswordLengthMin } from "#shared/password-policy.ts";
import { twoFactorPasswordSchema } from "#shared/two-factor-schemas.ts";
import {
  adminsQuery,
  adminsQueryKey,
  changeAdminPassword,
  createAdmin,
  generateBackupCodes,
  promoteAdmin,
  resetTwoFactor,
  type AdminAccount,
  type AdminRole,
} from "./settings-api.ts";
import { AdminList, CardField, MobileCard, Td, Tr, type Column } from "@/features/admin/components/admin-table.tsx";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog.tsx";
import { CopyButton, RecoveryCodeList } from "@/components/recovery-codes.tsx";
import { SettingsCard, SettingsForm } from "./settings-card.tsx";
import { PageHeader } from "@/components/page-header.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { CardContent } from "@/components/ui/card.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { NativeSelect } from "@/components/ui/native-select.tsx";
import { Notice } from "@/components/ui/notice.tsx";
import { PasswordField } from "@/components/ui/password-field.tsx";
import { ApiError, errorMessage } from "@/lib/api-client.ts";
import { useSession } from "@/lib/session.ts";
import { formatCount } from "@/lib/locale-format.ts";
import { formatShortDate } from "@/features/admin/shell/admin-format.ts";

const roleLabels: Record<AdminRole, MessageDescriptor> = { admin: msg`Admin`, super_admin: msg`Super admin` };

/** The server's words on a failure, else "Unknown error" in the shown language. */
function failureText(error: unknown, i18n: I18n): string {
  return error instanceof ApiError && error.message ? error.shownMessage : i18n._(msg`Unknown error`);
}

// Promote: the same e-mail and role rules as creating an admin.
const promoteFormSchema = createAdminSchema.pick({ email: true, adminRole: true });

const adminColumnLabels = [msg`Email`, msg`Role`, msg`Two-factor`, msg`Added On`];

/** Admin Settings (docs/product.md, Back office › Settings): admin accounts, and the admin's own password. */
export default function AdminSettingsPage() {
  const { t } = useLingui();
  return (
    <>
      <title>{t`Admin settings · Nexapay`}</title>
      <PageHeader title={t`Admin Settings`} description={t`Who can use the back office, and your own password.`} />
      <div className="grid gap-6">
        <AdminUsersCard />
        <ChangePasswordCard />
        <RecoveryCodesCard />
      </div>
    </>
  );
}

type OpenForm = "create" | "promote" | null;

/** The admin accounts, and (for a super admin) creating, promoting and resetting a second factor. */
function AdminUsersCard() {
  const { t } = useLingui();
  const { user } = useSession();
  const isSuperAdmin = user?.adminRole === "super_admin";
  const [openForm, setOpenForm] = useState<OpenForm>(null);
  const [resetting, setResetting] = useState<AdminAccount | null>(null);
  return (
    <SettingsCard
      title={t`Admin users`}
      description={t`Admins run operations; super admins also manage admin accounts.`}
      actions={<AccountFormButtons isSuperAdmin={isSuperAdmin} openForm={openForm} setOpenForm={setOpenForm} />}
    >
      <CardContent className="grid gap-4">
        {isSuperAdmin && openForm === "create" ? <CreateAdminForm onDone={() => setOpenForm(null)} /> : null}
        {isSuperAdmin && openForm === "promote" ? <PromoteForm onDone={() => setOpenForm(null)} /> : null}
        <AdminAccountsList isSuperAdmin={isSuperAdmin} ownUserId={user?.id} onReset={setResetting} />
        <ResetTwoFactorDialog account={resetting} onClose={() => setResetting(null)} />
      </CardContent>
    </SettingsCard>
  );
}

function AccountFormButtons({
  isSuperAdmin,
  openForm,
  setOpenForm,
}: {
  isSuperAdmin: boolean;
  openForm: OpenForm;
  setOpenForm: (change: (open: OpenForm) => OpenForm) => void;
}) {
  const reasonId = useId();
  return (
    <div className="grid gap-2 sm:justify-items-end">
      <div className="flex flex-wrap gap-2">
        <Button
          variant={openForm === "create" ? "default" : "outline"}
          disabled={!isSuperAdmin}
          aria-describedby={isSuperAdmin ? undefined : reasonId}
          aria-expanded={openForm === "create"}
          onClick={() => setOpenForm((open) => (open === "create" ? null : "create"))}
        >
          <UserPlus aria-hidden="true" />
          <Trans>Create New Admin</Trans>
        </Button>
        <Button
          variant={openForm === "promote" ? "default" : "outline"}
          disabled={!isSuperAdmin}
          aria-describedby={isSuperAdmin ? undefined : reasonId}
          aria-expanded={openForm === "promote"}
          onClick={() => setOpenForm((open) => (open === "promote" ? null : "promote"))}
        >
          <UserRoundCog aria-hidden="true" />
          <Trans>Promote Existing User</Trans>
        </Button>
      </div>
      {isSuperAdmin ? null : (
        <p id={reasonId} className="text-sm text-muted-foreground">
          <Trans>Only a super admin can manage admin accounts.</Trans>
        </p>
      )}
    </div>
  );
}

type AccountProps = { account: AdminAccount; ownUserId: string | undefined };

function You({ account, ownUserId }: AccountProps) {
  return account.userId === ownUserId ? (
    <span className="ml-2 text-xs text-muted-foreground">
      <Trans>(you)</Trans>
    </span>
  ) : null;
}

function RoleBadge({ account }: { account: AdminAccount }) {
  const { i18n } = useLingui();
  return <Badge tone={account.adminRole === "super_admin" ? "info" : "neutral"}>{i18n._(roleLabels[account.adminRole])}</Badge>;
}

function TwoFactorBadge({ account }: { account: AdminAccount }) {
  const { t } = useLingui();
  return <Badge tone={account.twoFactorEnabled ? "success" : "warning"}>{account.twoFactorEnabled ? t`Set up` : t`Not set up`}</Badge>;
}

/** A super admin may reset another admin's second factor once it is set up. */
function ResetButton({
  account,
  ownUserId,
  isSuperAdmin,
  onReset,
}: AccountProps & { isSuperAdmin: boolean; onReset: (account: AdminAccount) => void }) {
  return isSuperAdmin && account.twoFactorEnabled && account.userId !== ownUserId ? (
    <Button variant="outline" size="sm" onClick={() => onReset(account)}>
      <ShieldOff aria-hidden="true" />
      <Trans>Reset two-factor</Trans>
    </Button>
  ) : null;
}

// Only a super admin has a row action (resetting a second factor); its header is for screen readers.
const actionsColumn: Column = {
  label: (
    <span className="sr-only">
      <Trans>Actions</Trans>
    </span>
  ),
};

function AdminAccountsList({
  isSuperAdmin,
  ownUserId,
  onReset,
}: {
  isSuperAdmin: boolean;
  ownUserId: string | undefined;
  onReset: (account: AdminAccount) => void;
}) {
  const { t, i18n } = useLingui();
  const admins = useQuery(adminsQuery);
  const items = admins.data?.items ?? [];
  let message: string | null = null;
  if (admins.isPending) message = t`Loading admin users...`;
  else if (items.length === 0) message = t`No admin users found`;
  const adminColumns: readonly Column[] = adminColumnLabels.map((label) => ({ label: i18n._(label) }));
  if (admins.isError)
    return (
      <Notice tone="error">
        <Trans>Error loading admin users: {errorMessage(admins.error, "")}</Trans>
      </Notice>
    );
  const reset = (account: AdminAccount) => (
    <ResetButton account={account} ownUserId={ownUserId} isSuperAdmin={isSuperAdmin} onReset={onReset} />
  );
  return (
    <AdminList
      caption={t`Admin users`}
      columns={isSuperAdmin ? [...adminColumns, actionsColumn] : adminColumns}
      message={message}
      items={items}
      row={(account) => (
        <Tr>
          <Td>
            {account.email}
            <You account={account} ownUserId={ownUserId} />
          </Td>
          <Td>
            <RoleBadge account={account} />
          </Td>
          <Td>
            <TwoFactorBadge account={account} />
          </Td>
          <Td className="whitespace-nowrap">{formatShortDate(account.createdAt)}</Td>
          {isSuperAdmin ? <Td>{reset(account)}</Td> : null}
        </Tr>
      )}
      card={(account) => (
        <MobileCard
          title={
            <span className="break-all">
              {account.email}
              <You account={account} ownUserId={ownUserId} />
            </span>
          }
          aside={<RoleBadge account={account} />}
          actions={reset(account)}
        >
          <CardField label={t`Two-factor`}>
            <TwoFactorBadge account={account} />
          </CardField>
          <CardField label={t`Added On`}>{formatShortDate(account.createdAt)}</CardField>
        </MobileCard>
      )}
    />
  );
}

/** A super admin resets the second factor of an admin who lost their authenticator app (decision 006). */
function ResetTwoFactorDialog({ account, onClose }: { account: AdminAccount | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const email = account?.email;
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: () => {
      toast.success(t`Two-factor sign-in reset. They will set up their authenticator app again at their next sign-in.`);
      void queryClient.invalidateQueries({ queryKey: adminsQueryKey });
      onClose();
    },
    onError: (error) => {
      toast.error(t`Failed to reset two-factor sign-in: ${failureText(error, i18n)}`);
      void queryClient.invalidateQueries({ queryKey: adminsQueryKey });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={account !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Reset two-factor sign-in?`}
      description={
        <>
          <Trans>
            <strong>{email}</strong> will be signed out everywhere, and must set up an authenticator app again at their next sign-in. Do
            this only when you have confirmed who is asking.
          </Trans>
        </>
      }
      confirmLabel={t`Reset two-factor`}
      busy={reset.isPending}
      onConfirm={() => account && reset.mutate(account.userId)}
    />
  );
}

/**
 * A form that opens inside the Admin users card: its fields in three columns, disabled while it is being sent, then
 * the submit button and Cancel (`onDone`, which closes it). `buttonsClassName` places the buttons in the grid.
 */
function InlineForm({
  title,
  busy,
  submitLabel,
  buttonsClassName,
  onSubmit,
  onDone,
  children,
}: {
  title: string;
  busy: boolean;
  submitLabel: string;
  buttonsClassName: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onDone: () => void;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="animate-fade-in rounded-lg border border-emerald-200 bg-emerald-50/40 p-4">
      <h3 className="mb-4 text-base font-semibold">{title}</h3>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset disabled={busy} className="grid gap-4 md:grid-cols-3">
          {children}
          <div className={buttonsClassName}>
            <Button type="submit">{submitLabel}</Button>
            <Button variant="outline" onClick={onDone}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}

function RoleSelect({ id, error, ...props }: { id: string; error: string | undefined } & ComponentProps<"select">) {
  const { i18n } = useLingui();
  return (
    <NativeSelect {...controlProps(id, error)} {...props}>
      {adminRoles.map((role) => (
        <option key={role} value={role}>
          {i18n._(roleLabels[role])}
        </option>
      ))}
    </NativeSelect>
  );
}

function CreateAdminForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof createAdminSchema>, unknown, z.output<typeof createAdminSchema>>({
    resolver: zodResolver(createAdminSchema),
    defaultValues: { email: "", password: "", adminRole: "admin" },
  });
  const { errors } = form.formState;

  const create = useMutation({
    mutationFn: (body: z.output<typeof createAdminSchema>) => createAdmin(body),
    onSuccess: () => {
      toast.success(t`Admin user added successfully!`);
      void queryClient.invalidateQueries({ queryKey: adminsQueryKey });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        for (const field of ["email", "password", "adminRole"] as const) {
          const message = error.fields[field];
          if (message) form.setError(field, { type: "server", message });
        }
      }
      toast.error(t`Failed to add admin: ${failureText(error, i18n)}`);
    },
  });

  const onSubmit = form.handleSubmit((values) => create.mutate(values));
  return (
    <InlineForm
      title={t`Create New Admin`}
      busy={create.isPending}
      submitLabel={create.isPending ? t`Creating...` : t`Create Admin`}
      // Below the three fields, on a row of their own.
      buttonsClassName="flex flex-wrap gap-2 md:col-span-3"
      onSubmit={onSubmit}
      onDone={onDone}
    >
      <FormField id="create-email" label={t`Email`} error={errors.email?.message}>
        <Input type="email" autoComplete="off" {...controlProps("create-email", errors.email?.message)} {...form.register("email")} />
      </FormField>
      <PasswordField
        id="create-password"
        label={t`Password`}
        error={errors.password?.message}
        hint={t`At least ${formatCount(adminPasswordLengthMin)} characters.`}
        autoComplete="new-password"
        {...form.register("password")}
      />
      <FormField id="create-role" label={t`Role`} error={errors.adminRole?.message}>
        <RoleSelect id="create-role" error={errors.adminRole?.message} {...form.register("adminRole")} />
      </FormField>
    </InlineForm>
  );
}

function PromoteForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof promoteFormSchema>, unknown, z.output<typeof promoteFormSchema>>({
    resolver: zodResolver(promoteFormSchema),
    defaultValues: { email: "", adminRole: "admin" },
  });
  const { errors } = form.formState;

  const promote = useMutation({
    mutationFn: (body: z.output<typeof promoteFormSchema>) => promoteAdmin(body),
    onSuccess: (answer) => {
      toast.success(answer.roleChanged ? t`Admin role updated successfully` : t`User promoted to admin successfully!`);
      void queryClient.invalidateQueries({ queryKey: adminsQueryKey });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 404 || error.code === errorCodes.notFound)) toast.error(error.message);
      else if (error instanceof ApiError && error.status === 403) toast.error(error.message);
      else toast.error(t`Failed to promote user. Please try again.`);
    },
  });

  const onSubmit = form.handleSubmit((values) => promote.mutate(values));
  return (
    <InlineForm
      title={t`Promote Existing User`}
      busy={promote.isPending}
      submitLabel={promote.isPending ? t`Promoting...` : t`Promote User`}
      // The third column, level with the bottom of the two fields.
      buttonsClassName="flex flex-wrap items-end gap-2"
      onSubmit={onSubmit}
      onDone={onDone}
    >
      <FormField id="promote-email" label={t`Email`} error={errors.email?.message} hint={t`The user must already have an account.`}>
        <Input type="email" autoComplete="off" {...controlProps("promote-email", errors.email?.message)} {...form.register("email")} />
      </FormField>
      <FormField id="promote-role" label={t`Role`} error={errors.adminRole?.message}>
        <RoleSelect id="promote-role" error={errors.adminRole?.message} {...form.register("adminRole")} />
      </FormField>
    </InlineForm>
  );
}

/** The admin's password form: its fields' errors from the server, and what a change does. */
function useChangePasswordForm(onChanged: () => void) {
  const { t, i18n } = useLingui();
  const form = useForm({
    resolver: zodResolver(adminChangePasswordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const change = useMutation({
    mutationFn: (values: z.output<typeof adminChangePasswordFormSchema>) => changeAdminPassword(values),
    onSuccess: () => {
      toast.success(t`Password updated successfully!`);
      form.reset();
      onChanged();
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        if (error.fields.currentPassword) form.setError("currentPassword", { type: "server", message: error.fields.currentPassword });
        if (error.fields.newPassword) form.setError("newPassword", { type: "server", message: error.fields.newPassword });
      }
      toast.error(t`Failed to change password: ${failureText(error, i18n)}`);
    },
  });
  return { form, change, onSubmit: form.handleSubmit((values) => change.mutate(values)) };
}

function ChangePasswordCard() {
  const { t } = useLingui();
  const minimum = formatCount(adminPasswordLengthMin);
  const [open, setOpen] = useState(false);
  const { form, change, onSubmit } = useChangePasswordForm(() => setOpen(false));
  const { errors } = form.formState;
  return (
    <SettingsCard
      title={t`Change Password`}
      description={t`At least ${minimum} characters. Your other sessions end when you change it.`}
      actions={
        <Button
          variant={open ? "outline" : "default"}
          aria-expanded={open}
          aria-controls="change-password-form"
          onClick={() => {
            setOpen((value) => !value);
            form.reset();
          }}
        >
          <KeyRound aria-hidden="true" />
          {open ? t`Cancel` : t`Change Password`}
        </Button>
      }
    >
      {open ? (
        <CardContent>
          <SettingsForm
            id="change-password-form"
            className="max-w-md"
            busy={change.isPending}
            submitLabel={change.isPending ? t`Updating...` : t`Update Password`}
            onSubmit={onSubmit}
          >
            <PasswordField
              id="currentPassword"
              label={t`Current password`}
              error={errors.currentPassword?.message}
              autoComplete="current-password"
              {...form.register("currentPassword")}
            />
            <PasswordField
              id="newPassword"
              label={t`New password`}
              error={errors.newPassword?.message}
              autoComplete="new-password"
              {...form.register("newPassword")}
            />
            <PasswordField
              id="confirmPassword"
              label={t`Confirm new password`}
              error={errors.confirmPassword?.message}
              autoComplete="new-password"
              {...form.register("confirmPassword")}
            />
          </SettingsForm>
        </CardContent>
      ) : null}
    </SettingsCard>
  );
}

/** New one-time recovery codes for this admin; the old ones stop working. */
function RecoveryCodesCard() {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({ resolver: zodResolver(twoFactorPasswordSchema), defaultValues: { password: "" } });
  const { errors } = form.formState;

  const generate = useMutation({
    mutationFn: (values: z.output<typeof twoFactorPasswordSchema>) => generateBackupCodes(values),
    onSuccess: (answer) => {
      setCodes(answer.backupCodes);
      form.reset();
      toast.success(t`New recovery codes are ready. The old ones no longer work.`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.password) form.setError("password", { type: "server", message: error.fields.password });
      toast.error(t`Failed to generate recovery codes: ${failureText(error, i18n)}`);
    },
  });

  const onSubmit = form.handleSubmit((values) => generate.mutate(values));
  const toggle = () => {
    setOpen((value) => !value);
    setCodes(null);
    form.reset();
  };
  return (
    <SettingsCard
      title={t`Recovery codes`}
      description={t`Each code signs you in once without your authenticator app. New codes replace all the old ones.`}
      actions={
        <Button variant="outline" aria-expanded={open} aria-controls="recovery-codes" onClick={toggle}>
          <LifeBuoy aria-hidden="true" />
          {open ? (codes ? t`Done` : t`Cancel`) : t`New recovery codes`}
        </Button>
      }
    >
      {open ? (
        <CardContent id="recovery-codes" className="grid max-w-md gap-4">
          {codes ? (
            <>
              <Notice tone="success">
                <Trans>Save these codes now, somewhere safe such as a password manager. They are shown only once.</Trans>
              </Notice>
              <RecoveryCodeList codes={codes} />
              <div>
                <CopyButton text={codes.join("\n")} label={t`Copy codes`} />
              </div>
            </>
          ) : (
            <SettingsForm
              busy={generate.isPending}
              submitLabel={generate.isPending ? t`Generating...` : t`Generate new codes`}
              onSubmit={onSubmit}
            >
              <PasswordField
                id="recovery-password"
                label={t`Your password`}
                error={errors.password?.message}
                autoComplete="current-password"
                {...form.register("password")}
              />
            </SettingsForm>
          )}
        </CardContent>
      ) : null}
    </SettingsCard>
  );
}
