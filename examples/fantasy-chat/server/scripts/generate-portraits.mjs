// Draws the character portraits as stylised SVG busts: `npm run portraits -w realmheart` rewrites
// server/public/characters/*.svg. Each portrait combines its archetype's backdrop (moon and stars for the fae,
// mist for the shadows, banners for the generals, wings for the riders, sunrise for the loyal riders, a shield
// and lantern for the protectors) with the character's own colouring, hair and adornment. Output is
// deterministic, so re-running it only changes files when this script changes.
import { mkdirSync, writeFileSync } from "node:fs";

const out = new URL("../public/characters/", import.meta.url);

/** Backdrop gradients and motif per archetype. */
const ARCHETYPES = {
  dark_fae_lord: { bg: ["#3b1f5c", "#0d0618"], glow: "#b9a6ff", motif: "moon" },
  shadow_warrior: { bg: ["#22303d", "#06090d"], glow: "#8fb3c9", motif: "mist" },
  warrior_general: { bg: ["#6b2416", "#1c0805"], glow: "#f2b441", motif: "banners" },
  dragon_rider: { bg: ["#7a2e0e", "#1a0a05"], glow: "#ff9b3d", motif: "wing" },
  loyal_dragon_rider: { bg: ["#c77b2a", "#2b1530"], glow: "#ffe08a", motif: "sunrise" },
  devoted_protector: { bg: ["#1f4a3a", "#07140f"], glow: "#ffd27a", motif: "shield" },
};

/** One entry per character: its archetype and looks. */
const CHARACTERS = [
  {
    id: "kaelen-nightthorn",
    name: "Kaelen Nightthorn",
    archetype: "dark_fae_lord",
    skin: "#e9d6cf",
    hair: "#d9dbe8",
    hairStyle: "long",
    eyes: "#7d5cff",
    outfit: "#2a1845",
    trim: "#c0c6e6",
    adornment: "circlet",
    fae: true,
  },
  {
    id: "riven-ashe",
    name: "Riven Ashe",
    archetype: "shadow_warrior",
    skin: "#c99a7a",
    hair: "#1c1c22",
    hairStyle: "hood",
    eyes: "#9cc7d8",
    outfit: "#1b232c",
    trim: "#56697a",
    adornment: "mask",
  },
  {
    id: "aeron-stormwing",
    name: "Aeron Stormwing",
    archetype: "dragon_rider",
    skin: "#d9a983",
    hair: "#6b3b1f",
    hairStyle: "swept",
    eyes: "#3f8fb0",
    outfit: "#4a3524",
    trim: "#b98a4a",
    adornment: "scarf",
    scarf: "#9fb7c9",
  },
  {
    id: "rowan-blackwood",
    name: "Rowan Blackwood",
    archetype: "devoted_protector",
    skin: "#b97f5c",
    hair: "#2e1d12",
    hairStyle: "short",
    eyes: "#5b4128",
    outfit: "#5d6a72",
    trim: "#c9a227",
    adornment: "pauldrons",
  },
  {
    id: "thane-ironheart",
    name: "Thane Ironheart",
    archetype: "warrior_general",
    skin: "#d7ae8f",
    hair: "#8a8f96",
    hairStyle: "short",
    eyes: "#51708a",
    outfit: "#4f4f57",
    trim: "#c7962b",
    adornment: "pauldrons",
    scar: true,
    beard: "#7c8087",
  },
  {
    id: "caelum-brightscale",
    name: "Caelum Brightscale",
    archetype: "loyal_dragon_rider",
    skin: "#8d5a3c",
    hair: "#1e130d",
    hairStyle: "braid",
    eyes: "#c9962f",
    outfit: "#6d4a1c",
    trim: "#f0c75e",
    adornment: "scarf",
    scarf: "#e8b34a",
  },
  {
    id: "seraphine-valdris",
    name: "Seraphine Valdris",
    archetype: "warrior_general",
    skin: "#f0cfb6",
    hair: "#e7b64a",
    hairStyle: "braid",
    eyes: "#2f7a5a",
    outfit: "#7a1f1f",
    trim: "#f0c75e",
    adornment: "pauldrons",
  },
  {
    id: "tamsin-goldwing",
    name: "Tamsin Goldwing",
    archetype: "loyal_dragon_rider",
    skin: "#e2b08d",
    hair: "#b5541f",
    hairStyle: "long",
    eyes: "#3c7a3a",
    outfit: "#3d5a3a",
    trim: "#d9a441",
    adornment: "scarf",
    scarf: "#c98b2e",
    freckles: true,
  },
  {
    id: "kestrel-vane",
    name: "Kestrel Vane",
    archetype: "shadow_warrior",
    skin: "#a86e4f",
    hair: "#2a1522",
    hairStyle: "tied",
    eyes: "#d69a3a",
    outfit: "#2a1f2e",
    trim: "#a8475c",
    adornment: "earring",
  },
  {
    id: "morwen-duskveil",
    name: "Morwen Duskveil",
    archetype: "dark_fae_lord",
    skin: "#c8c3e6",
    hair: "#15122e",
    hairStyle: "long",
    eyes: "#e6c35c",
    outfit: "#1d1440",
    trim: "#e6c35c",
    adornment: "crown",
    fae: true,
  },
  {
    id: "veyr-thornecrown",
    name: "Veyr Thornecrown",
    archetype: "dark_fae_lord",
    skin: "#e4e8f0",
    hair: "#f4f7fb",
    hairStyle: "swept",
    eyes: "#6fd0ff",
    outfit: "#1c3552",
    trim: "#bfe6ff",
    adornment: "crown",
    fae: true,
    frost: true,
  },
  {
    id: "nyx-varanis",
    name: "Nyx Varanis",
    archetype: "shadow_warrior",
    skin: "#6e4a3a",
    hair: "#0e0b14",
    hairStyle: "long",
    eyes: "#b28cff",
    outfit: "#141019",
    trim: "#6b4fa8",
    adornment: "veil",
  },
  {
    id: "lyra-emberheart",
    name: "Lyra Emberheart",
    archetype: "dragon_rider",
    skin: "#f1c9a8",
    hair: "#c2281d",
    hairStyle: "long",
    eyes: "#e8892b",
    outfit: "#3b1a12",
    trim: "#ff8a3d",
    adornment: "circlet",
  },
  {
    id: "elias-hale",
    name: "Elias Hale",
    archetype: "devoted_protector",
    skin: "#e6c1a1",
    hair: "#c8a06a",
    hairStyle: "short",
    eyes: "#4e7fa8",
    outfit: "#e9e2cf",
    trim: "#3f6d5a",
    adornment: "pauldrons",
    beard: "#b8905c",
  },
];

