// The building blocks of the English phrase families: who says it, what they mean to do, whom else they may be
// talking about, and the pills and topics that are talked about rather than done.
import { phrase, type CrisisFamily, type CrisisLanguage } from "./phrase.js";

// English building blocks. "Myself" as typed: "my self", "meself", "myslef", "mysef".
export const SELF = "(?:my ?self|meself|myslef|mysefl|mysef|myselff|mself)";
export const I = "(?:i|im|ive|id|ill|imma|ima|i am|i will|i have|i had)";
/** Wanting or meaning to: "want to", "wanna", "going to", "gonna", "about to", "need to"… */
export const MEAN_TO =
  "(?:(?:want|wnt|wan|need|needs|have|going|planning|plan|trying|try|tried|decided|deciding|ready|about|meant|mean|thinking about|thought about|think about|considering|urge|urges)(?: to| of)?|wanna|wana|gonna|gna|gunna|tryna|will|ll|shall|should|might|could|may)";
/** The writer as the subject: "I", "I'm", "I'll", "I'd", "me"… */
export const FIRST_PERSON = "(?:i|im|ill|id|ive|i m|i ll|i d|i am|i will|me|imma|ima)";
/** {@link MEAN_TO} without the maybes ("I could die happy", "I might die of boredom" are idioms). */
export const WANT_TO =
  "(?:(?:want|wnt|wan|need|needs|have|going|planning|plan|trying|try|tried|decided|deciding|ready|about|meant|mean|thinking about|thought about|think about|considering|urge|urges)(?: to| of)?|wanna|wana|gonna|gna|gunna|tryna|will|ll|shall|should)";
export const RELATIONS =
  "(?:he|she|they|hes|shes|theyre|his|her|their|him|them|friend|friends|brother|sister|mom|mum|mother|dad|father|uncle|aunt|cousin|son|daughter|husband|wife|partner|boyfriend|girlfriend|grandfather|grandmother|grandpa|grandma|granddad|gran|neighbour|neighbor|colleague|classmate|teacher|character|hero|heroine|villain|knight|king|queen|prince|princess|soldier|man|woman|boy|girl|someone|somebody|people|celebrity|singer|actor)";
/**
 * The topic nouns said about the world rather than the writer: a class, a film, the news, a statistic, a helpline
 * ("suicide prevention", "a documentary about self-harm", "overdose cases").
 */
const TALKING_ABOUT =
  "(?:nurse|nurses|doctor|doctors|paramedic|paramedics|medic|pharmacist|cop|cops|police|teacher|counsellor|counselor|therapist|psychologist)s? (?:\\w+ ){0,6}(?:suicides?|overdoses?|self ?harm)|(?:suicides|overdoses)|(?:suicide|suicides|self ?harm|self injury|overdose|overdoses) (?:prevention|rates?|awareness|scenes?|plot|storyline|arc|cases|statistics|stats|hotline|helpline|help line|crisis line|training|research|survivors?|loss|victims?|epidemic|crisis in|month|day|week|charity|campaign|counsell?ors?|counsell?ing|workshops?|seminars?|warning signs|risk factors)|(?:documentary|documentaries|book|novel|film|movie|article|lecture|lecturer|professor|talk|class|essay|show|series|song|video|podcast|news|story|research|paper|report|training|course|module|chapter|episode|poem|speech|soliloquy|monologue|debate|discussion|campaign|programme|program|workshop|seminar|play|anime|manga|game) (?:\\w+ ){0,4}(?:about|on|covering|covers|of|where|with|explores|exploring|tackles|tackling|deals with|had|has) (?:\\w+ ){0,5}(?:suicide|self ?harm|self injury|overdoses?)|(?:covering|covers|covered|showed|shows|portrays?|portrayed|depicts?|depicted|depiction of|discusses|discussed|handled|handles|treats|treated|topic of|warning signs of|signs of|spotting|preventing|prevention of|statistics on|awareness of) (?:\\w+ ){0,2}(?:suicide|self ?harm|self injury|overdoses?)";
export const PILL_WORDS =
  "pills|pill|tablets|meds|medication|medicine|medicines|painkillers|sleeping pills|sleeping tablets|paracetamol|panado|panados|antidepressants|insulin|prescription|prescriptions|benzos|opioids|lithium|tramadol|codeine|ibuprofen|aspirin|xanax|valium|diazepam|lorazepam|clonazepam|sertraline|fluoxetine|prozac|seroquel|quetiapine|amitriptyline|zolpidem|ambien|morphine|oxy|oxycodone|fentanyl|heroin";
export const PILLS = `(?:${PILL_WORDS})`;

/** A topic noun's phrase, narrowed by its own exceptions and by {@link TALKING_ABOUT}. */
export const topic = (family: CrisisFamily, language: CrisisLanguage, source: string, unless?: string) =>
  phrase(family, language, source, unless ? `${unless}|${TALKING_ABOUT}` : TALKING_ABOUT);
