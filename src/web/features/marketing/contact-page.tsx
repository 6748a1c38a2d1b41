import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiContext } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { Building2, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import { useSearchParams } from "react-router";
import { toast } from "@/lib/toast.tsx";
import {
  contactMessages,
  contactMessageSchema,
  contactMessageLengthMax,
  contactSubjects,
  contactNameLengthMax,
  contactCompanyLengthMax,
  type ContactSubject,
  defaultContactSubject,
  type ContactMessageCreated,
  type ContactMessageInput,
} from "#shared/contact-schemas.ts";
import { ChatLink, SupportEmailLink } from "@/features/marketing/components/external-link.tsx";
import { Button } from "@/components/ui/button.tsx";
import { controlProps, FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { NativeSelect } from "@/components/ui/native-select.tsx";
import { Textarea } from "@/components/ui/textarea.tsx";
import { ApiError, api, errorMessage } from "@/lib/api-client.ts";
import { numberFormatter } from "@/lib/locale-format.ts";
import { ContentPageShell } from "./components/content-page-shell.tsx";

const offices = [
  { key: "new-york", city: msg`New York`, label: msg`Headquarters`, lines: [msg`Financial District`, msg`New York, NY, United States`] },
  { key: "london", city: msg`London`, label: msg`Europe`, lines: [msg`Shoreditch`, msg`London, United Kingdom`] },
  { key: "singapore", city: msg`Singapore`, label: msg`Asia-Pacific`, lines: [msg`Marina Bay`, msg`Singapore`] },
] as const;

const emptyForm: ContactMessageInput = { name: "", email: "", company: "", subject: defaultContactSubject, message: "" };
const formFields = ["name", "email", "company", "subject", "message"] as const;

// The subjects travel in English (the server and the back office keep them so); these are what the visitor reads.
const subjectLabels: Record<ContactSubject, MessageDescriptor> = {
  "General Inquiry": msg`General Inquiry`,
  Sales: msg`Sales`,
  "Technical Support": msg`Technical Support`,
  Partnership: msg`Partnership`,
  Press: msg`Press`,
};

// The shared schema (also the server's) words its errors in English; the form shows them in the shown
// language. A message not listed here (a new rule, a server answer) is shown as it comes.
const fieldErrors: Record<string, MessageDescriptor> = {
  "Name is required": msg`Name is required`,
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the English key the schema answers; its translation is beside it
  [`Name must be at most ${contactNameLengthMax} characters`]: msg`Name must be at most ${contactNameLengthMax} characters`,
  "Please enter a valid email address": msg`Please enter a valid email address`,
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the English key the schema answers; its translation is beside it
  [`Company must be at most ${contactCompanyLengthMax} characters`]: msg`Company must be at most ${contactCompanyLengthMax} characters`,
  "Subject is required": msg`Subject is required`,
  "Message is required": msg`Message is required`,
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the English key the schema answers; its translation is beside it
  [`Message must be at most ${contactMessageLengthMax} characters`]: msg`Message must be at most ${contactMessageLengthMax} characters`,
  [contactMessages.failed]: msg`Failed to send your message. Please try again.`,
};

const formatLimit = numberFormatter({ useGrouping: false });

/** Contact Us (docs/product.md, Contact page): the message is really sent, to POST /api/contact. */
export default function ContactPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  return (
    <ContentPageShell
      eyebrow={t`Company`}
      title={t`Contact Us`}
      intro={t`Questions about Nexapay, a partnership or your account? Write, chat or call: our team is here to help.`}
    >
      <section aria-label={t`Ways to reach us`} className="mx-auto max-w-6xl px-4 pt-12 sm:px-6 sm:pt-16">
        <ul className="grid gap-6 md:grid-cols-3">
          <ContactCard icon={Mail} title={t`Email us`} text={t`We reply within 24 hours on business days.`}>
            <SupportEmailLink className="font-medium break-all text-emerald-800 underline underline-offset-4" />
          </ContactCard>
          <ContactCard icon={MessageCircle} title={t`Live chat`} text={t`Talk to our team now, 24 hours a day, 7 days a week.`}>
            <Button asChild>
              <ChatLink>
                <Trans>Start Live Chat</Trans>
              </ChatLink>
            </Button>
          </ContactCard>
          <ContactCard
            icon={Phone}
            title={t`Call us`}
            text={t`Phone support is not open yet; this number is a placeholder. Chat is the fastest way to reach us.`}
          >
            <p className="font-medium text-slate-900">+1 (555) 010-0199</p>
          </ContactCard>
        </ul>
      </section>

      <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[3fr_2fr]">
        <ContactForm />
        <section aria-labelledby="offices-title">
          <h2 id="offices-title" className="text-2xl font-bold tracking-tight text-slate-900">
            <Trans>Our offices</Trans>
          </h2>
          <ul className="mt-6 grid gap-4">
            {offices.map((office) => (
              <li key={office.key} className="flex gap-4 rounded-xl border border-border bg-white p-5 shadow-sm">
                <Building2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-700" />
                <div>
                  <h3 className="font-semibold text-slate-900">
                    {i18n._(office.city)} <span className="font-normal text-slate-600">· {i18n._(office.label)}</span>
                  </h3>
                  <address className="mt-1 text-slate-700 not-italic">
                    {office.lines.map((line) => (
                      <span key={line.id} className="block">
                        {i18n._(line)}
                      </span>
                    ))}
                  </address>
                </div>
              </li>
            ))}
          </ul>
          <MapPlaceholder />
        </section>
      </div>
    </ContentPageShell>
  );
}

/** The contact form's state: its fields, the schema's and the server's errors in the shown language, and sending. */
function useContactForm() {
  const { i18n } = useLinguiContext();
  const fieldError = (message: string | undefined) => {
    if (!message) return undefined;
    const known = fieldErrors[message];
    if (!known) return message;
    // The limits in the shown digits, ungrouped as the schema writes them (5000 / ৫০০০).
    const values = Object.fromEntries(
      Object.entries(known.values ?? {}).map(([name, value]) => [name, typeof value === "number" ? formatLimit(value) : value]),
    );
    const withValues: MessageDescriptor = { ...known, values };
    return i18n._(withValues);
  };
  const [sending, setSending] = useState(false);
  // Links elsewhere on the site may choose the subject and start the message (/contact?subject=Press,
  // the deposit page's "I sent less than the minimum"). Only these two fields: nothing else is taken from a link.
  const [searchParams] = useSearchParams();
  const linkedSubject = contactSubjects.find((subject) => subject === searchParams.get("subject"));
  const linkedMessage = (searchParams.get("message") ?? "").slice(0, contactMessageLengthMax);
  const [initialValues] = useState<ContactMessageInput>(() => ({
    ...emptyForm,
    subject: linkedSubject ?? defaultContactSubject,
    message: linkedMessage,
  }));
  const form = useForm({ resolver: zodResolver(contactMessageSchema), defaultValues: initialValues });

  const onSubmit = form.handleSubmit(async (values) => {
    setSending(true);
    try {
      await api.post<ContactMessageCreated>("/api/contact", values);
    } catch (error) {
      // The server checks with the same schema; show any field it refused beside that field.
      if (error instanceof ApiError) {
        for (const field of formFields) {
          const message = error.fields[field];
          if (message) form.setError(field, { message });
        }
      }
      toast.error(fieldError(errorMessage(error, contactMessages.failed)) ?? contactMessages.failed);
      setSending(false);
      return;
    }
    setSending(false);
    toast.success(msg`Your message has been sent. We'll get back to you soon!`);
    form.reset(emptyForm);
  });

  return { form, sending, onSubmit, fieldError };
}

type ContactFormState = ReturnType<typeof useContactForm>;

function ContactForm() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  const { form, sending, onSubmit, fieldError } = useContactForm();
  const { errors } = form.formState;
  // Registered here, before the fields below: react-hook-form focuses the first refused field in
  // the order fields were registered, and a child component registers only after this body ran.
  const registered = { name: form.register("name"), email: form.register("email") };
  return (
    <section aria-labelledby="form-title" className="rounded-2xl border border-border bg-white p-6 shadow-sm sm:p-8">
      <h2 id="form-title" className="text-2xl font-bold tracking-tight text-slate-900">
        <Trans>Send us a message</Trans>
      </h2>
      <p className="mt-2 text-slate-600">
        <Trans>All fields are required unless marked optional.</Trans>
      </p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-6">
        <fieldset disabled={sending} className="grid gap-5">
          <NameAndEmailFields form={form} fieldError={fieldError} registered={registered} />
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="contact-company" label={t`Company (optional)`} error={fieldError(errors.company?.message)}>
              <Input
                autoComplete="organization"
                {...controlProps("contact-company", errors.company?.message)}
                {...form.register("company")}
              />
            </FormField>
            <FormField id="contact-subject" label={t`Subject`} error={fieldError(errors.subject?.message)}>
              <NativeSelect
                aria-required="true"
                {...controlProps("contact-subject", errors.subject?.message)}
                {...form.register("subject")}
              >
                {contactSubjects.map((subject) => (
                  <option key={subject} value={subject}>
                    {i18n._(subjectLabels[subject])}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <FormField id="contact-message" label={t`Message`} error={fieldError(errors.message?.message)}>
            <Textarea
              rows={4}
              aria-required="true"
              {...controlProps("contact-message", errors.message?.message)}
              {...form.register("message")}
            />
          </FormField>
          <Button type="submit" size="lg" className="w-full sm:w-fit">
            {sending ? <Trans>Sending...</Trans> : <Trans>Send Message</Trans>}
          </Button>
        </fieldset>
      </form>
    </section>
  );
}

function ContactCard({ icon: Icon, title, text, children }: { icon: typeof Mail; title: string; text: string; children: ReactNode }) {
  return (
    <li className="flex flex-col items-start gap-3 rounded-xl border border-border bg-white p-6 shadow-sm">
      <span className="flex size-11 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="flex-1 text-slate-600">{text}</p>
      {children}
    </li>
  );
}

/** A placeholder where a map would be; no map service is loaded (the CSP allows none). */
function MapPlaceholder() {
  return (
    <figure className="mt-6 overflow-hidden rounded-xl border border-border">
      <div
        aria-hidden="true"
        className="relative h-48 bg-emerald-50 bg-[linear-gradient(to_right,rgb(16_185_129/0.12)_1px,transparent_1px),linear-gradient(to_bottom,rgb(16_185_129/0.12)_1px,transparent_1px)] bg-[size:24px_24px]"
      >
        <MapPin className="absolute top-1/2 left-1/2 size-10 -translate-x-1/2 -translate-y-full text-emerald-700" />
      </div>
      <figcaption className="bg-white px-4 py-3 text-sm text-slate-600">
        <Trans>Map placeholder: an interactive map of our offices is coming soon.</Trans>
      </figcaption>
    </figure>
  );
}

function NameAndEmailFields({
  form,
  fieldError,
  registered,
}: Pick<ContactFormState, "form" | "fieldError"> & { registered: Record<"name" | "email", UseFormRegisterReturn> }) {
  const { t } = useLingui();
  const { errors } = form.formState;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id="contact-name" label={t`Name`} error={fieldError(errors.name?.message)}>
        <Input autoComplete="name" aria-required="true" {...controlProps("contact-name", errors.name?.message)} {...registered.name} />
      </FormField>
      <FormField id="contact-email" label={t`Email`} error={fieldError(errors.email?.message)}>
        <Input
          type="email"
          autoComplete="email"
          aria-required="true"
          {...controlProps("contact-email", errors.email?.message)}
          {...registered.email}
        />
      </FormField>
    </div>
  );
}
