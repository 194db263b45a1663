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
