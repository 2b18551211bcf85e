import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import { isApiError, serverMessageOr } from "../api/api-error";
import { SUBSCRIPTION_KEY } from "../api/keys";
import { apiRequest } from "../api/request";
import type { SubscriptionInfo } from "../api/types";
import { USER_KEY } from "../auth/use-auth";
import { toast } from "../toast/toast-store";
import { payInPopup, reportReturnFromPopup } from "../subscribe/web-payment";

const problem = serverMessageOr;

/**
 * The customer's subscription and what they can do with it: cancel (at the period's end), resume, and update the
 * card through the card provider (a popup, or the page itself when popups are blocked; the provider's return to
 * `/subscription?card=…` completes it).
 *
 * @example
 * const { info, cancel, resume, updateCard } = useSubscription();
 */
export function useSubscription() {
  const queryClient = useQueryClient();
  const info = useQuery<SubscriptionInfo>({ queryKey: SUBSCRIPTION_KEY });
  const show = async (next: SubscriptionInfo) => {
    queryClient.setQueryData(SUBSCRIPTION_KEY, next);
    await queryClient.invalidateQueries({ queryKey: USER_KEY });
  };
  const change = (action: "cancel" | "resume") => async () =>
    (await (await apiRequest("POST", `/api/subscription/${action}`)).json()) as SubscriptionInfo;

  const cancel = useMutation({
    mutationFn: change("cancel"),
    onSuccess: async (next) => {
      await show(next);
      toast({ title: "Subscription cancelled", description: "You won't be charged again." });
    },
    onError: (error) =>
      toast({
        title: "Could not cancel",
        description: problem(error, "Please try again"),
        variant: "destructive",
      }),
  });
  const resume = useMutation({
    mutationFn: change("resume"),
    onSuccess: async (next) => {
      await show(next);
      toast({ title: "Subscription resumed", description: "Your subscription renews as before." });
    },
    onError: (error) =>
      toast({
        title: "Could not resume",
        description: problem(error, "Please try again"),
        variant: "destructive",
      }),
  });

  const complete = async (reference: string) => {
    try {
      const answer = await apiRequest("POST", "/api/subscription/payment-method/complete", { reference });
      await show((await answer.json()) as SubscriptionInfo);
      toast({ title: "Card updated", description: "Your new card is saved for your renewals." });
    } catch (error) {
      if (isApiError(error) && error.code === "payment_incomplete")
        toast({ title: "Card update cancelled", description: "Your card was not changed." });
      else
        toast({
          title: "Card update failed",
          description: problem(error, "Please try again"),
          variant: "destructive",
        });
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEY });
    }
  };
  const updateCard = useMutation({
    mutationFn: async () => {
      const answer = await apiRequest("POST", "/api/subscription/payment-method", {});
      const started = (await answer.json()) as { authorization_url: string; reference: string };
      const returned = payInPopup(started.authorization_url);
      if (returned) {
        await returned;
        await complete(started.reference);
      }
    },
    onError: (error) =>
      toast({
        title: "Card update failed",
        description: problem(error, "Please try again"),
        variant: "destructive",
      }),
  });

  useCardReturn(complete);
  return { info, cancel, resume, updateCard };
}

/** The card provider's return to `/subscription?card=…&reference=…`: in the popup, tell the opener; else complete. */
function useCardReturn(complete: (reference: string) => Promise<void>) {
  const search = useSearch();
  const [, navigate] = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const reference = params.get("reference");
    if (!params.get("card") || !reference) return;
    if (reportReturnFromPopup()) return;
    navigate("/subscription", { replace: true });
    void complete(reference);
  }, [search]);
}
