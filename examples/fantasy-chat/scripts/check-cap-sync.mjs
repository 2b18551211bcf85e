// Checks what `cap sync` left in the native projects, without Android Studio or Xcode: each platform carries an
// exact copy of web/dist and registers the three plugins the shell calls. Run after `cap sync` (npm run cap:check).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const webDist = join(root, "web/dist");
const PLUGINS = ["@capacitor/keyboard", "@capacitor/splash-screen", "@capacitor/status-bar"];
const IOS_CLASSES = ["KeyboardPlugin", "SplashScreenPlugin", "StatusBarPlugin"];
const IOS_PACKAGES = ["CapacitorKeyboard", "CapacitorSplashScreen", "CapacitorStatusBar"];

const problems = [];

/** Every file under `dir`, relative to it, with its content's hash. */
function tree(dir) {
  const files = new Map();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), createHash("sha256").update(readFileSync(path)).digest("hex"));
  }
  return files;
}

function checkAssets(platform, dir) {
  if (!existsSync(join(dir, "index.html"))) return void problems.push(`${platform}: no index.html in ${dir}`);
  const want = tree(webDist);
  const have = tree(dir);
  for (const [file, hash] of want) {
    if (!have.has(file)) problems.push(`${platform}: ${file} is missing`);
    else if (have.get(file) !== hash) problems.push(`${platform}: ${file} differs from web/dist`);
  }
  // cap copy adds its own bridge files (cordova.js, cordova_plugins.js) beside the app's.
  for (const file of have.keys()) {
    if (!want.has(file) && !file.startsWith("cordova"))
      problems.push(`${platform}: ${file} is not in web/dist`);
  }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    problems.push(`cannot read ${relative(root, path)}: ${error.message}`);
    return undefined;
  }
}

if (!existsSync(join(webDist, "index.html"))) {
  console.error("web/dist/index.html is missing: build the web client first (npm run build:web)");
  process.exit(1);
}

checkAssets("android", join(root, "android/app/src/main/assets/public"));
checkAssets("ios", join(root, "ios/App/App/public"));

const androidPlugins = readJson(join(root, "android/app/src/main/assets/capacitor.plugins.json")) ?? [];
for (const pkg of PLUGINS) {
  if (!androidPlugins.some((plugin) => plugin.pkg === pkg))
    problems.push(`android: ${pkg} is not registered`);
}

const iosConfig = readJson(join(root, "ios/App/App/capacitor.config.json")) ?? {};
for (const name of IOS_CLASSES) {
  if (!iosConfig.packageClassList?.includes(name)) problems.push(`ios: ${name} is not in packageClassList`);
}
const packageSwift = readFileSync(join(root, "ios/App/CapApp-SPM/Package.swift"), "utf8");
for (const name of IOS_PACKAGES) {
  if (!packageSwift.includes(`.product(name: "${name}"`))
    problems.push(`ios: Package.swift does not link ${name}`);
}

if (problems.length > 0) {
  console.error(`cap sync check failed:\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log(
  "cap sync check: android and ios carry web/dist and register status-bar, splash-screen, keyboard",
);
