import { localDate } from "../api/format";
import type { SubscriptionInfo } from "../api/types";
import { Dialog } from "../ui/Dialog";

/** "Cancel your subscription?": says when access ends and that nothing more is charged, before anything changes. */
export function CancelDialog(props: {
  info: SubscriptionInfo;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const end = localDate(props.info.periodEnd);
  const what = props.info.status === "trial" ? "your free trial" : "Premium Realm";
  return (
    <Dialog
      title="Cancel your subscription?"
      description={`You keep ${what} until ${end}. You won't be charged again.`}
      onClose={props.onClose}
    >
      <div className="dialog-actions">
        <button type="button" className="btn btn-gold" onClick={props.onClose}>
          Keep subscription
        </button>
        <button type="button" className="btn btn-outline" disabled={props.busy} onClick={props.onConfirm}>
          {props.busy ? "Cancelling..." : "Cancel subscription"}
        </button>
      </div>
    </Dialog>
  );
}
