import { describe, expect, it } from "vitest";
import {
  deliveryPoint,
  REPEAT_WINDOW_MS,
  repeatReason,
  withVisit,
} from "../../../../../src/features/spam/server/repeat-address";

const point = (street: string, postal_code = "10415") => deliveryPoint({ street, postal_code });

describe("a delivery point", () => {
  it("is one flat however its street, flat and postal code are written", () => {
    const flat = point("Tartu mnt 25-7");
    for (const written of ["Tartu maantee 25 - 7", "tartu mnt. 25/7", "Tartu mnt 25 kv 7", "Tärtu mnt 025-07"]) {
      expect(point(written)).toBe(flat);
    }
    expect(point("Otakaari 3 B 12", "02150")).toBe(point("Otakaari 3B12", "02 150"));
    expect(point("Storgatan 4, lgh 1102", "111 22")).toBe(point("Storgatan 4 lägenhet 1102", "11122"));
  });

  it("tells apart other flats, other houses, other streets and other postal codes", () => {
    const flat = point("Tartu mnt 25-7");
    expect(point("Tartu mnt 25-8")).not.toBe(flat);
    expect(point("Tartu mnt 27-7")).not.toBe(flat);
    expect(point("Pärnu mnt 25-7")).not.toBe(flat);
    expect(point("Tartu mnt 25-7", "10115")).not.toBe(flat);
  });

  it("is the longest word of an address without numbers: a parcel locker, a farm", () => {
    expect(point("Pakiautomaat Ülemiste keskus")).toBe(point("Ülemiste keskus pakiautomaat"));
    expect(point("Männiku talu", "63001")).not.toBe(point("Kuuse talu", "63001"));
  });
});

describe("the repeat-address reason", () => {
  it("keeps only the window's visits, at most twenty, and counts different requesters", () => {
    let visits = withVisit([{ at: 0, by: "old" }], { at: REPEAT_WINDOW_MS + 1, by: "a" });
    expect(visits.map((visit) => visit.by)).toEqual(["a"]);
    for (let i = 0; i < 30; i++) visits = withVisit(visits, { at: REPEAT_WINDOW_MS + 2 + i, by: `p${i % 2}` });
    expect(visits).toHaveLength(20);
    expect(repeatReason(visits)).toBeNull();
    expect(repeatReason([...visits, { at: REPEAT_WINDOW_MS + 40, by: "third" }])?.points).toBe(5);
  });

  it("files a new requester whose finishes take the address past four, and nobody within four or asking again", () => {
    const a = { at: 1, by: "a", finishes: ["f/1", "f/2", "f/3", "f/4"] };
    expect(repeatReason([a, { at: 2, by: "b", finishes: ["f/5"] }])?.points).toBe(5);
    expect(repeatReason([a, { at: 2, by: "b", finishes: ["f/1", "f/2"] }])).toBeNull();
    expect(repeatReason([a, { at: 2, by: "b", finishes: ["f/5"] }, { at: 3, by: "a", finishes: ["f/6"] }])).toBeNull();
    // A record written before visits kept their finishes, or holding junk, counts none.
    expect(
      repeatReason([
        { at: 1, by: "a" },
        { at: 2, by: "b", finishes: [5, null] as unknown as string[] },
      ]),
    ).toBeNull();
  });
});
