// The screens reached from mails and the sign-in page: confirm an address (`/verify-email?token=…`), ask for a
// password reset (`/forgot-password`) and choose a new password (`/reset-password?token=…`). They work signed out.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useSearch } from "wouter";
import { serverMessageOr } from "../api/api-error";
import { apiRequest } from "../api/request";
import { USER_KEY, useAuth } from "../auth/use-auth";

const problem = serverMessageOr;

/** A narrow card on its own, as the sign-in page looks. */
function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="screen-center">
      <section className="card card-narrow stack" aria-labelledby="account-title">
        <h1 id="account-title" className="title">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}

/** Whose account a verification link is for (`POST /api/auth/verify-email/account`). */
interface LinkAccount {
  email: string;
  accountCreatedAt: string;
  signedIn: boolean;
}

const SPENT_LINK = "This link has expired or was already used. Ask for a new one";

/**
 * `/verify-email?token=…`: confirms the address for the account the link is for. Signed in to that account, it
 * confirms at once; otherwise it names the account (address, creation date) and asks for its password, so a click
 * on the mail never confirms an account someone else created with the address.
 */
export function VerifyEmail() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const queryClient = useQueryClient();
  const started = useRef(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const verify = useMutation({
    mutationFn: async (withPassword: string | null) =>
      (
        await apiRequest("POST", "/api/auth/verify-email", {
          token,
          ...(withPassword === null ? {} : { password: withPassword }),
        })
      ).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_KEY }),
    onError: (e) => setError(problem(e, "Something went wrong. Please try again")),
  });
  const account = useMutation({
    mutationFn: async () =>
      (await (await apiRequest("POST", "/api/auth/verify-email/account", { token })).json()) as LinkAccount,
    onSuccess: (found) => {
      if (found.signedIn) verify.mutate(null);
    },
  });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    account.mutate();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (password === "") return setError("Enter the password of this account");
    verify.mutate(password);
  };
  const continueLink = (
    <Link href="/" className="btn btn-gold">
      Continue to Realmheart
    </Link>
  );
  if (verify.isSuccess) {
    return (
      <AccountCard title="Confirm your email">
        <p role="status">Your email is confirmed. Thank you!</p>
        {continueLink}
      </AccountCard>
    );
  }
  if (account.isError) {
    return (
      <AccountCard title="Confirm your email">
        <p role="alert">{problem(account.error, SPENT_LINK)}</p>
        {continueLink}
      </AccountCard>
    );
  }
  const found = account.data;
  if (!found || found.signedIn) {
    return (
      <AccountCard title="Confirm your email">
        <p role="status">Confirming your email...</p>
        {error ? <p role="alert">{error}</p> : null}
      </AccountCard>
    );
  }
  const created = new Date(found.accountCreatedAt).toLocaleString(undefined, {
    dateStyle: "long",
    timeStyle: "short",
  });
  return (
    <AccountCard title="Confirm your email">
      <p>
        This link confirms <strong>{found.email}</strong> for the Realmheart account created on{" "}
        <time dateTime={found.accountCreatedAt}>{created}</time>. Enter that account's password to confirm it.
      </p>
      <form className="stack" onSubmit={submit} noValidate>
        <Field
          label="Password"
          type="password"
          value={password}
          autoComplete="current-password"
          error={error}
          onChange={setPassword}
        />
        <button type="submit" className="btn btn-gold btn-block" disabled={verify.isPending}>
          {verify.isPending ? "Confirming..." : "Confirm my email"}
        </button>
      </form>
      <p className="muted">
        Did not create this account? Someone else used your address: take the account over by{" "}
        <Link href="/forgot-password" className="link-gold">
          resetting its password
        </Link>
        . Until then it gets nothing from your address.
      </p>
    </AccountCard>
  );
}

