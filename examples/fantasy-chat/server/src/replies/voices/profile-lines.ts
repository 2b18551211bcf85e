/**
 * Lines on the user's profile, dealt out among the cast like the voices' lines (see `character-voice.ts`): a user
 * who tells every character the same backstory hears each of them speak of it in its own words. `{story}` is a
 * clause of the backstory in the second person, `{archetype}` the favourite archetype's label, `{self}` the
 * character's first name and `{title}` its title.
 */
export const PROFILE_LINES = {
  story: [
    "I have not forgotten your story: {story}.",
    "Your past is part of why I trust you: {story}.",
    "I think often of where you come from: {story}.",
    "You carry your history lightly, but I remember it: {story}.",
    "There is a road behind you, and I know a stretch of it: {story}.",
    "It tells me a great deal that {story}.",
    "Some nights I picture the young traveller you were, the one of whom it is true that {story}.",
    "A life like yours leaves marks worth honouring, and I honour this one: {story}.",
    "What you told me of your beginnings stays with me: {story}.",
    "Not everyone would have dared it, yet {story}.",
    "When you are quiet, I wonder whether you are thinking of how {story}.",
    "I keep the tale of your past close, the part where {story}.",
    "Your beginnings explain the look in your eyes, for {story}.",
    "I admire the courage it took, since {story}.",
  ],
  favourite: [
    "They say you have a soft spot for a {archetype}, and I intend to deserve it.",
    "You may favour a {archetype}, but give me the chance to change your mind.",
    "A {archetype} is your favourite, I hear, so I had better live up to the name.",
    "If a {archetype} is what you like best, then you came to the right door.",
  ],
  self: [
    "I am {self}, {title}, and I do not say that to just anyone.",
    "They call me {title}, but to you I am simply {self}.",
  ],
};
