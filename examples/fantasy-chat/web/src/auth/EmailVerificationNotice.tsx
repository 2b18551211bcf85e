import { useMutation } from "@tanstack/react-query";
import { serverMessageOr } from "../api/api-error";
import { apiRequest } from "../api/request";
import { toast } from "../toast/toast-store";
import { useAuth } from "./use-auth";

/** On the profile, until the address is confirmed: says so and sends the verification mail again. */
export function EmailVerificationNotice() {
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
      Your email {user.email} is not confirmed yet.{" "}
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
