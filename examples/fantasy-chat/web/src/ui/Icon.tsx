import type { ReactNode } from "react";

// Line icons drawn for Realmheart (24×24, stroked with the current colour), so no icon font or emoji font is
// needed: they look the same on every device.
const PATHS = {
  heart: (
    <path d="M12 20s-7-4.4-9-8.6C1.6 8.3 3.6 5 7 5c2 0 3.4 1 5 3 1.6-2 3-3 5-3 3.4 0 5.4 3.3 4 6.4C19 15.6 12 20 12 20z" />
  ),
  shield: <path d="M12 3l8 3v6c0 4.8-3.4 7.9-8 9-4.6-1.1-8-4.2-8-9V6l8-3z" />,
  crown: <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5L3 8z" />,
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6.5 6.5-6.5s6.5 2.9 6.5 6.5M16 4.8a3.5 3.5 0 010 6.4M18 14c2.2.7 3.5 3 3.5 6" />
    </>
  ),
  chat: <path d="M21 11.5a8.5 8.5 0 01-12.3 7.6L3 20.5l1.4-5A8.5 8.5 0 1121 11.5z" />,
  sparkles: (
    <path d="M11 3l1.9 5.1L18 10l-5.1 1.9L11 17l-1.9-5.1L4 10l5.1-1.9L11 3zM18.5 14.5l.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9.9-2.1z" />
  ),
  flame: (
    <path d="M12 21a6 6 0 006-6c0-4.5-3.5-6.5-4.5-11C11 7 9 8.5 9 11.5 8 10.5 7.5 9.5 7.5 8 6.5 9.5 6 11.5 6 15a6 6 0 006 6z" />
  ),
  castle: <path d="M4 21V9h3V5h2v4h2V4h2v5h2V5h2v4h3v12H4zM10 21v-4a2 2 0 014 0v4" />,
  infinity: (
    <path d="M7 8c-2.2 0-4 1.8-4 4s1.8 4 4 4c3.5 0 6.5-8 10-8 2.2 0 4 1.8 4 4s-1.8 4-4 4c-3.5 0-6.5-8-10-8z" />
  ),
  hourglass: <path d="M6 3h12M6 21h12M7.5 3v3.5L12 12l4.5-5.5V3M7.5 21v-3.5L12 12l4.5 5.5V21" />,
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 7l8.5 6 8.5-6" />
    </>
  ),
  lock: (
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7.5a4 4 0 018 0V11" />
    </>
  ),
  alert: <path d="M12 3.5l9.5 17h-19L12 3.5zM12 10v4.5M12 17.5v.01" />,
  refresh: <path d="M20 12a8 8 0 11-2.4-5.7L20 8.5M20 3.5v5h-5" />,
  edit: <path d="M4 20h4L19.5 8.5l-4-4L4 16v4zM13.5 6.5l4 4" />,
  trash: <path d="M4 7h16M9.5 7V4h5v3M6 7l1 13.5h10L18 7M10 11v6M14 11v6" />,
  send: <path d="M4 12l16-8-5.5 16-3-6.5L4 12zM11.5 13.5L20 4" />,
  stop: <rect x="6.5" y="6.5" width="11" height="11" rx="2" fill="currentColor" />,
  back: <path d="M20 12H5M11 5l-7 7 7 7" />,
  left: <path d="M15 5l-7 7 7 7" />,
  right: <path d="M9 5l7 7-7 7" />,
  star: <path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.8L12 3.5z" />,
} satisfies Record<string, ReactNode>;

/** An icon's name. */
export type IconName = keyof typeof PATHS;

/**
 * A decorative line icon (hidden from assistive technology: give the control around it a label).
 *
 * @example
 * <Icon name="crown" />
 */
export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
