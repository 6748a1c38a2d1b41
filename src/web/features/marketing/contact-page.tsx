import { zodResolver } from "@hookform/resolvers/zod";
import { Building2, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import {
  contactMessages,
  contactMessageSchema,
  contactMessageLengthMax,
  contactSubjects,
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
import { ContentPageShell } from "./components/content-page-shell.tsx";

const offices = [
  { city: "New York", label: "Headquarters", lines: ["Financial District", "New York, NY, United States"] },
  { city: "London", label: "Europe", lines: ["Shoreditch", "London, United Kingdom"] },
  { city: "Singapore", label: "Asia-Pacific", lines: ["Marina Bay", "Singapore"] },
] as const;

const emptyForm: ContactMessageInput = { name: "", email: "", company: "", subject: defaultContactSubject, message: "" };
const formFields = ["name", "email", "company", "subject", "message"] as const;

/** Contact Us (docs/product.md, Contact page): the message is really sent, to POST /api/contact. */
export default function ContactPage() {
  return (
    <ContentPageShell
      eyebrow="Company"
      title="Contact Us"
      intro="Questions about Nexapay, a partnership or your account? Write, chat or call: our team is here to help."
    >
      <section aria-label="Ways to reach us" className="mx-auto max-w-6xl px-4 pt-12 sm:px-6 sm:pt-16">
        <ul className="grid gap-6 md:grid-cols-3">
          <ContactCard icon={Mail} title="Email us" text="We reply within 24 hours on business days.">
            <SupportEmailLink className="font-medium break-all text-emerald-800 underline underline-offset-4" />
          </ContactCard>
          <ContactCard icon={MessageCircle} title="Live chat" text="Talk to our team now, 24 hours a day, 7 days a week.">
            <Button asChild>
              <ChatLink>Start Live Chat</ChatLink>
            </Button>
          </ContactCard>
          <ContactCard
            icon={Phone}
            title="Call us"
            text="Phone support is not open yet; this number is a placeholder. Chat is the fastest way to reach us."
          >
            <p className="font-medium text-slate-900">+1 (555) 010-0199</p>
          </ContactCard>
        </ul>
      </section>

      <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[3fr_2fr]">
        <ContactForm />
        <section aria-labelledby="offices-title">
          <h2 id="offices-title" className="text-2xl font-bold tracking-tight text-slate-900">
            Our offices
          </h2>
          <ul className="mt-6 grid gap-4">
            {offices.map((office) => (
              <li key={office.city} className="flex gap-4 rounded-xl border border-border bg-white p-5 shadow-sm">
                <Building2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-700" />
                <div>
                  <h3 className="font-semibold text-slate-900">
                    {office.city} <span className="font-normal text-slate-600">· {office.label}</span>
                  </h3>
                  <address className="mt-1 text-slate-700 not-italic">
                    {office.lines.map((line) => (
                      <span key={line} className="block">
                        {line}
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

function ContactForm() {
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
  const { errors } = form.formState;

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
      toast.error(errorMessage(error, contactMessages.failed));
      setSending(false);
      return;
    }
    setSending(false);
    toast.success(contactMessages.sent);
    form.reset(emptyForm);
  });

  return (
    <section aria-labelledby="form-title" className="rounded-2xl border border-border bg-white p-6 shadow-sm sm:p-8">
      <h2 id="form-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Send us a message
      </h2>
      <p className="mt-2 text-slate-600">All fields are required unless marked optional.</p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-6">
        <fieldset disabled={sending} className="grid gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="contact-name" label="Name" error={errors.name?.message}>
              <Input
                autoComplete="name"
                aria-required="true"
                {...controlProps("contact-name", errors.name?.message)}
                {...form.register("name")}
              />
            </FormField>
            <FormField id="contact-email" label="Email" error={errors.email?.message}>
              <Input
                type="email"
                autoComplete="email"
                aria-required="true"
                {...controlProps("contact-email", errors.email?.message)}
                {...form.register("email")}
              />
            </FormField>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="contact-company" label="Company (optional)" error={errors.company?.message}>
              <Input
                autoComplete="organization"
                {...controlProps("contact-company", errors.company?.message)}
                {...form.register("company")}
              />
            </FormField>
            <FormField id="contact-subject" label="Subject" error={errors.subject?.message}>
              <NativeSelect
                aria-required="true"
                {...controlProps("contact-subject", errors.subject?.message)}
                {...form.register("subject")}
              >
                {contactSubjects.map((subject) => (
                  <option key={subject} value={subject}>
                    {subject}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <FormField id="contact-message" label="Message" error={errors.message?.message}>
            <Textarea
              rows={4}
              aria-required="true"
              {...controlProps("contact-message", errors.message?.message)}
              {...form.register("message")}
            />
          </FormField>
          <Button type="submit" size="lg" className="w-full sm:w-fit">
            {sending ? "Sending..." : "Send Message"}
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
        Map placeholder: an interactive map of our offices is coming soon.
      </figcaption>
    </figure>
  );
}
