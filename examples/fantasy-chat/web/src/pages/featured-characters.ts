/** The six characters the landing page shows (one per archetype), with their portraits under /characters/. */
export const FEATURED_CHARACTERS = [
  { id: "kaelen-nightthorn", name: "Kaelen Nightthorn", title: "Lord of the Unseelie Court" },
  { id: "riven-ashe", name: "Riven Ashe", title: "Blade of the Silent Order" },
  { id: "aeron-stormwing", name: "Aeron Stormwing", title: "Rider of the Tempest Drake" },
  { id: "rowan-blackwood", name: "Rowan Blackwood", title: "Knight-Protector of the Queen's Road" },
  { id: "thane-ironheart", name: "Thane Ironheart", title: "Lord Commander of the Northern Legions" },
  { id: "caelum-brightscale", name: "Caelum Brightscale", title: "Sworn Rider of the Dawn Wyrm" },
] as const;

/** A portrait's address. */
export const portraitUrl = (id: string) => `/characters/${id}.svg`;
