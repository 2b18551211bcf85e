import type { CapacitorConfig } from "@capacitor/cli";

// Read by `cap sync` (not at run time): CAP_SERVER_URL points the shell at a deployed Realmheart, so the web view
// loads the app from that origin and its cookies, CSP and same-origin API calls work as they do in a browser.
// Without it the shell serves the bundled web/dist, which is what CI syncs and checks.
const serverUrl = process.env.CAP_SERVER_URL?.trim();
if (serverUrl && !/^https?:\/\/[^/\s]+/.test(serverUrl)) {
  throw new Error(`CAP_SERVER_URL must be an http(s) URL, got "${serverUrl}"`);
}

const config: CapacitorConfig = {
  appId: "app.realmheart",
  appName: "Realmheart",
  webDir: "web/dist",
  backgroundColor: "#160b1f",
  ...(serverUrl ? { server: { url: serverUrl, cleartext: serverUrl.startsWith("http:") } } : {}),
  plugins: {
    StatusBar: { style: "LIGHT", backgroundColor: "#5c0a1e", overlaysWebView: false },
    SplashScreen: { launchAutoHide: false, backgroundColor: "#160b1f" },
    Keyboard: { resize: "body" },
  },
};

export default config;
