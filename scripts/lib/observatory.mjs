// Runs the MDN HTTP Observatory's own checks against a local HTTP/HTTPS pair and prints the result as
// JSON. The package's scan() always uses ports 80 and 443; its retriever takes ports, so this calls the
// retriever and then the same tests and grading scan() runs. Usage:
//   NODE_EXTRA_CA_CERTS=cert.pem node scripts/lib/observatory.mjs <host> <httpPort> <httpsPort>
// First, so that the package's modules load with it: the HSTS preload list is missing offline.
import "../local-fixes/mdn-http-observatory-hsts-preload.mjs";

const { ALL_TESTS } = await import("@mdn/mdn-http-observatory/src/constants.js");
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await import("@mdn/mdn-http-observatory/src/grader/charts.js");
const { getGradeForScore, getScoreModifier } = await import("@mdn/mdn-http-observatory/src/grader/grader.js");
const { retrieve } = await import("@mdn/mdn-http-observatory/src/retriever/retriever.js");

const [host = "localhost", httpPort = "8880", httpsPort = "8443"] = process.argv.slice(2);
const requests = await retrieve(host, { httpPort, httpsPort });
if (!requests.responses.auto) throw new Error(`No response from ${host}`);

const tests = ALL_TESTS.map((test) => test(requests));
let withExtraCredit = 100;
let uncurved = 100;
for (const t of tests) {
  if (!t.result) continue;
  t.scoreModifier = getScoreModifier(t.result);
  withExtraCredit += t.scoreModifier;
  if (t.scoreModifier < 0) uncurved += t.scoreModifier;
}
const score = uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved;
const { grade } = getGradeForScore(score);
console.log(
  JSON.stringify({
    grade,
    score,
    verified: requests.responses.auto.verified ?? null,
    tests: tests.map((t, i) => ({
      name: ALL_TESTS[i]?.name.replace(/Test$/, "") ?? "",
      result: t.result,
      pass: t.pass,
      modifier: t.scoreModifier ?? 0,
    })),
  }),
);
