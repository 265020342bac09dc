import type { Config } from "@netlify/functions";
import { compactPending } from "../../src/features/inbox/server/compaction";
import { errorResponse, json } from "../lib/http";
import { lazyStore, STORES } from "../lib/storage";

/**
 * Every minute: moves the index entries of new enquiries into their month's shards (the one writer of
 * additions to them), so the public forms' posts never write a shared key. Admin reads compact too;
 * lists include entries not compacted yet either way.
 */
export default async () => {
  try {
    const moved = await compactPending({ submissions: lazyStore(STORES.submissions), index: lazyStore(STORES.index) });
    if (moved > 0) console.log(`compact-inbox: ${moved} new index entries moved into their shards`);
    return json({ moved });
  } catch (error) {
    console.error("compact-inbox could not compact the index", error);
    return errorResponse(503, "storage_unavailable", "The index could not be compacted");
  }
};

export const config: Config = {
  schedule: "* * * * *",
};
