/**
 * The reply sent instead of role-play when a message suggests self-harm: warm, out of character, with free
 * crisis lines (South Africa first, as Realmheart is priced for it) and a way to find one anywhere.
 */
export const CRISIS_SUPPORT_REPLY =
  "I'm stepping out of our story for a moment, because you matter more than any tale. " +
  "It sounds like you are carrying something very heavy, and you don't have to carry it alone. " +
  "In South Africa you can call the SADAG Suicide Crisis Helpline free on 0800 567 567 or Lifeline on 0861 322 322, day or night; " +
  "anywhere else, findahelpline.com lists free, confidential lines in your country. " +
  "If you are in immediate danger, please call your local emergency number (112 from any mobile phone). " +
  "I'm here, and we can keep talking whenever you want.";
