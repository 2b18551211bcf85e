declare const __SDK_VERSION__: string;

/** The library version, injected at build time from package.json. */
export const SDK_VERSION: string = __SDK_VERSION__;
