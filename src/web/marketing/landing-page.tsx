import { BarChart3, Check, Globe2, Headphones, Plug, ShieldCheck, Zap, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button.tsx";

// Spec §2.2 and §9. A first version of the landing page; a later task completes it (logos, chat link).
const features: readonly { title: string; text: string; icon: LucideIcon }[] = [
  { title: "Fast Transactions", text: "Deposits and withdrawals processed in minutes, not days.", icon: Zap },
  { title: "Secure Payments", text: "Encrypted connections and an exact, append-only ledger for every payment.", icon: ShieldCheck },
  { title: "Global Reach", text: "Accept payments in 135+ currencies from customers worldwide.", icon: Globe2 },
  { title: "Easy Integration", text: "A clean API, code snippets and plugins for your stack.", icon: Plug },
  { title: "Real-time Analytics", text: "Dashboards that show every payment as it happens.", icon: BarChart3 },
  { title: "24/7 Support", text: "People who answer, any day of the week.", icon: Headphones },
];

const steps = [
  { number: "01", title: "Sign Up", text: "Create an account and verify your business details." },
  { number: "02", title: "Integrate", text: "Add Nexapay with our code snippets or plugins." },
  { number: "03", title: "Accept Payments", text: "Start taking payments from your customers." },
  { number: "04", title: "Manage & Grow", text: "Follow your money in real time and grow your business." },
] as const;

const planFeatures = ["Priority Email Support", "Analytical Dashboard", "No Payout Charge"] as const;
const plans = [
  { name: "Personal", fee: "5%", audience: "For small businesses", popular: false },
  { name: "Merchant", fee: "4%", audience: "For businesses and organizations", popular: true },
] as const;

/** The landing page (/). */
export default function LandingPage() {
  return (
    <>
      <title>Nexapay · Next Generation Payment Solutions</title>
      <section className="bg-gradient-to-b from-emerald-50 via-white to-white">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <p className="mx-auto mb-5 inline-flex rounded-full border border-emerald-200 bg-white px-3 py-1 text-sm font-medium text-emerald-800">
            Secure payments for businesses and individuals
          </p>
          <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
            Next Generation Payment Solutions
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            Fast, secure payment processing with real-time analytics. Deposit USDT on TRC-20, get BDT, and withdraw to bKash, Nagad or Upay.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/signup">Get Started Now</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/contact">Contact Sales</Link>
            </Button>
          </div>
        </div>
      </section>

      <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
            Everything you need to get paid
          </h2>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {features.map((feature) => (
              <li key={feature.title} className="rounded-xl border border-border bg-white p-6 shadow-sm">
                <div className="flex size-11 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
                  <feature.icon aria-hidden="true" className="size-6" />
                </div>
                <h3 className="mt-4 text-lg font-semibold">{feature.title}</h3>
                <p className="mt-2 text-slate-600">{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-20 bg-slate-50 py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="how-title" className="text-center text-3xl font-bold tracking-tight">
            How it Works
          </h2>
          <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map((step) => (
              <li key={step.number} className="rounded-xl bg-white p-6 shadow-sm">
                <p className="text-3xl font-bold text-emerald-700">{step.number}</p>
                <h3 className="mt-3 text-lg font-semibold">{step.title}</h3>
                <p className="mt-2 text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 py-20">
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <h2 id="pricing-title" className="text-center text-3xl font-bold tracking-tight">
            Simple, transparent pricing
          </h2>
          <div className="mt-12 grid gap-6 md:grid-cols-2">
            {plans.map((plan) => (
              <div
                key={plan.name}
                className={`relative rounded-2xl border bg-white p-8 shadow-sm ${plan.popular ? "border-emerald-600 ring-1 ring-emerald-600" : "border-border"}`}
              >
                {plan.popular ? (
                  <p className="absolute -top-3 right-6 rounded-full bg-emerald-700 px-3 py-1 text-xs font-semibold text-white">Popular</p>
                ) : null}
                <h3 className="text-xl font-semibold">{plan.name}</h3>
                <p className="mt-1 text-sm text-slate-600">{plan.audience}</p>
                <p className="mt-6">
                  <span className="text-5xl font-bold">{plan.fee}</span> <span className="text-slate-600">per transaction</span>
                </p>
                <p className="mt-1 text-sm text-slate-600">Sunday to Saturday</p>
                <ul className="mt-6 grid gap-3">
                  {planFeatures.map((item) => (
                    <li key={item} className="flex items-center gap-2 text-slate-700">
                      <Check aria-hidden="true" className="size-5 text-emerald-700" />
                      {item}
                    </li>
                  ))}
                </ul>
                <Button asChild className="mt-8 w-full" variant={plan.popular ? "default" : "outline"}>
                  <Link to="/signup">Get Started</Link>
                </Button>
              </div>
            ))}
          </div>
          <p className="mt-8 text-center text-slate-600">
            Need a custom plan?{" "}
            <Link to="/contact" className="font-medium text-emerald-800 underline-offset-4 hover:underline">
              Contact Sales
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
