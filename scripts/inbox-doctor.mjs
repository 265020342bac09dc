// npm run inbox:doctor: lists every stored value the enquiry inbox cannot read (an empty or cut-off
// submission, new index entry, id pointer or outbox entry), and repairs the store.
//   npm run inbox:doctor                      list them (exit 1 when there are any)
//   npm run inbox:doctor -- --remove          remove them; an unreadable submission goes with its
//                                             index entries, export copy, pointer and outbox entry
//   npm run inbox:doctor -- --restore FILE    put a submission back from a JSON copy of it (replacing
//                                             an unreadable value under its key, never a readable one)
// Locally it works on the preview's and `npm start`'s Blobs folder (.netlify/blobs-serve). With
// NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set it works on that deployed site's stores.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { BlobsServer } from "@netlify/blobs/server";
import "./lib/typescript-imports.mjs";
import "./local-fixes/netlify-blobs-server.mjs";

const { examine, removeUnreadable, restoreEnquiry } = await import("../src/features/inbox/server/doctor.ts");
const { openStore, STORES } = await import("../netlify/lib/storage.ts");

const args = process.argv.slice(2);
const remove = args.includes("--remove");
const restoreAt = args.indexOf("--restore");
const restoreFile = restoreAt >= 0 ? args[restoreAt + 1] : undefined;
if (
  (restoreAt >= 0 && !restoreFile) ||
  args.some((a) => a.startsWith("--") && !["--remove", "--restore"].includes(a))
) {
  console.error("Usage: npm run inbox:doctor [-- --remove | --restore FILE]");
  process.exit(2);
}

/** The inbox's stores: the deployed site's, or the local server's folder through a Blobs server of our own. */
async function openStores() {
  const siteID = process.env.NETLIFY_SITE_ID;
  const token = process.env.NETLIFY_AUTH_TOKEN;
  if (siteID && token) {
    const open = (name) => openStore({ name, siteID, token });
    return { stores: open, where: `site ${siteID}`, stop: async () => {} };
  }
  const directory = join(process.cwd(), ".netlify", "blobs-serve");
  const server = new BlobsServer({ directory, token: "doctor-token" });
  const { port } = await server.start();
  const edgeURL = `http://localhost:${port}`;
  const open = (name) => openStore({ name, siteID: "0", edgeURL, uncachedEdgeURL: edgeURL, token: "doctor-token" });
  return { stores: open, where: directory, stop: () => server.stop() };
}

const { stores: open, where, stop } = await openStores();
const stores = { submissions: open(STORES.submissions), index: open(STORES.index), outbox: open(STORES.outbox) };
try {
  if (restoreFile) {
    const key = await restoreEnquiry(stores, JSON.parse(await readFile(restoreFile, "utf8")));
    console.log(`Restored ${key} from ${restoreFile}; it is listed again.`);
  } else {
    const findings = await examine(stores);
    if (findings.length === 0) {
      console.log(`Every stored value of the inbox reads (${where}).`);
    } else {
      console.log(`${findings.length} unreadable value${findings.length === 1 ? "" : "s"} (${where}):`);
      for (const f of findings) console.log(`  ${f.store.padEnd(11)} ${f.key}  (${f.reason})`);
      if (remove) {
        const removed = await removeUnreadable(stores, findings);
        console.log(`Removed ${removed.length}.`);
      } else {
        console.log(
          "Remove them with `npm run inbox:doctor -- --remove`, or restore a submission with --restore FILE.",
        );
        process.exitCode = 1;
      }
    }
  }
} catch (error) {
  console.error(`inbox:doctor: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await stop();
}
