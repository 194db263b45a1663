// What every browser test script shares: a failed check, a log line with the script's name, and
// the run itself, within a time limit, reported as "all checks passed" or the first failure.

/** A check that failed: its message is the whole report (no stack). */
export class CheckFailed extends Error {}

/** The `check` and `log` of the script named `name` (the prefix of each of its lines). */
export function reporter(name) {
  return {
    check(ok, message) {
      if (!ok) throw new CheckFailed(message);
    },
    log(message) {
      console.log(`${name}: ${message}`);
    },
  };
}

/**
 * Runs `main` and sets the exit code: a run longer than `totalMs` fails at once (a hung page must
 * not hang CI); `passed` says whether to print "all checks passed" when `main` returns.
 */
export async function runWithin(name, totalMs, main, { passed = true } = {}) {
  const timer = setTimeout(() => {
    console.error(`${name}: FAIL: the run took longer than ${totalMs / 1000} s`);
    process.exit(1);
  }, totalMs);
  timer.unref();
  try {
    await main();
    if (passed) console.log(`${name}: all checks passed`);
  } catch (err) {
    const message = err instanceof CheckFailed ? err.message : err.stack || String(err);
    console.error(`${name}: FAIL: ${message}`);
    process.exitCode = 1;
  }
}

/**
 * The `open(context, rel)` of a script testing the site at `siteUrl`: opens `rel` in a new page
 * of `context`, each step given `stepMs`, and answers `{ page, problems, url }`, where `problems`
 * collects the page's script errors and the HTTP errors of the site's own files as they come
 * (the caller checks it when it is done). A page that does not answer 2xx fails at once, with
 * the build error `mournival serve` shows in its place.
 */
export function opener(siteUrl, stepMs) {
  return async function open(context, rel) {
    const page = await context.newPage();
    page.setDefaultTimeout(stepMs);
    const problems = [];
    page.on("pageerror", (err) => problems.push(`script error: ${err.message}`));
    page.on("response", (res) => {
      if (res.status() >= 400 && res.url().startsWith(siteUrl)) problems.push(`HTTP ${res.status()} for ${res.url()}`);
    });
    const url = new URL(rel, siteUrl).href;
    const response = await page.goto(url, { waitUntil: "load" });
    if (!response || !response.ok()) {
      const buildError = await page.locator("pre.build-error").innerText({ timeout: 1000 }).catch(() => "");
      const why = buildError ? `; the site did not build:\n${buildError}` : "";
      throw new CheckFailed(`${url} answered HTTP ${response ? response.status() : "nothing"}${why}`);
    }
    return { page, problems, url };
  };
}
