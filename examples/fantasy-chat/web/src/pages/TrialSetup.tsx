import { useMutation } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { useSearch } from "wouter";
import { isApiError } from "../api/api-error";
import { pageNavigation } from "../api/navigation";
import { apiRequest } from "../api/request";
import { EmailVerificationNotice } from "../auth/EmailVerificationNotice";
import { useAuth } from "../auth/use-auth";
import { toast } from "../toast/toast-store";
import { BackPage } from "../ui/BackPage";
import { Icon } from "../ui/Icon";
import { Section } from "../ui/Section";
import { Topbar } from "../ui/Topbar";

interface SetupAnswer {
  status: boolean;
  message?: string;
  data?: { authorization_url?: string };
}

/** What a trial gives: the free allowance with a card saved; Premium Realm from the first charge. */
function WhatYouGet() {
  return (
    <Section id="what-you-get" title="What you get" className="card">
      <ul className="checklist">
        <li>7 days with 3 free messages a day</li>
        <li>Conversations with every free companion</li>
        <li>Premium Realm from your first R99 charge, when the trial ends</li>
        <li>Then unlimited messages, exclusive premium characters and advanced memory</li>
      </ul>
    </Section>
  );
}

/** The card provider's return to this page (`?setup=declined|failed|pending`): says how the setup went. */
function useSetupReturnToast(search: string) {
  useEffect(() => {
    const setup = new URLSearchParams(search).get("setup");
    if (setup === "declined")
      toast({
        title: "Card Declined",
        description:
          "Your card was declined, so your trial has not started. No money was taken: try again or use another card.",
        variant: "destructive",
      });
    else if (setup === "failed")
      toast({
        title: "Setup Failed",
        description: "Please check your details and try again",
        variant: "destructive",
      });
    else if (setup === "pending")
      toast({
        title: "Setup Pending",
        description: "Your card is still being confirmed. Please try again shortly.",
      });
  }, [search]);
}

/** The trial and payment-method setup (`/trial-setup`). */
export default function TrialSetup() {
  const { user } = useAuth();
  const search = useSearch();
  const [form, setForm] = useState({
    email: user?.email ?? "",
    firstName: user?.firstName ?? "",
    lastName: user?.lastName ?? "",
  });

  useSetupReturnToast(search);

  const setupTrial = useMutation({
    mutationFn: async (data: typeof form) =>
      (await (await apiRequest("POST", "/api/setup-trial", data)).json()) as SetupAnswer,
    onSuccess: (answer) => {
      const url = answer.data?.authorization_url;
      if (answer.status && url) pageNavigation.assign(url);
      else
        toast({
          title: "Setup Failed",
          description: answer.message || "Unable to setup trial",
          variant: "destructive",
        });
    },
    onError: (error) =>
      toast({
        title: "Setup Failed",
        description:
          isApiError(error) && error.status < 500 && error.serverMessage
            ? error.serverMessage
            : "Please check your details and try again",
        variant: "destructive",
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = {
      email: form.email.trim(),
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
    };
    if (!data.email || !data.firstName || !data.lastName) {
      toast({
        title: "Missing Information",
        description: "Please fill in all required fields",
        variant: "destructive",
      });
      return;
    }
    setupTrial.mutate(data);
  };

  const field = (name: keyof typeof form, label: string, type = "text", autoComplete?: string) => (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input
        id={name}
        name={name}
        type={type}
        className="input"
        required
        aria-required="true"
        autoComplete={autoComplete}
        value={form[name]}
        onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
      />
    </div>
  );

  const content = (
    <>
      <div className="text-center">
        <div className="big-icon">
          <Icon name="crown" size={44} />
        </div>
        <h1 className="title title-xl">7-Day Free Trial</h1>
        <EmailVerificationNotice justSignedUp />
        <p className="muted">
          Save a card now: a R1.00 verification is charged and refunded at once. R99/month starts when your
          trial ends. Cancel before then under Subscription and nothing is charged.
        </p>
      </div>
      <form className="card form" onSubmit={submit} noValidate>
        {field("email", "Email", "email", "email")}
        {field("firstName", "First name", "text", "given-name")}
        {field("lastName", "Last name", "text", "family-name")}
        <p className="notice">
          <Icon name="lock" size={16} /> Your payment details are protected by our payment provider and are
          never stored on our servers. Apart from the R1.00 verification, refunded at once, nothing is charged
          during the 7-day trial.
        </p>
        <button type="submit" className="btn btn-gold btn-block" disabled={setupTrial.isPending}>
          {setupTrial.isPending ? "Setting up..." : "Start 7-Day Free Trial"}
        </button>
        <p className="fine-print">
          By starting your trial you agree to our Terms of Service and Privacy Policy.
        </p>
      </form>
      <WhatYouGet />
    </>
  );
  return (
    <TrialSetupFrame
      noCardYet={Boolean(user && !user.paymentMethodSetup && user.subscriptionStatus === "trial")}
    >
      {content}
    </TrialSetupFrame>
  );
}

/**
 * The page around the form: every other page sends a user without a card here, so "← Back" would only come back:
 * the top bar offers "Logout" then; "← Back" to home once a card is saved.
 */
function TrialSetupFrame({ noCardYet, children }: { noCardYet: boolean; children: ReactNode }) {
  if (!noCardYet) return <BackPage narrow>{children}</BackPage>;
  return (
    <div className="page">
      <Topbar link={{ href: "/api/logout", label: "Logout" }} />
      <main className="content content-narrow">{children}</main>
    </div>
  );
}
