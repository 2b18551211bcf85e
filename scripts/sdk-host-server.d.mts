/** The repository root: dist/ and locales/ are served from here. */
export declare const REPO_ROOT: string;

/** A running host page server. */
export interface SdkHostServer {
  url: string;
  close(): Promise<void>;
}

export declare function startSdkHostServer(
  pageHtml: string,
  files?: Readonly<Record<string, string>>,
): Promise<SdkHostServer>;
