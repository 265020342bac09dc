// Renders the site's illustrative images (no photography exists yet) from SVG to JPEG. The output is
// committed; Astro then makes AVIF/WebP sizes at build. Rerun after changing the artwork:
//   node scripts/make-images.mjs
import { mkdir } from "node:fs/promises";
import sharp from "sharp";

const W = 1600;
const H = 1200;

/** Small deterministic PRNG so the artwork is the same on every run. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const palettes = {
  "aural-solution": { base: "#2a2926", accent: "#b07a45", light: "#c99762" },
  "felt-panels": {
    base: "#4f6b5c",
    accent: "#c9b79c",
    light: "#8fa394",
    extra: ["#2f4a3c", "#b86f52", "#d9cdb8", "#7d8f7f"],
  },
  "perforated-panels": { base: "#ece6da", accent: "#3b3833", light: "#f7f4ee" },
  "grooved-panels": { base: "#d8c3a0", accent: "#8a6a44", light: "#ead9bb" },
  "veneered-panels": { base: "#9b6b42", accent: "#6e4a2c", light: "#c4915f" },
};

function pattern(kind, x, y, w, h, seed = 1) {
  const r = random(seed);
  const p = palettes[kind];
  const parts = [];
  switch (kind) {
    case "aural-solution": {
      parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${p.base}"/>`);
      parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" filter="url(#felt)" opacity="0.35"/>`);
      const slat = Math.max(14, w / 34);
      for (let sx = x + slat * 0.6; sx < x + w - slat; sx += slat * 1.7) {
        parts.push(`<rect x="${sx}" y="${y + 8}" width="${slat}" height="${h - 16}" rx="3" fill="url(#oak)"/>`);
        for (let g = 0; g < 3; g++) {
          const gx = sx + slat * (0.2 + r() * 0.6);
          parts.push(
            `<path d="M${gx} ${y + 8} q ${r() * 4 - 2} ${h / 2} 0 ${h - 16}" stroke="${p.accent}" stroke-opacity="0.35" stroke-width="1.2" fill="none"/>`,
          );
        }
      }
      break;
    }
    case "felt-panels": {
      const cols = 4;
      const rows = 3;
      const gap = Math.max(8, w / 80);
      const tw = (w - gap * (cols + 1)) / cols;
      const th = (h - gap * (rows + 1)) / rows;
      parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#e9e2d4"/>`);
      for (let c = 0; c < cols; c++) {
        for (let rr = 0; rr < rows; rr++) {
          const colour = p.extra[Math.floor(r() * p.extra.length)];
          const tx = x + gap + c * (tw + gap);
          const ty = y + gap + rr * (th + gap);
          parts.push(`<rect x="${tx}" y="${ty}" width="${tw}" height="${th}" rx="${gap}" fill="${colour}"/>`);
          parts.push(
            `<rect x="${tx}" y="${ty}" width="${tw}" height="${th}" rx="${gap}" filter="url(#felt)" opacity="0.4"/>`,
          );
        }
      }
      break;
    }
    case "perforated-panels": {
      parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${p.base}"/>`);
      const step = Math.max(14, w / 40);
      for (let hx = x + step / 2; hx < x + w; hx += step) {
        for (let hy = y + step / 2; hy < y + h; hy += step) {
          parts.push(`<circle cx="${hx}" cy="${hy}" r="${step * 0.18}" fill="${p.accent}" fill-opacity="0.8"/>`);
        }
      }
      break;
    }
    case "grooved-panels": {
      parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#maple)"/>`);
      const step = Math.max(10, w / 48);
      for (let gx = x + step; gx < x + w; gx += step) {
        parts.push(
          `<rect x="${gx}" y="${y}" width="${step * 0.22}" height="${h}" fill="#3b2e20" fill-opacity="0.75"/>`,
        );
      }
      break;
    }
    case "veneered-panels": {
      parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#walnut)"/>`);
      for (let i = 0; i < 60; i++) {
        const gx = x + r() * w;
        const bend = (r() - 0.5) * 60;
        parts.push(
          `<path d="M${gx} ${y} C ${gx + bend} ${y + h * 0.3}, ${gx - bend} ${y + h * 0.7}, ${gx + bend / 3} ${y + h}" stroke="${p.accent}" stroke-opacity="${0.15 + r() * 0.3}" stroke-width="${1 + r() * 2.5}" fill="none"/>`,
        );
      }
      const panel = w / 3;
      for (let i = 1; i < 3; i++)
        parts.push(
          `<rect x="${x + panel * i - 2}" y="${y}" width="4" height="${h}" fill="#3a2617" fill-opacity="0.5"/>`,
        );
      break;
    }
  }
  return parts.join("");
}

const defs = `<defs>
<linearGradient id="oak" x1="0" x2="1"><stop offset="0" stop-color="#c08a55"/><stop offset="1" stop-color="#9c6b3c"/></linearGradient>
<linearGradient id="maple" x1="0" x2="1"><stop offset="0" stop-color="#e3cfac"/><stop offset="1" stop-color="#cdb086"/></linearGradient>
<linearGradient id="walnut" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#a8744a"/><stop offset="1" stop-color="#7f5434"/></linearGradient>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#efe9df"/><stop offset="1" stop-color="#e2d9cb"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b58d62"/><stop offset="1" stop-color="#8e6843"/></linearGradient>
<linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="0.6" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></linearGradient>
<filter id="felt" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="4"/><feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.55 0"/></filter>
<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="18"/></filter>
</defs>`;

const svg = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs}${body}</svg>`;

function room(kind, { seed = 1, sofa = true } = {}) {
  return svg(`
<rect width="${W}" height="${H}" fill="url(#wall)"/>
<rect y="${H * 0.78}" width="${W}" height="${H * 0.22}" fill="url(#floor)"/>
${Array.from({ length: 12 }, (_, i) => `<path d="M0 ${H * 0.78 + i * 24} H${W}" stroke="#7a5836" stroke-opacity="0.18"/>`).join("")}
<rect x="${W * 0.2 + 18}" y="${H * 0.14 + 24}" width="${W * 0.6}" height="${H * 0.52}" fill="#000" opacity="0.35" filter="url(#soft)"/>
${pattern(kind, W * 0.2, H * 0.14, W * 0.6, H * 0.52, seed)}
<rect x="${W * 0.2}" y="${H * 0.14}" width="${W * 0.6}" height="${H * 0.52}" fill="url(#light)"/>
${
  sofa
    ? `<ellipse cx="${W * 0.5}" cy="${H * 0.93}" rx="${W * 0.3}" ry="26" fill="#000" opacity="0.18" filter="url(#soft)"/>
<rect x="${W * 0.24}" y="${H * 0.7}" width="${W * 0.52}" height="${H * 0.16}" rx="36" fill="#5d6b62"/>
<rect x="${W * 0.22}" y="${H * 0.76}" width="${W * 0.56}" height="${H * 0.13}" rx="30" fill="#6f7d73"/>
<rect x="${W * 0.27}" y="${H * 0.885}" width="14" height="40" fill="#3b2e20"/><rect x="${W * 0.72}" y="${H * 0.885}" width="14" height="40" fill="#3b2e20"/>`
    : ""
}
<path d="M${W * 0.86} 0 V${H * 0.2}" stroke="#3a3a36" stroke-width="3"/>
<path d="M${W * 0.83} ${H * 0.26} a ${W * 0.03} ${H * 0.06} 0 0 1 ${W * 0.06} 0 Z" fill="#2f4a3c"/>
<ellipse cx="${W * 0.86}" cy="${H * 0.27}" rx="${W * 0.06}" ry="${H * 0.05}" fill="#fff3d6" opacity="0.35" filter="url(#soft)"/>`);
}

function closeup(kind, seed) {
  return svg(`${pattern(kind, 0, 0, W, H, seed)}<rect width="${W}" height="${H}" fill="url(#light)"/>`);
}

function swatches(kind, seed) {
  const r = random(seed);
  const cells = [];
  for (let i = 0; i < 6; i++) {
    const cx = 120 + (i % 3) * 470;
    const cy = 140 + Math.floor(i / 3) * 500;
    cells.push(
      `<rect x="${cx + 14}" y="${cy + 22}" width="420" height="420" rx="18" fill="#000" opacity="0.25" filter="url(#soft)"/>`,
    );
    cells.push(
      `<g transform="translate(${cx} ${cy})"><clipPath id="c${i}"><rect width="420" height="420" rx="18"/></clipPath><g clip-path="url(#c${i})">${pattern(kind, 0, 0, 420, 420, Math.floor(r() * 1000))}<rect width="420" height="420" fill="#fff" opacity="${(i % 3) * 0.12}"/></g></g>`,
    );
  }
  return svg(`<rect width="${W}" height="${H}" fill="#f4efe6"/>${cells.join("")}`);
}

function profile(kind, depth) {
  const p = palettes[kind];
  return svg(`<rect width="${W}" height="${H}" fill="#f7f4ee"/>
${Array.from({ length: 40 }, (_, i) => `<path d="M${i * 40} 0 V${H}" stroke="#d9d0c1" stroke-opacity="0.5"/>`).join("")}
${Array.from({ length: 30 }, (_, i) => `<path d="M0 ${i * 40} H${W}" stroke="#d9d0c1" stroke-opacity="0.5"/>`).join("")}
<rect x="260" y="160" width="140" height="880" fill="#b9b2a6"/>
${Array.from({ length: 22 }, (_, i) => `<path d="M260 ${180 + i * 40} l140 -30" stroke="#8d867a" stroke-width="3"/>`).join("")}
<rect x="${400 + depth * 4}" y="200" width="160" height="800" fill="${p.base}"/>
<rect x="${400 + depth * 4}" y="200" width="160" height="800" filter="url(#felt)" opacity="0.35"/>
<rect x="${560 + depth * 4}" y="200" width="26" height="800" fill="${p.accent}"/>
<path d="M400 1080 H${400 + depth * 4}" stroke="#2f4a3c" stroke-width="4"/>
<path d="M400 1060 V1100 M${400 + depth * 4} 1060 V1100" stroke="#2f4a3c" stroke-width="4"/>
${Array.from({ length: 5 }, (_, i) => `<path d="M${1400 - i * 60} ${360 + i * 110} Q ${1000} ${420 + i * 110} ${600 + depth * 4} ${400 + i * 110}" stroke="#a8743f" stroke-width="5" fill="none" stroke-dasharray="18 14" opacity="${0.9 - i * 0.12}"/>`).join("")}
${Array.from({ length: 3 }, (_, i) => `<path d="M${600 + depth * 4} ${520 + i * 160} q 200 ${-20 + i * 10} 420 ${40 + i * 20}" stroke="#2f4a3c" stroke-width="3" fill="none" opacity="0.35"/>`).join("")}`);
}

function stationScene(variant) {
  const baffles = Array.from(
    { length: 9 },
    (_, i) =>
      `<rect x="${180 + i * 140}" y="120" width="70" height="${variant === "enhancing-acoustics" ? 220 : 0}" rx="10" fill="#4f6b5c"/>`,
  ).join("");
  const waves =
    variant === "acoustic-characteristics"
      ? Array.from(
          { length: 6 },
          (_, i) =>
            `<path d="M${300 + i * 180} 700 L${500 + i * 160} 180 L${700 + i * 140} 700" stroke="#a8743f" stroke-width="4" fill="none" opacity="${0.8 - i * 0.1}"/>`,
        ).join("")
      : "";
  const chart =
    variant === "optimal-levels"
      ? `<rect x="880" y="200" width="560" height="380" rx="20" fill="#f7f4ee" opacity="0.95"/><path d="M940 520 L1040 420 L1140 380 L1240 340 L1340 330 L1400 320" stroke="#2f4a3c" stroke-width="8" fill="none"/><rect x="940" y="360" width="460" height="60" fill="#2f4a3c" opacity="0.15"/>`
      : "";
  return svg(`<rect width="${W}" height="${H}" fill="#dfe3e2"/>
<rect x="0" y="0" width="${W}" height="420" fill="#c9d3d6"/>
${Array.from({ length: 8 }, (_, i) => `<rect x="${60 + i * 190}" y="60" width="170" height="520" fill="#eaf1f3" opacity="0.8"/>`).join("")}
<rect y="600" width="${W}" height="600" fill="#bdb7ad"/>
${baffles}
${Array.from({ length: 4 }, (_, i) => `<rect x="${160 + i * 360}" y="760" width="300" height="40" rx="10" fill="#2f2d2a"/><rect x="${180 + i * 360}" y="800" width="12" height="90" fill="#2f2d2a"/><rect x="${428 + i * 360}" y="800" width="12" height="90" fill="#2f2d2a"/>`).join("")}
${waves}${chart}`);
}

function livingScene(variant) {
  if (variant === "enhancing-acoustics" || variant === "living-room")
    return room("felt-panels", { seed: variant.length });
  const base = room("veneered-panels", { seed: 3 }).replace("</svg>", "");
  const extra =
    variant === "acoustic-characteristics"
      ? Array.from(
          { length: 6 },
          (_, i) =>
            `<path d="M${200 + i * 200} 1000 L${350 + i * 180} 260 L${520 + i * 150} 1000" stroke="#2f4a3c" stroke-width="5" fill="none" opacity="${0.85 - i * 0.1}"/>`,
        ).join("")
      : `<rect x="420" y="260" width="760" height="420" rx="24" fill="#f7f4ee" opacity="0.95"/><path d="M480 600 L580 500 L700 470 L820 430 L940 420 L1100 410" stroke="#2f4a3c" stroke-width="8" fill="none"/><rect x="480" y="440" width="640" height="70" fill="#a8743f" opacity="0.2"/>`;
  return `${base}${extra}</svg>`;
}

async function write(svgText, file) {
  await sharp(Buffer.from(svgText)).jpeg({ quality: 82, mozjpeg: true }).toFile(file);
  console.log("wrote", file);
}

const imageCounts = {
  "aural-solution": 4,
  "felt-panels": 4,
  "perforated-panels": 3,
  "grooved-panels": 4,
  "veneered-panels": 2,
};
await mkdir("content/products/images", { recursive: true });
for (const [kind, count] of Object.entries(imageCounts)) {
  const makers = [
    () => room(kind, { seed: 7 }),
    () => closeup(kind, 11),
    () => swatches(kind, 5),
    () => profile(kind, 40),
  ];
  for (let i = 0; i < count; i++) await write(makers[i](), `content/products/images/${kind}-${i + 1}.jpg`);
}

for (const [space, scene] of [
  ["living-room", livingScene],
  ["transport-waiting-areas", stationScene],
]) {
  await mkdir(`content/spaces/images/${space}`, { recursive: true });
  for (const variant of [space, "acoustic-characteristics", "optimal-levels", "enhancing-acoustics"]) {
    await write(scene(variant), `content/spaces/images/${space}/${variant}.jpg`);
  }
}

// Gallery: one folder per section; each file's name is its alt text.
const gallery = {
  "veneered-panels": [
    ["walnut-veneer-wall-behind-a-sofa", () => room("veneered-panels", { seed: 21 })],
    ["book-matched-walnut-grain-up-close", () => closeup("veneered-panels", 22)],
    ["walnut-and-oak-veneer-samples", () => swatches("veneered-panels", 23)],
    ["veneer-panel-mounted-on-battens-section", () => profile("veneered-panels", 100)],
  ],
  "grooved-panels": [
    ["birch-grooved-wall-in-a-lounge", () => room("grooved-panels", { seed: 31 })],
    ["rhythm-of-grooves-in-light-birch", () => closeup("grooved-panels", 32)],
    ["birch-and-ash-grooved-samples", () => swatches("grooved-panels", 33)],
  ],
  "perforated-panels": [
    ["perforated-board-wall-in-a-quiet-room", () => room("perforated-panels", { seed: 41 })],
    ["even-grid-of-round-perforations", () => closeup("perforated-panels", 42)],
    ["painted-perforated-board-samples", () => swatches("perforated-panels", 43)],
    ["perforated-board-with-mineral-wool-section", () => profile("perforated-panels", 50)],
  ],
  "felt-panels": [
    ["felt-tiles-in-moss-and-terracotta", () => room("felt-panels", { seed: 51 })],
    ["felt-tile-pattern-up-close", () => closeup("felt-panels", 52)],
    ["twelve-felt-colours-side-by-side", () => swatches("felt-panels", 53)],
    ["felt-tiles-above-a-reading-corner", () => room("felt-panels", { seed: 54, sofa: true })],
    ["felt-panel-on-clips-section", () => profile("felt-panels", 50)],
  ],
};
for (const [folder, images] of Object.entries(gallery)) {
  await mkdir(`content/gallery/${folder}`, { recursive: true });
  for (const [name, make] of images) await write(make(), `content/gallery/${folder}/${name}.jpg`);
}
