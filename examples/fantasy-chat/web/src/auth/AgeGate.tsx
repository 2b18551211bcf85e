import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../api/request";
import { toast } from "../toast/toast-store";
import { PRODUCT_NAME } from "../ui/Brand";
import { EmailVerificationNotice } from "./EmailVerificationNotice";
import { USER_KEY } from "./use-auth";
import { Icon } from "../ui/Icon";

/**
 * Shown instead of the guarded screens until the user confirms being 18 or older.
 *
 * @example
 * <AgeGate />
 */
export function AgeGate() {
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: () => apiRequest("POST", "/api/auth/verify-age"),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USER_KEY });
      toast({ title: "Age Verified", description: `Welcome to ${PRODUCT_NAME}! Your adventure awaits.` });
    },
    onError: () =>
      toast({ title: "Verification Failed", description: "Please try again", variant: "destructive" }),
  });

  return (
    <main className="screen-center">
      <section className="card card-narrow text-center" aria-labelledby="age-title">
        <div className="big-icon">
          <Icon name="shield" size={44} />
        </div>
        <h1 id="age-title" className="title">
          Age Verification
        </h1>
        <p className="muted">
          {PRODUCT_NAME} contains mature romantic content and is only for adults. Are you 18 years of age or
          older?
        </p>
        <div className="stack">
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={verify.isPending}
            onClick={() => verify.mutate()}
          >
            {verify.isPending ? "Verifying..." : "Yes, I'm 18+"}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-block"
            disabled={verify.isPending}
            onClick={() =>
              toast({
                title: "Age Requirement",
                description: "This app is only available for users 18 years and older.",
                variant: "destructive",
              })
            }
          >
            No, I'm under 18
          </button>
        </div>
        <EmailVerificationNotice justSignedUp />
      </section>
    </main>
  );
}
