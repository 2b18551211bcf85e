/**
 * What a user told a character about themselves: who they are, what they do, where they are from, the people and
 * animals in their life, what they love, hate and fear. Facts are stored as text (a chat's long-term memory is a
 * list of strings), always in one of the second-person forms `extractFacts` (remembered-facts.ts) writes, so their
 * kind is read back from the text (`factKind`).
 */
export type FactKind =
  | "name"
  | "job"
  | "self"
  | "place"
  | "relation"
  | "pet"
  | "like"
  | "dislike"
  | "fear"
  | "wish"
  | "feeling"
  | "other";
