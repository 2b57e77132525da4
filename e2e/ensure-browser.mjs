// Makes sure a Chromium is there for the e2e tests, and says which: Playwright's download where the
// network allows it, else Debian's chromium package (apt-get, as root).
import { execSync } from "node:child_process";
import { chromiumExecutable } from "./browser.mjs";

function tryRun(command) {
  try {
    execSync(command, { stdio: "inherit", timeout: 600_000 });
    return true;
  } catch {
    return false;
  }
}

let executable = chromiumExecutable();
if (!executable) {
  console.log("e2e: no Chromium found; trying Playwright's download");
  tryRun("npx playwright install chromium");
  executable = chromiumExecutable();
}
if (!executable) {
  console.log("e2e: Playwright's download failed; installing Debian's chromium package");
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  tryRun(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`,
  );
  executable = chromiumExecutable();
}
if (!executable) {
  console.error("e2e: no Chromium could be installed; install Debian's 'chromium' package and run again");
  process.exit(1);
}
console.log(`e2e: using Chromium at ${executable}`);
