import http from "node:http";
import { authEmulatorHost, demoAccounts } from "../../scripts/lib/demo-accounts.mjs";
import { expect, test } from "./fixtures";

// A flood, as a spam run or a busy link sends one: 200 contact posts at once, each from its own
// loopback address (so the per-client rate limit never applies). The preview holds it as a deploy
// would: every post answers 201, and the inbox then lists each exactly once. The timings of such
// floods are measured by `npm run bench`, not here.

/** Posts one submission from `localAddress`; its status and, for a 201, the stored id. */
function post(localAddress: string, payload: object): Promise<{ status: number; id: string | null }> {
  const body = JSON.stringify(payload);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: 8888,
        path: "/api/submit-contact-form",
        method: "POST",
        localAddress,
        agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, id: res.statusCode === 201 ? JSON.parse(text).id : null });
        });
      },
    );
    req.on("error", () => resolve({ status: 0, id: null }));
    req.end(body);
  });
}

test("200 posts at once from 200 addresses: all 201, and each listed exactly once", async ({ request }) => {
  test.setTimeout(180_000);
  const marker = `Flood${Date.now().toString(36)}`;
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      post(`127.3.${Math.floor(i / 200)}.${(i % 200) + 1}`, {
        name: `${marker} visitor ${i}`,
        email: `${marker.toLowerCase()}@example.ee`,
        message: `Flood post ${i}`,
        website: "",
      }),
    ),
  );
  const statuses = answers.map((a) => a.status);
  expect(
    statuses.filter((s) => s !== 201),
    "answers other than 201",
  ).toEqual([]);

  const admin = demoAccounts.find((a) => a.claims.admin);
  const signIn = await request.post(
    `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { data: { email: admin?.email, password: admin?.password, returnSecureToken: true } },
  );
  const { idToken } = (await signIn.json()) as { idToken: string };
  // Each is listed once in the inbox or in its Spam tab: posts this short say too little for the
  // spam check to be sure either way, and now and then one of them is filed as spam.
  const listed: string[] = [];
  for (const status of ["", "&status=spam"]) {
    let cursor = "";
    for (let pages = 0; pages < 10; pages++) {
      const res = await request.get(
        `/api/contact-submissions?q=${marker}${status}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        { headers: { authorization: `Bearer ${idToken}` } },
      );
      expect(res.status()).toBe(200);
      const page = (await res.json()) as { submissions: { id: string }[]; next_cursor: string | null };
      listed.push(...page.submissions.map((s) => s.id));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
  }
  expect(listed).toHaveLength(200);
  expect([...listed].sort()).toEqual(answers.map((a) => a.id).sort());

  // Clean up after itself (one address for all 200): the other tests' inbox views stay as they were.
  const erase = await request.post("/api/contact-submissions/erase", {
    headers: { authorization: `Bearer ${idToken}`, "content-type": "application/json" },
    data: { email: `${marker.toLowerCase()}@example.ee` },
  });
  expect(await erase.json()).toEqual({ erased: 200 });
});