/** A labelled input with its error, tied together for assistive technology. */
function Field(props: {
  label: string;
  type: string;
  value: string;
  autoComplete: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        className="input"
        type={props.type}
        value={props.value}
        autoComplete={props.autoComplete}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** `/forgot-password`: asks for the address and always answers the same, whether or not it has an account. */
export function ForgotPassword() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: async () => (await apiRequest("POST", "/api/auth/forgot-password", { email })).json(),
    onError: (e) => setError(problem(e, "Something went wrong. Please try again")),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return setError("Enter a valid email address");
    send.mutate();
  };
  return (
    <AccountCard title="Forgot your password?">
      {send.isSuccess ? (
        <p role="status">{(send.data as { message: string }).message}</p>
      ) : (
        <form className="stack" onSubmit={submit} noValidate>
          <p className="muted">Enter your email and we will send you a link to choose a new password.</p>
          <Field
            label="Email"
            type="email"
            value={email}
            autoComplete="email"
            error={error}
            onChange={setEmail}
          />
          <button type="submit" className="btn btn-gold btn-block" disabled={send.isPending}>
            {send.isPending ? "Sending..." : "Send reset link"}
          </button>
        </form>
      )}
      <a href="/api/login" className="link-gold">
        Back to sign in
      </a>
    </AccountCard>
  );
}

/** `/reset-password?token=…`: a new password (twice), then signed in on this device only. */
export function ResetPassword() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const queryClient = useQueryClient();
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: async () =>
      (await apiRequest("POST", "/api/auth/reset-password", { token, password })).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_KEY }),
    onError: (e) => setError(problem(e, "Something went wrong. Please try again")),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (password.trim().length < 8) return setError("Password must be at least 8 characters");
    if (password !== repeat) return setError("The two passwords differ");
    reset.mutate();
  };
  if (reset.isSuccess) {
    return (
      <AccountCard title="Password changed">
        <p role="status">Your new password is set. You are signed in here and signed out everywhere else.</p>
        <Link href="/" className="btn btn-gold">
          Continue to Realmheart
        </Link>
      </AccountCard>
    );
  }
  return (
    <AccountCard title="Choose a new password">
      <form className="stack" onSubmit={submit} noValidate>
        <Field
          label="New password"
          type="password"
          value={password}
          autoComplete="new-password"
          error={null}
          onChange={setPassword}
        />
        <Field
          label="Repeat the new password"
          type="password"
          value={repeat}
          autoComplete="new-password"
          error={error}
          onChange={setRepeat}
        />
        <button type="submit" className="btn btn-gold btn-block" disabled={reset.isPending}>
          {reset.isPending ? "Saving..." : "Set new password"}
        </button>
      </form>
      <Link href="/forgot-password" className="link-gold">
        Ask for a new link
      </Link>
    </AccountCard>
  );
}

/**
 * `/admin-setup?token=…`: the link the server prints at start while it has no admin. Signed in, it makes this
 * account the administrator; signed out, it says to sign in first.
 */
export function AdminSetup() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();
  const claim = useMutation({
    mutationFn: async () => (await apiRequest("POST", "/api/auth/admin-setup", { token })).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_KEY }),
  });
  if (claim.isSuccess) {
    return (
      <AccountCard title="Set up Realmheart">
        <p role="status">This account is now Realmheart's administrator.</p>
        <Link href="/admin" className="btn btn-gold">
          Open the admin dashboard
        </Link>
      </AccountCard>
    );
  }
  if (isLoading) {
    return (
      <AccountCard title="Set up Realmheart">
        <p role="status">Loading...</p>
      </AccountCard>
    );
  }
  if (!user) {
    return (
      <AccountCard title="Set up Realmheart">
        <p>
          Sign in (or create an account) with the account that should run Realmheart, then open this link
          again.
        </p>
        <a href="/api/login" className="btn btn-gold">
          Sign in
        </a>
      </AccountCard>
    );
  }
  return (
    <AccountCard title="Set up Realmheart">
      <p>
        Make <strong>{user.email}</strong> the administrator of this Realmheart? An administrator sees every
        user and payment and can refund and change roles.
      </p>
      {claim.isError ? (
        <p role="alert">{problem(claim.error, "Something went wrong. Please try again")}</p>
      ) : null}
      <button
        type="button"
        className="btn btn-gold btn-block"
        disabled={claim.isPending}
        onClick={() => claim.mutate()}
      >
        {claim.isPending ? "Saving..." : "Make this account the administrator"}
      </button>
    </AccountCard>
  );
}