const star = (x, y, r, fill) =>
  `<path d="M${x} ${y - r}L${x + r * 0.3} ${y - r * 0.3}L${x + r} ${y}L${x + r * 0.3} ${y + r * 0.3}L${x} ${y + r}L${x - r * 0.3} ${y + r * 0.3}L${x - r} ${y}L${x - r * 0.3} ${y - r * 0.3}Z" fill="${fill}"/>`;

function motif(kind, glow, c) {
  switch (kind) {
    case "moon":
      return `<circle cx="196" cy="58" r="24" fill="${glow}" opacity=".85"/><circle cx="207" cy="50" r="22" fill="url(#bg-${c.id})"/>${star(48, 46, 6, glow)}${star(70, 86, 3.5, glow)}${star(222, 116, 4, glow)}${star(32, 128, 3, glow)}`;
    case "mist":
      return (
        [0, 1, 2, 3]
          .map(
            (i) =>
              `<ellipse cx="${60 + i * 50}" cy="${70 + (i % 2) * 40}" rx="70" ry="10" fill="${glow}" opacity="${0.08 + i * 0.03}"/>`,
          )
          .join("") + `<path d="M214 40L222 120L218 122Z" fill="${glow}" opacity=".5"/>`
      );
    case "banners":
      return `<path d="M36 20V170M220 20V170" stroke="#2b1a10" stroke-width="5"/><path d="M38 26H86L74 48L86 70H38Z" fill="${glow}" opacity=".75"/><path d="M218 26H170L182 48L170 70H218Z" fill="${glow}" opacity=".75"/>`;
    case "wing":
      return `<path d="M250 30C200 40 170 70 160 120C175 105 190 102 200 110C205 96 218 92 230 98C232 84 242 78 252 80Z" fill="#1a0a05" opacity=".7" stroke="${glow}" stroke-width="2"/><circle cx="40" cy="52" r="3" fill="${glow}"/><circle cx="58" cy="80" r="2" fill="${glow}"/>`;
    case "sunrise":
      return (
        `<circle cx="128" cy="250" r="150" fill="${glow}" opacity=".18"/>` +
        Array.from({ length: 9 }, (_, i) => {
          const a = Math.PI * (0.1 + (0.8 * i) / 8);
          const x = (128 - Math.cos(a) * 240).toFixed(1);
          const y = (250 - Math.sin(a) * 240).toFixed(1);
          return `<path d="M128 250L${x} ${y}" stroke="${glow}" stroke-width="6" opacity=".22"/>`;
        }).join("") +
        `<path d="M18 70C40 60 60 64 70 80C58 76 48 80 44 90C38 82 28 80 18 84Z" fill="#2b1530" opacity=".6"/>`
      );
    case "shield":
      return `<path d="M128 14L206 40V110C206 160 170 190 128 206C86 190 50 160 50 110V40Z" fill="none" stroke="${glow}" stroke-width="4" opacity=".35"/><circle cx="220" cy="70" r="26" fill="${glow}" opacity=".2"/><rect x="212" y="58" width="16" height="24" rx="4" fill="${glow}" opacity=".7"/>`;
    default:
      return "";
  }
}

