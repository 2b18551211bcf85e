import type { Page } from "playwright-core";

export declare const XSS_PAYLOADS: Readonly<{
  img: string;
  script: string;
  svg: string;
  link: string;
  markdownLink: string;
  iframe: string;
}>;

/** Dialogs and windows opened by a page since `watchForXss`. */
export interface XssWatch {
  dialogs: string[];
  popups: string[];
}

/** What a page shows of a payload having been taken as markup; equal to `INERT` when nothing was. */
export interface XssReport {
  xss: unknown;
  injected: string[];
  cspViolations: string[];
  dialogs: string[];
  popups: string[];
}

export declare function watchForXss(page: Page): Promise<XssWatch>;
export declare function xssReport(page: Page, watch: XssWatch): Promise<XssReport>;
export declare const INERT: Readonly<XssReport>;
