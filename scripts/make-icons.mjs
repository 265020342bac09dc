// Renders the favicon and the link-preview image to PNG. Run after changing their artwork:
//   node scripts/make-icons.mjs
import { readFile } from "node:fs/promises";
import sharp from "sharp";

const favicon = await readFile(new URL("../public/favicon.svg", import.meta.url));
await sharp(favicon, { density: 600 }).resize(180, 180).png().toFile("public/apple-touch-icon.png");

const slats = Array.from(
  { length: 16 },
  (_, i) => `<rect x="${700 + i * 30}" y="70" width="18" height="490" rx="4" fill="#a8743f"/>`,
).join("");
const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="#f7f4ee"/>
<rect x="680" y="50" width="500" height="530" rx="24" fill="#2b2a27"/>${slats}
<text x="70" y="250" font-family="Georgia, serif" font-size="64" fill="#1f1d1a">Aesthetically</text>
<text x="70" y="330" font-family="Georgia, serif" font-size="64" fill="#1f1d1a">Sound Solutions</text>
<text x="70" y="420" font-family="Helvetica, Arial, sans-serif" font-size="28" fill="#2f4a3c">Designer acoustic wall panels from Estonia</text>
</svg>`;
await sharp(Buffer.from(og)).png({ compressionLevel: 9, palette: true }).toFile("public/og-image.png");
