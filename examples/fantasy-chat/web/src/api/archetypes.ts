// The archetypes and traits are the server's list (docs/product.md): its module is pure data with no Node imports,
// so the client bundles the same module rather than a copy that could drift from what the server validates.
import { ARCHETYPES } from "../../../server/src/characters/archetypes";

export { ARCHETYPES, PERSONALITY_TRAITS } from "../../../server/src/characters/archetypes";

/** An archetype's label, or the value with underscores as spaces when unknown. */
export function archetypeLabel(value: string): string {
  return ARCHETYPES.find((a) => a.value === value)?.label ?? value.replace(/_/g, " ");
}
