import { useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import { isApiError } from "../api/api-error";
import { toast } from "../toast/toast-store";
import { reportReturnFromPopup, verifyPayment } from "./web-payment";

/**
 * Verifies a web payment and says how it went; also handles the card provider's return to this screen (in the
 * payment popup it tells the opener, in the page it verifies). @returns `settle(reference)`, for a popup payment.
 *
 * @example
 * const settle = useWebPaymentReturn(() => queryClient.invalidateQueries({ queryKey: USER_KEY }));
 * await settle(payment.reference);
 */
export function useWebPaymentReturn(refreshUser: () => Promise<unknown>) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const settle = async (reference: string) => {
    try {
      await verifyPayment(reference);
      await refreshUser();
      toast({ title: "Payment Successful!", description: "Welcome to premium! Unlimited chats await." });
    } catch (error) {
      if (isApiError(error) && error.code === "payment_incomplete")
        toast({ title: "Payment Cancelled", description: "Payment was cancelled" });
      // A refusal the provider gave (a declined card): say so, in the server's words; 'Verification Failed' is
      // for a payment whose outcome could not be checked.
      else if (isApiError(error) && error.code === "payment_failed" && error.serverMessage)
        toast({ title: "Payment Declined", description: error.serverMessage, variant: "destructive" });
      else
        toast({
          title: "Verification Failed",
          description: "Payment may have succeeded but verification failed",
          variant: "destructive",
        });
    }
  };

  // The card provider's return lands here: in the payment popup it tells the opener; in the page, verify.
  useEffect(() => {
    const params = new URLSearchParams(search);
    const reference = params.get("reference");
    if (!params.get("payment") || !reference) return;
    if (reportReturnFromPopup()) return;
    navigate("/subscribe", { replace: true });
    void settle(reference);
    // Runs once per return address (settle and navigate are stable enough for that).
  }, [search]);

  return settle;
}
