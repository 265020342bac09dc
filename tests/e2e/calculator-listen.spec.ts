import { readFileSync } from "node:fs";
import { LOCALES, localePath } from "../../src/i18n/locales";
import { bandPass, t20 } from "../support/decay-analysis";
import { expect, test, watchForErrors } from "./fixtures";

// "Hear the room": both versions play in every language, the sound and its code load on the first
// press only, and the WAV of the response measures, band by band, as the page's table says.

const CALCULATOR = "/tools/room-acoustics-calculator";
const CONCRETE_ROOM = `${CALCULATOR}?length=10&width=5&height=3&floor=concrete&ceiling=concrete&walls=concrete&amount=0&unit=m2`;

/** What each language's Listen buttons and status say. */
const WORDS = {
  en: {
    before: "Listen: room as it is",
    after: "Listen: with the panels",
    playingBefore: "Playing: the room as it is",
    playingAfter: "Playing: the room with the panels",
  },
  et: {
    before: "Kuula: ruum praegu",
    after: "Kuula: paneelidega",
    playingBefore: "Mängib: ruum praegu",
    playingAfter: "Mängib: ruum paneelidega",
  },
  fi: {
    before: "Kuuntele: huone nykyisellään",
    after: "Kuuntele: paneelien kanssa",
    playingBefore: "Soi: huone nykyisellään",
    playingAfter: "Soi: huone paneelien kanssa",
  },
  sv: {
    before: "Lyssna: rummet som det är",
    after: "Lyssna: med panelerna",
    playingBefore: "Spelar: rummet som det är",
    playingAfter: "Spelar: rummet med panelerna",
  },
} as const;

test.beforeEach(async ({ page }) => {
  // Counts what reaches the speakers: each convolver made, with its response's length and normalisation.
  await page.addInitScript(() => {
    const made: { normalize: boolean; seconds: number }[] = [];
    (window as unknown as { __convolvers: typeof made }).__convolvers = made;
    const Original = window.ConvolverNode;
    window.ConvolverNode = class extends Original {
      constructor(context: BaseAudioContext, options?: ConvolverOptions) {
        super(context, options);
        made.push({ normalize: this.normalize, seconds: this.buffer?.duration ?? 0 });
      }
    };
  });
});

for (const locale of LOCALES) {
  test(`${locale}: plays the room as it is and with the panels, one at a time`, async ({ page }) => {
    const errors = watchForErrors(page);
    const loaded: string[] = [];
    page.on("request", (request) => loaded.push(new URL(request.url()).pathname));
    await page.goto(localePath(locale, CALCULATOR));
    await expect(page.locator("room-calculator")).toHaveAttribute("data-ready", "");
    // Nothing of listening before a press.
    expect(loaded.filter((path) => /\/audio\/|listen|impulse/.test(path))).toEqual([]);

    const words = WORDS[locale];
    const before = page.getByRole("button", { name: words.before });
    const after = page.getByRole("button", { name: words.after });
    const status = page.locator("[data-out=listen]");
    await before.click();
    // The first press loads the code and the dry sound and computes the responses in a worker: on a
    // busy two-core machine that can take longer than an assertion's usual wait.
    await expect(status).toHaveText(words.playingBefore, { timeout: 20_000 });
    await expect(before).toHaveAttribute("aria-pressed", "true");
    await after.click();
    await expect(status).toHaveText(words.playingAfter, { timeout: 20_000 });
    await expect(before).toHaveAttribute("aria-pressed", "false");
    await expect(after).toHaveAttribute("aria-pressed", "true");
    // Pressed again, the one playing stops.
    await after.click();
    await expect(after).toHaveAttribute("aria-pressed", "false");

    const convolvers = await page.evaluate(
      () => (window as unknown as { __convolvers: { normalize: boolean; seconds: number }[] }).__convolvers,
    );
    expect(convolvers.length).toBe(2);
    for (const convolver of convolvers) {
      expect(convolver.normalize).toBe(false);
      expect(convolver.seconds).toBeGreaterThanOrEqual(1);
    }
    // The sentence in this page's language, as Opus.
    expect(loaded).toContain(`/audio/dry-${locale}.opus`);
    expect(errors).toEqual([]);
  });
}

test("the WAV of the concrete room measures, per octave band, within 10% of the page's table", async ({ page }) => {
  await page.goto(CONCRETE_ROOM);
  await expect(page.locator("room-calculator")).toHaveAttribute("data-ready", "");
  // The reverberation time the page uses per band for the room as it is (the figure in bold).
  await expect(page.locator('[data-out="mid-before"]')).not.toHaveText("");
  const table = await page.locator('[data-result="details"] table tbody tr').evaluateAll((rows) =>
    rows.map((row) => ({
      band: Number(row.querySelector("th")?.textContent),
      seconds: Number(
        [...row.querySelectorAll("td")].slice(0, 2).find((td) => td.hasAttribute("data-used"))?.textContent,
      ),
    })),
  );
  expect(table.map((row) => row.band)).toEqual([125, 250, 500, 1000, 2000, 4000]);
  // No panels: the two versions are the same room.
  await expect(page.locator('[data-out="mid-after"]')).toHaveText(
    (await page.locator('[data-out="mid-before"]').textContent()) ?? "",
  );

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download impulse response, room as it is (WAV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("impulse-response-as-it-is-10x5x3m.wav");
  const file = readFileSync((await download.path()) ?? "");

  // A mono 32-bit float WAV: its format, rate and samples.
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  expect(file.toString("latin1", 0, 4)).toBe("RIFF");
  expect(file.toString("latin1", 8, 12)).toBe("WAVE");
  let offset = 12;
  let rate = 0;
  let samples = new Float32Array(0);
  while (offset + 8 <= file.length) {
    const id = file.toString("latin1", offset, offset + 4);
    const size = view.getUint32(offset + 4, true);
    if (id === "fmt ") {
      expect(view.getUint16(offset + 8, true)).toBe(3);
      expect(view.getUint16(offset + 10, true)).toBe(1);
      rate = view.getUint32(offset + 12, true);
    }
    if (id === "data")
      samples = new Float32Array(file.buffer.slice(file.byteOffset + offset + 8, file.byteOffset + offset + 8 + size));
    offset += 8 + size + (size % 2);
  }
  expect(rate).toBe(48_000);

  // Each band through its centre third of an octave (neighbouring bands differ 2× in this room, and a
  // whole octave's filter lets the slower neighbour into the measurement), T20 from −5 to −25 dB.
  for (const { band, seconds } of table) {
    const measured = t20([samples], bandPass(band, 1 / 3, rate), rate);
    expect(
      Math.abs(measured - seconds) / seconds,
      `${band} Hz: ${measured.toFixed(2)} s for ${seconds} s`,
    ).toBeLessThanOrEqual(0.1);
  }
});
