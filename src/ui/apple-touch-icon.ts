// The `applePayBrandingLogoEnabled` flag: Safari's Apple Pay sheet shows the page's apple-touch-icon, so while a
// checkout is open the app's icon from the branding stands in for a page that has none of its own.

const TOUCH_ICON = 'link[rel~="apple-touch-icon"]';

/**
 * Adds an `apple-touch-icon` link to `doc` pointing at `href`, unless `href` is empty or the page already has one.
 *
 * @returns a function that removes the link it added (and does nothing when none was added).
 * @example
 * const removeIcon = showAppleTouchIcon(win.document, branding?.app_icon);
 * // … when the checkout closes:
 * removeIcon();
 */
export function showAppleTouchIcon(doc: Document, href: string | null | undefined): () => void {
  if (!href || doc.head.querySelector(TOUCH_ICON)) return () => {};
  const link = doc.createElement("link");
  link.rel = "apple-touch-icon";
  link.href = href;
  doc.head.append(link);
  return () => link.remove();
}
