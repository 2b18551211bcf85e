import { Icon, type IconName } from "./Icon";
import { Tooltip } from "./Tooltip";

/**
 * A small icon-only button whose label is both its accessible name and its tooltip.
 *
 * @example
 * <IconButton label="Delete message" icon="trash" disabled={busy} onClick={onDelete} />
 */
export function IconButton({
  label,
  icon,
  disabled,
  onClick,
}: {
  label: string;
  icon: IconName;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip label={label}>
      <button
        type="button"
        className="btn btn-icon-sm"
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        <Icon name={icon} size={16} />
      </button>
    </Tooltip>
  );
}
