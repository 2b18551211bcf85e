import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { serverMessageOr } from "../api/api-error";
import { localDate } from "../api/format";
import { ADMIN_BILLING_KEY, ADMIN_USERS_KEY, adminSubscriptionKey } from "../api/keys";
import { apiRequest } from "../api/request";
import type { AdminUser, PaymentRecord, SubscriptionInfo } from "../api/types";
import { toast } from "../toast/toast-store";
import { Dialog } from "../ui/Dialog";
import { Spinner } from "../ui/Spinner";
import {
  cardLabel,
  formatMoney,
  paymentDescription,
  paymentStatusLabel,
  subscriptionHeadline,
} from "../subscription/billing-format";

const problem = (error: unknown) => serverMessageOr(error, "Please try again");

/** A user's subscription for an admin: its state and payments, cancel, and a refund (reason required) per payment. */
export function UserBillingDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const queryClient = useQueryClient();
  const key = adminSubscriptionKey(user.id);
  const info = useQuery<SubscriptionInfo>({ queryKey: key });
  const [refunding, setRefunding] = useState<PaymentRecord | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
      queryClient.invalidateQueries({ queryKey: ADMIN_BILLING_KEY }),
    ]);
  const cancel = useMutation({
    mutationFn: () => apiRequest("POST", `/api/admin/users/${user.id}/subscription/cancel`),
    onSuccess: async () => {
      await refresh();
      toast({
        title: "Subscription cancelled",
        description: `${user.email} keeps access until the period ends.`,
      });
    },
    onError: (error) =>
      toast({ title: "Could not cancel", description: problem(error), variant: "destructive" }),
  });
  const data = info.data;
  return (
    <Dialog title={`Billing for ${user.email}`} onClose={onClose}>
      {!data ? (
        <Spinner label="Loading billing" />
      ) : (
        <div className="stack">
          <p>
            <strong>{subscriptionHeadline(data)}</strong>
            {data.periodEnd ? ` · until ${localDate(data.periodEnd)}` : ""}
          </p>
          {data.paymentMethod ? <p className="muted">{cardLabel(data.paymentMethod)}</p> : null}
          {data.source === "card" && !data.cancelAtPeriodEnd ? (
            <button
              type="button"
              className="btn btn-outline"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              Cancel subscription
            </button>
          ) : null}
          <h3 className="section-title">Payments</h3>
          {data.history.length === 0 ? <p className="muted">No payments.</p> : null}
          <ul className="list">
            {data.history.map((p) => (
              <li key={p.reference} className="billing-row">
                <span>
                  {paymentDescription(p)} · {localDate(p.createdAt)}
                </span>
                <span>
                  {formatMoney(p.amount, p.currency)} · {paymentStatusLabel(p.status)}
                </span>
                {p.status === "success" ? (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRefunding(p)}>
                    Refund
                    <span className="sr-only">
                      {" "}
                      {paymentDescription(p)} of {localDate(p.createdAt)}
                    </span>
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {refunding ? (
            <RefundForm payment={refunding} onDone={() => setRefunding(null)} refresh={refresh} />
          ) : null}
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

/** The refund's reason (required) and its confirmation. */
function RefundForm(props: { payment: PaymentRecord; onDone: () => void; refresh: () => Promise<unknown> }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const refund = useMutation({
    mutationFn: () =>
      apiRequest("POST", `/api/admin/payments/${encodeURIComponent(props.payment.reference)}/refund`, {
        reason,
      }),
    onSuccess: async () => {
      await props.refresh();
      toast({
        title: "Payment refunded",
        description: `${formatMoney(props.payment.amount, props.payment.currency)} refunded.`,
      });
      props.onDone();
    },
    onError: (e) => setError(problem(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError("A reason is required (at least 3 characters)");
      return;
    }
    refund.mutate();
  };
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <label htmlFor="refund-reason">
        Reason for refunding {formatMoney(props.payment.amount, props.payment.currency)}
      </label>
      <input
        id="refund-reason"
        className="input"
        value={reason}
        maxLength={500}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "refund-error" : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      {error ? (
        <p id="refund-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-gold" disabled={refund.isPending}>
        {refund.isPending ? "Refunding..." : "Refund payment"}
      </button>
    </form>
  );
}