function hairBack(c) {
  if (c.hairStyle === "long")
    return `<path d="M86 112C80 150 78 190 72 228C100 236 156 236 184 228C178 190 176 150 170 112Z" fill="${c.hair}"/>`;
  if (c.hairStyle === "braid")
    return [0, 1, 2, 3, 4]
      .map((i) => `<ellipse cx="${166 + i * 2}" cy="${150 + i * 16}" rx="9" ry="10" fill="${c.hair}"/>`)
      .join("");
  if (c.hairStyle === "tied") return `<circle cx="128" cy="74" r="16" fill="${c.hair}"/>`;
  return "";
}

function hairFront(c) {
  switch (c.hairStyle) {
    case "long":
    case "braid":
      return `<path d="M88 118C86 86 104 72 128 72C152 72 170 86 168 118C160 100 146 94 128 96C112 96 98 102 88 118Z" fill="${c.hair}"/>`;
    case "short":
      return `<path d="M90 114C88 84 106 74 128 74C150 74 168 84 166 114C162 100 154 94 146 94C134 90 118 92 104 96C96 100 92 106 90 114Z" fill="${c.hair}"/>`;
    case "swept":
      return `<path d="M88 120C84 84 108 70 134 72C158 74 172 92 168 116C156 96 130 92 100 104C96 110 92 114 88 120Z" fill="${c.hair}"/><path d="M150 78C166 84 176 98 176 118" stroke="${c.hair}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    case "tied":
      return `<path d="M90 112C88 86 106 76 128 76C150 76 168 86 166 112C154 98 140 94 128 94C116 94 102 98 90 112Z" fill="${c.hair}"/>`;
    case "hood":
      return `<path d="M74 150C70 96 96 62 128 62C160 62 186 96 182 150C176 126 164 102 128 98C92 102 80 126 74 150Z" fill="${c.outfit}"/><path d="M74 150C72 180 80 200 92 208L100 170Z M182 150C184 180 176 200 164 208L156 170Z" fill="${c.outfit}"/>`;
    default:
      return "";
  }
}

function adornment(c) {
  const gold = c.trim;
  switch (c.adornment) {
    case "circlet":
      return `<path d="M90 106C110 98 146 98 166 106" stroke="${gold}" stroke-width="3" fill="none"/><path d="M128 96L133 104L128 110L123 104Z" fill="${c.eyes}" stroke="${gold}" stroke-width="1.5"/>`;
    case "crown":
      return `<path d="M94 92L100 66L112 86L128 58L144 86L156 66L162 92C140 86 116 86 94 92Z" fill="${gold}" opacity=".95"/><circle cx="128" cy="74" r="3.5" fill="${c.eyes}"/>`;
    case "mask":
      return `<path d="M96 146C110 154 146 154 160 146L158 172C144 180 112 180 98 172Z" fill="${c.outfit}" stroke="${gold}" stroke-width="1.5"/>`;
    case "veil":
      return `<path d="M94 144C112 152 144 152 162 144L156 176C140 184 116 184 100 176Z" fill="${gold}" opacity=".45"/>`;
    case "earring":
      return `<circle cx="90" cy="150" r="4" fill="none" stroke="${gold}" stroke-width="2"/><circle cx="166" cy="150" r="4" fill="none" stroke="${gold}" stroke-width="2"/>`;
    default:
      return "";
  }
}

function shoulders(c) {
  const base = `<path d="M28 256C30 214 62 194 100 188L128 204L156 188C194 194 226 214 228 256Z" fill="${c.outfit}"/><path d="M100 188L128 222L156 188" stroke="${c.trim}" stroke-width="4" fill="none"/>`;
  if (c.adornment === "pauldrons")
    return `${base}<path d="M30 236C32 206 56 192 86 192C80 208 66 224 30 236Z M226 236C224 206 200 192 170 192C176 208 190 224 226 236Z" fill="${c.trim}" opacity=".9"/>`;
  if (c.adornment === "scarf")
    return `${base}<path d="M100 186C112 198 144 198 156 186L160 206C142 216 114 216 96 206Z" fill="${c.scarf}"/><path d="M140 206L152 244L136 240Z" fill="${c.scarf}"/>`;
  return base;
}

function face(c) {
  const ears = c.fae
    ? `<path d="M92 126L70 104L94 142Z M164 126L186 104L162 142Z" fill="${c.skin}"/>`
    : `<ellipse cx="91" cy="134" rx="6" ry="10" fill="${c.skin}"/><ellipse cx="165" cy="134" rx="6" ry="10" fill="${c.skin}"/>`;
  const eye = (x) =>
    `<path d="M${x - 9} 130Q${x} 122 ${x + 9} 130Q${x} 135 ${x - 9} 130Z" fill="#fff"/><circle cx="${x}" cy="129.5" r="3.6" fill="${c.eyes}"/><circle cx="${x}" cy="129.5" r="1.5" fill="#111"/>`;
  const brows = `<path d="M103 119Q113 114 122 118M134 118Q143 114 153 119" stroke="${c.beard ?? c.hair}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  const lower =
    c.adornment === "mask" || c.adornment === "veil"
      ? ""
      : `<path d="M127 134Q124 146 129 150" stroke="#00000033" stroke-width="2" fill="none"/><path d="M118 160Q128 166 138 160" stroke="#8a3b3b" stroke-width="2.5" fill="none" stroke-linecap="round"/>`;
  const beard = c.beard
    ? `<path d="M96 148C100 176 114 186 128 186C142 186 156 176 160 148C150 160 140 164 128 164C116 164 106 160 96 148Z" fill="${c.beard}"/><path d="M118 160Q128 165 138 160" stroke="#5a3a2a" stroke-width="2" fill="none"/>`
    : "";
  const scar = c.scar ? `<path d="M146 116L156 142" stroke="#a0604f" stroke-width="2"/>` : "";
  const freckles = c.freckles
    ? [108, 114, 142, 148]
        .map((x, i) => `<circle cx="${x}" cy="${142 + (i % 2) * 3}" r="1.2" fill="#a0522d"/>`)
        .join("")
    : "";
  const frost = c.frost ? `${star(104, 104, 4, "#bfe6ff")}${star(154, 100, 3, "#bfe6ff")}` : "";
  return `${ears}<rect x="114" y="160" width="28" height="38" rx="8" fill="${c.skin}"/><path d="M114 178Q128 186 142 178V190H114Z" fill="#00000022"/><ellipse cx="128" cy="132" rx="38" ry="46" fill="${c.skin}"/>${eye(113)}${eye(143)}${brows}${lower}${beard}${scar}${freckles}${frost}`;
}

function portrait(c) {
  const a = ARCHETYPES[c.archetype];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256" role="img" aria-labelledby="title-${c.id}">
<title id="title-${c.id}">Portrait of ${c.name}</title>
<defs><radialGradient id="bg-${c.id}" cx="50%" cy="35%" r="75%"><stop offset="0" stop-color="${a.bg[0]}"/><stop offset="1" stop-color="${a.bg[1]}"/></radialGradient>
<radialGradient id="halo-${c.id}" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="${a.glow}" stop-opacity=".35"/><stop offset="1" stop-color="${a.glow}" stop-opacity="0"/></radialGradient></defs>
<rect width="256" height="256" fill="url(#bg-${c.id})"/>
${motif(a.motif, a.glow, c)}
<circle cx="128" cy="130" r="92" fill="url(#halo-${c.id})"/>
${hairBack(c)}
${shoulders(c)}
${face(c)}
${hairFront(c)}
${adornment(c)}
<rect x="3" y="3" width="250" height="250" rx="14" fill="none" stroke="${a.glow}" stroke-opacity=".45" stroke-width="2"/>
</svg>
`;
}

mkdirSync(out, { recursive: true });
for (const c of CHARACTERS) writeFileSync(new URL(`${c.id}.svg`, out), portrait(c));
console.log(`Wrote ${CHARACTERS.length} portraits to ${out.pathname}`);
