/** A rotating ring with an accessible label. */
export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** A full-height centred spinner, for whole screens that are loading. */
export function ScreenSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="screen-center">
      <Spinner label={label} />
    </div>
  );
}
