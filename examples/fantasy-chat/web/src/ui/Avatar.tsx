/** Shown when a character has no portrait. */
export const PLACEHOLDER_AVATAR = "/favicon.svg";

/** A character's round portrait; decorative unless `alt` is given. */
export function Avatar({
  src,
  alt = "",
  size = "md",
}: {
  src: string | null | undefined;
  alt?: string;
  size?: "sm" | "md" | "lg" | "xl";
}) {
  return (
    <img
      className={`avatar avatar-${size}`}
      src={src || PLACEHOLDER_AVATAR}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={size === "sm" ? 40 : size === "md" ? 56 : size === "lg" ? 80 : 128}
      height={size === "sm" ? 40 : size === "md" ? 56 : size === "lg" ? 80 : 128}
    />
  );
}
