import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link } from "wouter";
import { serverMessageOr } from "../api/api-error";
import { ARCHETYPES, PERSONALITY_TRAITS } from "../api/archetypes";
import { PROFILE_KEY } from "../api/keys";
import { apiRequest } from "../api/request";
import type { Profile as ProfileData } from "../api/types";
import { USER_KEY } from "../auth/use-auth";
import { toast } from "../toast/toast-store";
import { BackPage } from "../ui/BackPage";
import { SessionsList } from "../auth/SessionsList";
import { EmailVerificationNotice } from "../auth/EmailVerificationNotice";
import { Spinner } from "../ui/Spinner";
import { PROFILE_LIMITS, validateProfile, type ProfileErrors } from "./profile-rules";

/** The character profile form (`/profile`). */
export default function Profile() {
  const profile = useQuery<ProfileData>({ queryKey: PROFILE_KEY });
  return (
    <BackPage narrow>
      <h1 className="title">Your Character Profile</h1>
      <p className="muted">Tell your companions who you are. They will remember.</p>
      <EmailVerificationNotice />
      <p>
        <Link href="/subscription" className="link-gold">
          Subscription and billing
        </Link>
      </p>
      {profile.isLoading || !profile.data ? (
        <div className="stack text-center">
          <Spinner label="Loading your profile..." />
          <p className="muted">Loading your profile...</p>
        </div>
      ) : (
        <ProfileForm initial={profile.data} />
      )}
      <SessionsList />
    </BackPage>
  );
}

/** The personality traits as toggle chips, at most six; the others are disabled once six are chosen. */
function TraitPicker(props: {
  traits: string[];
  error: string | undefined;
  onToggle: (trait: string) => void;
}) {
  const { traits } = props;
  const full = traits.length >= PROFILE_LIMITS.traitsMax;
  return (
    <fieldset className="field">
      <legend>Personality Traits (choose up to 6)</legend>
      <div className="chips">
        {PERSONALITY_TRAITS.map((trait) => {
          const selected = traits.includes(trait);
          return (
            <button
              key={trait}
              type="button"
              className="chip"
              aria-pressed={selected}
              disabled={!selected && full}
              onClick={() => props.onToggle(trait)}
            >
              {trait}
            </button>
          );
        })}
      </div>
      <p className="hint" aria-live="polite">
        Selected ({traits.length}/6): {traits.length ? traits.join(", ") : "none"}
      </p>
      <FieldError id="traits-error" message={props.error} />
    </fieldset>
  );
}

function ProfileForm({ initial }: { initial: ProfileData }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ProfileData>({
    ...initial,
    favoriteArchetype: initial.favoriteArchetype ?? null,
  });
  const [errors, setErrors] = useState<ProfileErrors>({});
  const save = useMutation({
    mutationFn: (data: ProfileData) => apiRequest("PUT", "/api/profile", data),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PROFILE_KEY }),
        queryClient.invalidateQueries({ queryKey: USER_KEY }),
      ]);
      toast({ title: "Profile Updated", description: "Your character profile has been saved successfully!" });
    },
    onError: (error) =>
      toast({
        title: "Error",
        description: serverMessageOr(error, "Failed to update profile"),
        variant: "destructive",
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateProfile(form);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate({ ...form, preferredName: form.preferredName.trim() });
  };
  const traits = form.personalityTraits;
  const toggle = (trait: string) =>
    setForm((f) => ({
      ...f,
      personalityTraits: f.personalityTraits.includes(trait)
        ? f.personalityTraits.filter((t) => t !== trait)
        : [...f.personalityTraits, trait],
    }));

  return (
    <form className="card form" onSubmit={submit} noValidate>
      <h2 className="section-title">Character Background</h2>

      <Field
        id="preferredName"
        label="Preferred Name"
        hint="Characters will use this name to address you."
        error={<FieldError id="preferredName-error" message={errors.preferredName} />}
      >
        <input
          id="preferredName"
          className="input"
          value={form.preferredName}
          aria-invalid={errors.preferredName ? true : undefined}
          aria-describedby="preferredName-hint preferredName-error"
          onChange={(e) => setForm((f) => ({ ...f, preferredName: e.target.value }))}
        />
      </Field>

      <Field
        id="favoriteArchetype"
        label="Favorite Character Type"
        hint="Similar characters will be recommended to you."
      >
        <select
          id="favoriteArchetype"
          className="input"
          value={form.favoriteArchetype ?? ""}
          aria-describedby="favoriteArchetype-hint"
          onChange={(e) => setForm((f) => ({ ...f, favoriteArchetype: e.target.value || null }))}
        >
          <option value="">Select a character type</option>
          {ARCHETYPES.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </Field>

      <Field
        id="backstory"
        label="Your Character Backstory"
        hint={`This helps characters understand your motivations. (${form.backstory.trim().length}/${PROFILE_LIMITS.backstoryMax})`}
        error={<FieldError id="backstory-error" message={errors.backstory} />}
      >
        <textarea
          id="backstory"
          className="input"
          rows={6}
          value={form.backstory}
          aria-invalid={errors.backstory ? true : undefined}
          aria-describedby="backstory-hint backstory-error"
          onChange={(e) => setForm((f) => ({ ...f, backstory: e.target.value }))}
        />
      </Field>

      <TraitPicker traits={traits} error={errors.personalityTraits} onToggle={toggle} />

      <button type="submit" className="btn btn-primary btn-block" disabled={save.isPending}>
        {save.isPending ? "Saving Profile..." : "Save Character Profile"}
      </button>
    </form>
  );
}

/** A labelled form control with its hint (`<id>-hint`) and, when given, its error slot. */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  error?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
      {error}
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p id={id} className="field-error" role={message ? "alert" : undefined}>
      {message ?? ""}
    </p>
  );
}
