import { describe, expect, it } from "vitest";
import { CONSENT_KEY, storeConsent } from "../../../../src/features/analytics/consent";
import { clearAnalyticsCookies, readConsent } from "../../../../src/features/analytics/consent-choices";
import { readSink, SINK_KEY, sinkTransport } from "../../../../src/features/analytics/sink";

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const DAY = 24 * 60 * 60 * 1000;

describe("consent", () => {
  it("has no choice until one is stored, then remembers it", () => {
    const storage = new MemoryStorage();
    expect(readConsent(storage)).toBeNull();
    storeConsent(storage, "denied", 1_000);
    expect(readConsent(storage, 2_000)).toBe("denied");
    storeConsent(storage, "granted", 3_000);
    expect(readConsent(storage, 4_000)).toBe("granted");
  });

  it("asks again after a year", () => {
    const storage = new MemoryStorage();
    storeConsent(storage, "granted", 0);
    expect(readConsent(storage, 364 * DAY)).toBe("granted");
    expect(readConsent(storage, 366 * DAY)).toBeNull();
  });

  it("treats anything else in storage as no choice", () => {
    const storage = new MemoryStorage();
    for (const value of ["granted", "{", '{"choice":"yes","at":1}', '{"choice":"granted"}', "null", "[]"]) {
      storage.setItem(CONSENT_KEY, value);
      expect(readConsent(storage, 10), value).toBeNull();
    }
    expect(readConsent(undefined)).toBeNull();
  });

  it("survives storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
    };
    expect(() => storeConsent(broken, "granted")).not.toThrow();
    expect(readConsent(broken)).toBeNull();
  });

  it("removes Google Analytics cookies for the host and its parent domains, and no others", () => {
    const written: string[] = [];
    const doc = { location: { hostname: "www.example.ee" } };
    Object.defineProperty(doc, "cookie", {
      get: () => "_ga=GA1.1.1; theme=dark; _ga_ABC123=GS1.1; _gid=GA1.2",
      set: (value: string) => written.push(value),
    });
    clearAnalyticsCookies(doc as unknown as Document);
    expect(written).toEqual([
      "_ga=;path=/;max-age=0",
      "_ga=;path=/;max-age=0;domain=.www.example.ee",
      "_ga=;path=/;max-age=0;domain=.example.ee",
      "_ga_ABC123=;path=/;max-age=0",
      "_ga_ABC123=;path=/;max-age=0;domain=.www.example.ee",
      "_ga_ABC123=;path=/;max-age=0;domain=.example.ee",
      "_gid=;path=/;max-age=0",
      "_gid=;path=/;max-age=0;domain=.www.example.ee",
      "_gid=;path=/;max-age=0;domain=.example.ee",
    ]);
  });
});

describe("local sink", () => {
  it("records events in order where a test can read them, and logs each one", () => {
    const storage = new MemoryStorage();
    const logged: string[] = [];
    const send = sinkTransport(storage, (e) => logged.push(e.params.page_path));
    const event = (path: string) => ({
      name: "page_view" as const,
      params: { page_title: "T", page_path: path, page_location: `https://example.ee${path}` },
    });
    send(event("/"));
    send(event("/contact?product=felt-panels"));
    expect(readSink(storage).map((e) => e.params.page_path)).toEqual(["/", "/contact?product=felt-panels"]);
    expect(logged).toEqual(["/", "/contact?product=felt-panels"]);
    expect(readSink(new MemoryStorage())).toEqual([]);
    storage.setItem(SINK_KEY, "not json");
    expect(readSink(storage)).toEqual([]);
  });
});
