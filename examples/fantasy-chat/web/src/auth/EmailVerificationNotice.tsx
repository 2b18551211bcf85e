import { useMutation } from "@tanstack/react-query";
import { serverMessageOr } from "../api/api-error";
import { apiRequest } from "../api/request";
import { toast } from "../toast/toast-store";
import { useAuth } from "./use-auth";

/**
 * Until the address is confirmed: says so and sends the verification mail again. On the profile it says the
 * address is not confirmed yet; right after sign-up (`justSignedUp`, on the age gate and the trial setup) it says
 * where the link was sent.
 */
export function EmailVerificationNotice({ justSignedUp = false }: { justSignedUp?: boolean }) {
  const { user } = useAuth();
  const resend = useMutation({
    mutationFn: () => apiRequest("POST", "/api/auth/resend-verification"),
    onSuccess: () => toast({ title: "Email sent", description: `Open the link we sent to ${user?.email}.` }),
    onError: (error) =>
      toast({
        title: "Could not send",
        description: serverMessageOr(error, "Please try again later"),
        variant: "destructive",
      }),
  });
  if (!user || user.emailVerified !== false) return null;
  return (
    <p className="notice" role="note">
      {justSignedUp
        ? `We sent a link to ${user.email}: open it to confirm your address.`
        : `Your email ${user.email} is not confirmed yet.`}{" "}
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        Send the link again
      </button>
    </p>
  );
}
