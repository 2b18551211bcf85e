// The screens reached from mails and the sign-in page: confirm an address (`/verify-email?token=…`), ask for a
// password reset (`/forgot-password`) and choose a new password (`/reset-password?token=…`). They work signed out.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useSearch } from "wouter";
import { serverMessageOr } from "../api/api-error";
import { apiRequest } from "../api/request";
import { USER_KEY } from "../auth/use-auth";

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

/** `/verify-email?token=…`: confirms the address once, then says so (or that the link is spent). */
export function VerifyEmail() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const queryClient = useQueryClient();
  const started = useRef(false);
  const verify = useMutation({
    mutationFn: async () => (await apiRequest("POST", "/api/auth/verify-email", { token })).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_KEY }),
  });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate();
  }, []);
  return (
    <AccountCard title="Confirm your email">
      {verify.isPending || verify.isIdle ? <p role="status">Confirming your email...</p> : null}
      {verify.isSuccess ? <p role="status">Your email is confirmed. Thank you!</p> : null}
      {verify.isError ? (
        <p role="alert">
          {problem(verify.error, "This link has expired or was already used. Ask for a new one")}
        </p>
      ) : null}
      <Link href="/" className="btn btn-gold">
        Continue to Realmheart
      </Link>
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
