import type { Archetype } from "../characters/archetypes.js";
import { DARK_FAE_LORD } from "./voices/dark-fae-lord.js";
import { DEVOTED_PROTECTOR } from "./voices/devoted-protector.js";
import { DRAGON_RIDER } from "./voices/dragon-rider.js";
import { LOYAL_DRAGON_RIDER } from "./voices/loyal-dragon-rider.js";
import { WARRIOR_GENERAL } from "./voices/warrior-general.js";
import { SHADOW_WARRIOR } from "./voices/shadow-warrior.js";
import { SHARED } from "./voices/shared.js";
import type { Voice } from "./voices/voice.js";

export { INTENTS, type Intent, type LoreLine, type Voice } from "./voices/voice.js";

/** The voices of the six archetypes, one file each under `voices/`. */
export const VOICES: Record<Archetype, Voice> = {
  dark_fae_lord: DARK_FAE_LORD,
  shadow_warrior: SHADOW_WARRIOR,
  warrior_general: WARRIOR_GENERAL,
  dragon_rider: DRAGON_RIDER,
  loyal_dragon_rider: LOYAL_DRAGON_RIDER,
  devoted_protector: DEVOTED_PROTECTOR,
};

/** Lines any character may use beside its archetype's. */
export const SHARED_VOICE: Voice = SHARED;
