// How people say that their life or body is at risk, as phrase families per language, matched against a text's
// safety views (lower case, plain Latin letters, no apostrophes, single spaces: see normalise-text.ts). A phrase is
// a family of wordings, not a word: "kill" alone is fantasy, "kill myself" is a crisis; "die" alone is an idiom,
// "want to die" is a crisis. Exceptions are written beside the phrase they narrow.

/** The languages whose crisis wording is recognised, and whose crisis reply is written (see crisis-reply.ts). */
export type CrisisLanguage = "en" | "af" | "zu" | "xh" | "es" | "pt" | "fr" | "de";

/** The kinds of crisis wording, for reasons and for the corpus's figures. */
export type CrisisFamily =
  "direct" | "passive" | "burden" | "ending" | "self-injury" | "overdose" | "slang" | "plan" | "goodbye";

/** One phrase family: what it matches, and what, found in the same text, means it is not about the writer. */
export interface CrisisPhrase {
  family: CrisisFamily;
  language: CrisisLanguage;
  pattern: RegExp;
  unless?: RegExp;
}

/** A pattern of whole words (the views hold only letters, digits and single spaces). */
const words = (source: string): RegExp => new RegExp(`(?<![a-z0-9])(?:${source})(?![a-z0-9])`);

/** A pattern that holds when each part is somewhere in the text as whole words, in any order. */
const allOf = (parts: readonly string[]): RegExp =>
  new RegExp(`^${parts.map((part) => `(?=.*(?<![a-z0-9])(?:${part})(?![a-z0-9]))`).join("")}`);

/** Phrases that say the writer's risk only together ("the rope" and "tonight"): each part somewhere in the text. */
const together = (
  family: CrisisFamily,
  language: CrisisLanguage,
  parts: readonly string[],
  unless?: string,
): CrisisPhrase => ({
  family,
  language,
  pattern: allOf(parts),
  ...(unless ? { unless: words(unless) } : {}),
});

/** A word stem matched inside longer words (isiZulu and isiXhosa build words around it: "ngizozibulala"). */
const stem = (family: CrisisFamily, language: CrisisLanguage, source: string): CrisisPhrase => ({
  family,
  language,
  pattern: new RegExp(source),
});

const phrase = (
  family: CrisisFamily,
  language: CrisisLanguage,
  source: string,
  unless?: string,
): CrisisPhrase => ({
  family,
  language,
  pattern: words(source),
  ...(unless ? { unless: words(unless) } : {}),
});

// English building blocks. "Myself" as typed: "my self", "meself", "myslef", "mysef".
const SELF = "(?:my ?self|meself|myslef|mysefl|mysef|myselff|mself)";
const I = "(?:i|im|ive|id|ill|imma|ima|i am|i will|i have|i had)";
/** Wanting or meaning to: "want to", "wanna", "going to", "gonna", "about to", "need to"… */
const MEAN_TO =
  "(?:(?:want|wnt|wan|need|needs|have|going|planning|plan|trying|try|tried|decided|deciding|ready|about|meant|mean|thinking about|thought about|think about|considering|urge|urges)(?: to| of)?|wanna|wana|gonna|gna|gunna|tryna|will|ll|shall|should|might|could|may)";
/** The writer as the subject: "I", "I'm", "I'll", "I'd", "me"… */
const FIRST_PERSON = "(?:i|im|ill|id|ive|i m|i ll|i d|i am|i will|me|imma|ima)";
/** {@link MEAN_TO} without the maybes ("I could die happy", "I might die of boredom" are idioms). */
const WANT_TO =
  "(?:(?:want|wnt|wan|need|needs|have|going|planning|plan|trying|try|tried|decided|deciding|ready|about|meant|mean|thinking about|thought about|think about|considering|urge|urges)(?: to| of)?|wanna|wana|gonna|gna|gunna|tryna|will|ll|shall|should)";
const RELATIONS =
  "(?:he|she|they|hes|shes|theyre|his|her|their|him|them|friend|friends|brother|sister|mom|mum|mother|dad|father|uncle|aunt|cousin|son|daughter|husband|wife|partner|boyfriend|girlfriend|grandfather|grandmother|grandpa|grandma|granddad|gran|neighbour|neighbor|colleague|classmate|teacher|character|hero|heroine|villain|knight|king|queen|prince|princess|soldier|man|woman|boy|girl|someone|somebody|people|celebrity|singer|actor)";
/**
 * The topic nouns said about the world rather than the writer: a class, a film, the news, a statistic, a helpline
 * ("suicide prevention", "a documentary about self-harm", "overdose cases").
 */
const TALKING_ABOUT =
  "(?:nurse|nurses|doctor|doctors|paramedic|paramedics|medic|pharmacist|cop|cops|police|teacher|counsellor|counselor|therapist|psychologist)s? (?:\\w+ ){0,6}(?:suicides?|overdoses?|self ?harm)|(?:suicides|overdoses)|(?:suicide|suicides|self ?harm|self injury|overdose|overdoses) (?:prevention|rates?|awareness|scenes?|plot|storyline|arc|cases|statistics|stats|hotline|helpline|help line|crisis line|training|research|survivors?|loss|victims?|epidemic|crisis in|month|day|week|charity|campaign|counsell?ors?|counsell?ing|workshops?|seminars?|warning signs|risk factors)|(?:documentary|documentaries|book|novel|film|movie|article|lecture|talk|class|essay|show|series|song|video|podcast|news|story|research|paper|report|training|course|module|chapter|episode|poem|debate|discussion|campaign|programme|program|workshop|seminar|play|anime|manga|game) (?:\\w+ ){0,4}(?:about|on|covering|covers|of|where|with|explores|exploring|tackles|tackling|deals with|had|has) (?:\\w+ ){0,5}(?:suicide|self ?harm|self injury|overdoses?)|(?:covering|covers|covered|showed|shows|portrays?|portrayed|depicts?|depicted|depiction of|discusses|discussed|handled|handles|treats|treated|topic of|warning signs of|signs of|spotting|preventing|prevention of|statistics on|awareness of) (?:\\w+ ){0,2}(?:suicide|self ?harm|self injury|overdoses?)";
const PILL_WORDS =
  "pills|pill|tablets|meds|medication|medicine|medicines|painkillers|sleeping pills|sleeping tablets|paracetamol|panado|panados|antidepressants|insulin|prescription|prescriptions|benzos|opioids|lithium|tramadol|codeine|ibuprofen|aspirin|xanax|valium|diazepam|lorazepam|clonazepam|sertraline|fluoxetine|prozac|seroquel|quetiapine|amitriptyline|zolpidem|ambien|morphine|oxy|oxycodone|fentanyl|heroin";
const PILLS = `(?:${PILL_WORDS})`;

/** A topic noun's phrase, narrowed by its own exceptions and by {@link TALKING_ABOUT}. */
const topic = (family: CrisisFamily, language: CrisisLanguage, source: string, unless?: string) =>
  phrase(family, language, source, unless ? `${unless}|${TALKING_ABOUT}` : TALKING_ABOUT);

const ENGLISH: CrisisPhrase[] = [
  // Direct: killing oneself, suicide, ending or taking one's life.
  phrase(
    "direct",
    "en",
    `(?:kill|killing|kil|kiling|killin|kll|murder|murdering|off|offing|hang|hanging|shoot|shooting|drown|drowning|poison|poisoning|stab|stabbing|suffocate|suffocating|electrocute|strangle|end|ending)(?: of)? ${SELF}`,
    `shoot ${SELF} in the foot|off ${SELF} (?:from|to|the)`,
  ),
  topic(
    "direct",
    "en",
    "suicid(?:e|al|ally|ality)?|suicde|sucide|suiside|suicied|suacide|sucidal|suicdal|suisidal|suicidel",
    `(?:double|mass|assisted|ritual|virgin) suicides?|suicide (?:squad|mission|missions|run|runs|bomber|bombers|bombing|bombings|attack|attacks|doors|king|rates?|statistics|prevention|awareness|pact in the|is a sin)|(?:${RELATIONS}|s) (?:\\w+ )?(?:committed|commited|comitted|died by|died of|dies by|dies of|attempted|survived) (?:a )?suicide|(?:die|dies|died) by suicide|(?:lost \\w+ \\w* ?to|death by|died by|after his|after her|after their) suicide|(?:${RELATIONS}) (?:is|was|seems|sounds|has been|became|got) (?:so |really |very )?suicidal|(?:book|film|movie|story|song|show|episode|series|novel|documentary|essay|lecture|article|news|research|study) (?:about|on|where|with) (?:\\w+ ){0,3}suicide`,
  ),
  phrase(
    "direct",
    "en",
    "(?:end|ending|ended|take|taking|took|finish|finishing|stop|stopping) (?:my|me) (?:own )?(?:life|lifes|live|lyf|lyfe|lif|days|existence)|(?:end|take) my own",
  ),
  phrase(
    "direct",
    "en",
    `${I} (?:just )?(?:${MEAN_TO} )?(?:commit|commiting|committing) (?:suicide|suicde|sucide)`,
  ),
  // Passive: wanting to die or not to live, wishing to be dead, never waking up, disappearing for good.
  phrase(
    "passive",
    "en",
    `(?:want|wants|wnt|wan|wanna|wana|need|needs|wish|wishing|wished|hope|hoping|pray|praying|longing|long|deserve|deserved|ready|better|rather) (?:to |i could |i would |id |i can |i )?(?:just |simply |really |finally )?(?:die|dye|dead|be dead|stop living|not live|not be alive|not exist|stop existing|cease to exist)|${FIRST_PERSON} (?:\\w+ ){0,2}${WANT_TO} (?:just |simply |really |finally )?(?:die|be dead|stop living|not live|not be alive|not exist|stop existing|cease to exist)|(?:rather|better) (?:be dead|die) than (?:keep|go on|carry on|live|feel|wake up|be alive|face|spend)`,
    `(?:die|dying) (?:for|of|laughing|from laughing|to (?:see|know|hear|meet|try|go|tell|find|get)|when you|with you in|in your arms|alone|old|happy|single|a virgin|someday|one day|eventually|in battle|fighting|on the battlefield|by your side|a hero|free|with honour|with honor)|(?:rather|better) (?:die|be dead) (?:\\w+ ){0,3}than(?! (?:keep|go on|carry on|live|feel|wake up|be alive|face|spend))|${RELATIONS} (?:${MEAN_TO}|wish|hope|deserve|deserved|deserves|wants|wanted|needs) (?:to )?(?:die|be dead)|(?:dragon|beast|monster|enemy|enemies|traitor|traitors|villain|tyrant|orc|orcs|bandits?|demon|witch|soldiers?|bastards?|you) (?:\\w+ ){0,2}(?:deserve|deserves|should|will|must|shall) (?:to )?die|wish (?:i could )?die (?:of|from) (?:embarrassment|shame|laughter)`,
  ),
  phrase(
    "passive",
    "en",
    "(?:wish|wishing|wished|hope|hoping) (?:that )?(?:i (?:was|were|had|d|am|would be|could be)|id|ide) (?:never born|not born|dead|gone forever|gone for good|never been born|never existed|not here|not alive)|(?:easier|better|simpler|kinder) (?:\\w+ ){0,3}(?:to )?(?:just )?not (?:be here|exist|be alive|be around)(?: at all| anymore|$)|(?:hope|wish|pray) (?:its|it s|it is|this is|today is|tonight is|tonight will be) my last(?: one| night| day|$)|(?:wouldnt|would not|wont|will not) (?:even )?mind (?:dying|if (?:i died|i was dead|i didnt wake up|i never woke up|it all ended|(?:a|the|some|something|someone) (?:\\w+ ){0,3}(?:hit|hits|killed|kills|ran over|runs over) me))|if (?:a|the|some) (?:taxi|car|bus|truck|train|lorry) (?:hit|hits|ran over|runs over|took) me (?:\\w+ ){0,3}(?:i )?(?:wouldnt|would not|wont) (?:mind|care)",
  ),
  phrase(
    "passive",
    "en",
    "(?:dont|do not|didnt|no longer|not|never|dnt|don t|dont really) (?:want|wanna|wish|feel like|care) (?:to )?(?:live|living|be alive|exist|existing|be here anymore|be here any more|wake up|go on|continue living|keep living|keep going|be on this earth|be in this world)",
    "(?:dont|do not) want to (?:live|be here) (?:in|with|near|at|without|like that|there|on (?:the|a|this) (?:farm|street))",
  ),
  phrase(
    "passive",
    "en",
    "(?:no|zero|not any|not a single|cant find a|cant see a|cant see any|dont have a|dont have any|there s no|theres no|there is no|lost my) (?:reason|point|purpose|will|desire|wish) (?:to|in|for) (?:live|living|being alive|go on|going on|keep going|stay|staying|wake up|waking up|exist|existing|try anymore|carry on|keep breathing|keep living|breathe|be here|be alive)",
  ),
  phrase("passive", "en", "nothing (?:left )?(?:to live for|worth living for|to stay for|keeping me here)"),
  phrase(
    "passive",
    "en",
    "(?:tired|sick|done|exhausted|weary) (?:of|with) (?:living|life|being alive|existing|being here|breathing|it all and|everything and want)",
    "tired of (?:living|life) (?:in|with|at|like|under|as) (?:the|a|this|that|my|his|her|their) (?:city|village|town|house|shadow|fear|world|rules)",
  ),
  phrase(
    "passive",
    "en",
    "(?:never|not|dont|wont|didnt|no longer) (?:to )?wake up(?: again| tomorrow| in the morning| anymore)?|sleep (?:forever|and never wake|and not wake|for good|and never come back|eternally)|(?:go|went|going) to sleep (?:forever|and never)",
    "(?:wont|dont|didnt|never) wake up (?:early|on time|before|until|till|in time|when|at|for)|(?:baby|kids|children|dog|cat|he|she|they|you) (?:wont|dont|didnt|never) wake up|(?:never|not) wake up (?:a|the) (?:dragon|beast|sleeping)",
  ),
  phrase(
    "passive",
    "en",
    `(?:disappear|vanish|be gone|stop existing|cease to exist|not exist|not to exist|not be here) (?:forever|for good|permanently|for ever|anymore|any more|from this world|from (?:the )?earth)|better off dead|(?:want|wanna|wish|need) (?:to )?(?:be )?(?:gone|dead)(?: forever| for good)?(?:$| and| so| but| tonight| now| already| right now| i| everyone| nobody| no one)`,
    "(?:disappear|vanish|be gone) (?:forever|for good) (?:into|in|with|from (?:this town|the city|here with)|together)|(?:want|wanna|wish|need) (?:to )?be gone (?:from|before|by)",
  ),
  phrase(
    "passive",
    "en",
    "(?:dead|die|death) (?:would be|is|seems|sounds) (?:better|easier|a relief|peaceful|the only way|the answer|my only)|death (?:is|would be) (?:my only|the only|a relief|easier)|(?:i|im|ive) (?:\\w+ )?(?:welcome|long for|crave|want) death",
  ),
  phrase(
    "passive",
    "en",
    "(?:cant|cannot|can not|cant even|dont know how to) (?:go on|keep going|carry on|keep living|live like this|live anymore|do life|take (?:it|this|life) anymore)",
  ),
  phrase(
    "passive",
    "en",
    "(?:hate|hating) (?:being alive|living|my life so much|existing)|life (?:isnt|is not|aint) worth (?:living|it)|(?:not|isnt) worth living",
  ),
  // Burden: everyone better off without the writer, nobody would miss them.
  phrase(
    "burden",
    "en",
    "(?:im|i am|i m|i feel like|feel like|i feel|i feel like im|being|just) (?:a |such a |nothing but a |only a |just a )?(?:burden|waste of (?:space|air|oxygen|life)|weight (?:on|to) everyone)|burden (?:to|on|for) (?:everyone|everybody|my family|them|my friends|my parents|the world|you all)",
  ),
  phrase(
    "burden",
    "en",
    "(?:better|happier|easier|lighter|fine|okay|ok) (?:off |of )?without me|(?:nobody|no one|noone|nobody would|no one would|not a soul|not one person|nobody will|no one will|no one ll|nobodyll) (?:would |will |d |ll )?(?:even )?(?:care|notice|miss me|mourn|cry)(?: if i| when i| if im| once i| at my)?",
    "without me (?:for|at|on|during|tonight|tomorrow|this|next|while)|(?:care|notice) (?:if i|when i) (?:leave (?:early|the party|work)|wear|left early|skip|miss (?:class|work|the))",
  ),
  phrase(
    "burden",
    "en",
    "(?:if|when|once) i (?:was|were|am|m|d|had|have) (?:gone|dead|not here|not around|no longer here|died|disappeared)",
  ),
  phrase(
    "burden",
    "en",
    "(?:better|happier|kinder|easier|lighter|fine|glad|relieved|free) (?:\\w+ ){0,4}(?:if|when|once) i (?:just |simply |finally )?(?:wasnt|werent|was not|were not|didnt exist|did not exist|was gone|were gone|disappeared|vanished|died|am gone|m gone|was dead|were dead|wasnt here|wasnt around|am not here|m not here|am not around|stopped existing|stop existing|ceased to exist|was never born|never existed)|(?:nobody|no one|noone) (?:would|will|d|ll) (?:even )?(?:come to|go to|attend|show up at|cry at) my funeral|(?:they|everyone|everybody|people) (?:would|will|d|ll) be (?:glad|relieved|happy|happier) (?:if|when|once) i (?:was|were|am|m)? ?(?:gone|dead|died)",
  ),
  // Ending: ending it all, being done with life, checking out for good.
  phrase(
    "ending",
    "en",
    "(?:end|ending|finish|finishing) (?:it|this|everything|things|all of this|it all|my suffering|my pain|the pain)(?: all| once and for all| for good| tonight| today| now| soon| this week| forever)",
    "end (?:it|this|things) (?:with|between) |(?:end|finish) (?:it|this) (?:now|tonight|once and for all) (?:and|with) (?:kill|slay|defeat|destroy|crush|take) |finish (?:it|this) (?:tonight|today|now|soon) (?:so|and) (?:we|i) can|end (?:this|the) (?:war|battle|fight|siege|feud|chapter|quest|story|game|meeting|call|contract|lease)",
  ),
  phrase(
    "ending",
    "en",
    `(?:${I}|gonna|going to|want to|wanna|decided to|ready to|about to|time to|plan to) (?:\\w+ )?(?:end it|end it all|end everything|end things|put an end to (?:it|everything|myself|my life)|check out|checking out|log off|logging off) (?:for good|permanently|forever|tonight|today|soon|once and for all|from life|from this life|of life)`,
  ),
  phrase(
    "ending",
    "en",
    "(?:done|finished|through) with (?:life|living|this life|being alive|existing|this world)|(?:giving|gave|give) up on (?:life|living|myself|being alive|everything and)|(?:check|checking) out (?:of|from) (?:life|this life|this world) (?:for good|forever|permanently)?|end it all|ending it all|end it (?:forever|for good|permanently|tonight)|end my pain forever|make it all stop (?:forever|for good)|(?:want|need|wish) (?:it|everything) to (?:stop|end) forever",
  ),
  phrase(
    "ending",
    "en",
    "(?:i|im|i m|ill|i ll|i will|i am) (?:\\w+ ){0,2}(?:going to|gonna|ready to|about to|want to|wanna|need to|have to|decided to|finally|will|ll) end it(?: all)?(?:$| tonight| now| today| soon| ive| i ve| im| i m| i cant| cant| for good| i have)|(?:done|finished) (?:\\w+ ){0,3}with (?:living|being alive|existing|life)(?:$| i| im)|(?:want|need|wish) (?:it|this|everything|it all|all of this|all this) (?:all )?to (?:be over|end|stop)(?:,)? (?:for good|forever|permanently)|(?:tap|tapping|tapped|bow|bowing|bowed|check|checking|log|logging|opt|opting|sign|signing|clock|clocking) out (?:of|from) (?:life|this life|this world|existence|living)",
  ),
  phrase(
    "ending",
    "en",
    "(?:^|tonight|today|now|tomorrow|so|and|then|finally|night|day|time|week) i (?:will |ll |shall |am going to |m going to |am |m |just |finally )?(?:end|finish) (?:it|everything|it all|things|my story|this life)(?:$| tonight| today| now| i| im| for good| forever| once and for all)|(?:had|have had|ive had|i have had|had more than) enough of (?:living|life|being alive|existing|this life|this world)|time (?:for me )?to (?:end|finish) (?:it|everything|it all|things)(?:$| i| now| tonight| for good)|(?:want|wanna|need) out (?:for good|forever|of (?:life|this life|this world|existence))|(?:cant|cannot|can not) do (?:this )?life(?: thing)? (?:anymore|any more)",
    "(?:end|finish) (?:it|this|things) (?:with|between) |(?:end|finish) (?:this|the) (?:war|battle|fight|siege|feud|chapter|quest|story|game|meeting|call|contract|lease|duel)",
  ),
  phrase(
    "ending",
    "en",
    "(?:this|today|tonight|tomorrow) (?:is|will be) (?:the end|my last day|my last night|my final day)(?: for me)?|(?:my|this is my) (?:last|final) (?:day|night|breath|week|month|birthday|christmas) (?:alive|on earth|here|on this earth|living)",
  ),
  // Self-injury: cutting, burning, hurting oneself on purpose.
  phrase(
    "self-injury",
    "en",
    `(?:${MEAN_TO}|keep|kept|been|started|start|relapsed|relapse|cant stop|couldnt stop|stop myself from|stopped|used to|like to|have been|ve been|back to) (?:\\w+ )?(?:cut|cutting|burn|burning|harm|harming|hurt|hurting|hit|hitting|scratch|scratching|punch|punching|starve|starving|punish|punishing|bang|banging|bite|biting|mutilate|mutilating|injure|injuring) ${SELF}`,
    `(?:cut|burn|hurt|hit) ${SELF} (?:a|an|some|another|shaving|cooking|chopping|on the|on a|on your|on my|by accident|accidentally|while|slicing|with the bread)|(?:hurt|hit|bang|burn) ${SELF} (?:at|in) (?:the gym|training|practice|football|rugby|the kitchen)`,
  ),
  phrase(
    "self-injury",
    "en",
    `(?:cut|cutting|burn|burning|harm|harming|hurt|hurting|hit|hitting|scratch|scratching|punch|punching|bash|bashing|bang|banging|carve|carving|mutilate|mutilating|injure|injuring|bruise|bruising|punish|punishing) ${SELF} (?:again|on purpose|deliberately|until|till|til|so|to feel|to punish|to make|to stop|to cope|every|because|when|tonight|badly|deep|deeper|more|with|and|till it)`,
    `(?:cut|burn|hurt|hit) ${SELF} (?:a|an|some|another|shaving|cooking|chopping|on the|on a|on your|on my|by accident|accidentally|while|slicing|with the bread|with the knife while)`,
  ),
  phrase(
    "self-injury",
    "en",
    "(?:scratch|scratched|scratching|cut|cutting|burn|burned|burnt|burning|hit|hitting|punch|punched|punching|pinch|pinched|pinching|bite|bit|biting|pick|picked|picking) (?:at )?(?:my )?(?:arms|arm|wrists|wrist|legs|leg|thighs|thigh|skin|stomach|hands|hand|face|head) (?:\\w+ ){0,2}(?:until|till|til|so) (?:they|it|i|my \\w+) (?:bleed|bleeds|bled|burns|bruise|bruised|bruises|break|breaks|broke|split|cant feel|go numb)|(?:urge|urges|tempted|craving|cravings|itch) to (?:cut|burn|hurt|harm|bleed)|(?:want|wanna|need|going|gonna|have) (?:to )?(?:cut|burn) (?:deeper|again|tonight|so bad|so badly|really bad|real bad)|(?:because|coz|cause|cos|as) i (?:wanted|want|needed|need) (?:it|myself|me) to (?:hurt|bleed|suffer)|(?:punch|punched|punching|hit|hitting|bang|banged|banging|slam|slammed|slamming) (?:the |my |a )?(?:wall|walls|head|mirror|fist|fists) (?:\\w+ ){0,3}(?:on purpose|deliberately|until|till|til|to feel|so i can feel|so it hurts)",
  ),
  together("self-injury", "en", [
    "relapsed|relapse|relapsing|slipped up|fell off the wagon",
    "blade|blades|razor|razors|cutting|cut|burned|burnt|burning|scars|sh",
  ]),
  phrase(
    "self-injury",
    "en",
    "(?:blade|razor|knife|lighter|scissors) (?:\\w+ ){0,4}(?:and i used it|on my (?:skin|arm|arms|wrist|wrists|thigh|thighs|leg|legs))",
  ),
  topic(
    "self-injury",
    "en",
    "self ?harm(?:ing|ed|er)?|self ?injur(?:y|e|ing|ed|ies)|self ?mutilat(?:e|ion|ing)|cutting (?:again|myself|my (?:arm|arms|wrist|wrists|leg|legs|thigh|thighs|skin|stomach))|(?:slit|slitting|slice|slicing|cut|cutting|open) (?:my|me) (?:wrist|wrists|veins|vein|arm open|throat)|(?:relapsed|relapsing|relapse|clean from|days clean from) (?:on |into |from )?(?:cutting|self ?harm|sh)|(?:my|fresh|new) (?:cuts|scars) (?:on my|again|are|from)|razor (?:blade )?(?:to|on|against) my (?:skin|arm|wrist|wrists|leg|thigh)|(?:burn|burning|burnt|burned) (?:my|me) (?:skin|arm|arms|wrist|hand) (?:with|on purpose|again)",
    `(?:${RELATIONS})(?:s| is| has| was| ve| have| had)? (?:\\w+ ){0,2}(?:self ?harm\\w*|cutting)|support (?:her|him|them|my friend|a friend)|(?:her|his|their) (?:cuts|scars|self ?harm)`,
  ),
  // Overdose: pills taken or gathered to be taken.
  topic(
    "overdose",
    "en",
    "over ?dos(?:e|ed|ing|es)|overdoes|od(?:ing|d)? on|o d on|(?:take|taking|took|swallow|swallowing|swallowed|down|downed|downing|eat|ate|popped|pop|popping) (?:like |about |around |over |almost |nearly |maybe |just )?(?:all|all of|a lot of|lots of|too many|so many|loads of|a bunch of|every|every one of|the rest of|a whole|the whole|a handful of|handfuls of|a full|a bottle of|a box of|a packet of|a pack of|two boxes of|\\d+|twenty|thirty|forty|fifty|a hundred)(?: of)?(?: (?:my|the|of my|of the|his|mums|moms|my moms|my mums))? (?:bottle of |box of |packet of |pack of |strip of )?(?:\\w+ )?" +
      PILLS,
    `(?:took|take|taking|swallow|swallowed) (?:all|every one of) (?:my|the) (?:vitamins|supplements)|antibiotics|(?:${RELATIONS}) (?:\\w+ ){0,2}(?:survived|had|died of|died from|overdosed)|(?:${RELATIONS})s (?:\\w+ )?overdose|overdose scare|(?:overdose|overdosed|overdoses|overdosing) (?:of (?:\\w+ )?(?:moonpetal|potion|potions|draught|elixir|nightshade|poison|magic|mana|sugar|caffeine|sunshine|love|cuteness|feels|nostalgia|drama)|the|him|her|them)|potion|draught|elixir|vial`,
  ),
  phrase(
    "overdose",
    "en",
    `(?:stockpil\\w*|hoard|hoarding|hoarded|stashing|stash|stashed) (?:up )?(?:all )?(?:my |the |enough |of )?(?:\\w+ ){0,2}${PILLS}|(?:saving|save|saved|collect|collecting|collected|gathering|gathered|counting|counted) (?:up )?(?:all )?(?:my |the |enough )?(?:\\w+ ){0,2}${PILLS}(?: up)?(?: to| for| so| until| and take| and swallow|$)|(?:take|swallow|down) (?:them|it|these|those|the ${PILLS}|my ${PILLS}) all (?:at once|tonight|together)|(?:take|swallow|took|swallowed) (?:them|it|everything|the lot|the whole lot) (?:all )?at once|enough ${PILLS} to (?:die|not wake|kill|end|never)|${PILLS} (?:to|and) (?:end it|die|never wake|sleep forever)`,
  ),
  phrase(
    "overdose",
    "en",
    `(?:take|swallow|down|drink|eat) (?:them|these|those|it) all(?:$| tonight| now| at once| together| i)|(?:going to|gonna|will|ll|want to|wanna|about to) (?:take|swallow|down) (?:them|all of them|the whole (?:bottle|box|packet|pack|lot|strip))|(?:mix|mixed|mixing) (?:all )?(?:my |the )?(?:\\w+ )?${PILLS} with (?:alcohol|vodka|wine|booze|whiskey|whisky|beer|gin|rum|brandy)|(?:swallowed|took|taken|downed|ate|emptied|drank) (?:everything|all|all the \\w+|whatever|the lot) (?:in|from|out of) (?:the|my|our|mums|moms|my moms|my mums) (?:medicine|bathroom|pill|first aid) ?(?:cabinet|cupboard|box|kit|drawer|shelf)`,
  ),
  // Slang for suicide and self-harm.
  phrase(
    "slang",
    "en",
    "kms|kmss|kmsss|k m s|unalive|unaliving|unalived|un alive|sewerslide|sewer slide|sewerside|self delete|self deleting|delete myself|deleting myself|ctb|catch the bus (?:for good|forever|tonight|im done|i m done|i am done|and never)|catching the bus (?:for good|forever|tonight)|time (?:for me )?to catch the bus|commit toaster bath|toaster bath|game end myself|rope myself|roping|rope szn|neck myself|necking myself|bridge time|the rope thing|rope thing|log off life|logging off life|forever nap|eternal nap|permanent nap|eternal sleep|(?:ready|going|gonna|want|wanna|about|time) (?:to )?rope(?:$| tbh| fr| tonight| now| myself)|yeet myself off|alt f4 my life|alt f4 myself|log out of life",
    "(?:he|she|they|hes|shes|the|that|this|villain|hero|assassin|dragon|knight|we|to|will|gonna|you) (?:\\w+ )?unalive(?:d|s)? (?:the|him|her|them|that|this|a|an|his|their|you|everyone)|roping (?:the|in|a|calves|cattle|them|him|her|horses)",
  ),
  // Plans: a method with a place or a time.
  phrase(
    "plan",
    "en",
    `(?:${I}|me|my|gonna|going to|want to|wanna|plan to|planning to|decided to|ready to|will) (?:\\w+ ){0,4}(?:jump|jumping|leap|leaping|throw myself|step) (?:off|from|in front of|into|under) (?:the |a |that |this |my |our )?(?:\\w+ )?(?:bridge|building|roof|rooftop|balcony|cliff|tower|train|bus|truck|car|traffic|highway|motorway|overpass|window|ledge|dam|tracks|railway)`,
    "escape|escaping|the guards|to flee|to catch|to save|(?:jump|jumping|leap|leaping) (?:off|from) (?:the |a |that |this )?(?:\\w+ )?(?:cliff|rock|bridge|roof|tower|ledge|dam|balcony) (?:into|in to|onto) (?:the )?(?:water|sea|ocean|lake|river|pool|waves|sand|pile|hay|net|his arms|your arms|the dragon|dragonback|the saddle)|dragon|dragons|gryphon|griffin|wings|parachute|bungee|glide|glider|base jump|swim",
  ),
  phrase(
    "plan",
    "en",
    `(?:rope|noose|belt|cord|shotgun|gun|pistol|rifle|blade|razor|knife) (?:\\w+ ){0,5}(?:ready|tied|set up|waiting|loaded|for (?:me|myself|tonight|tomorrow|later)|in the (?:garage|shed|attic|closet|wardrobe|barn|basement|bathroom))|(?:tie|tied|tying|hang|hung|hanging) (?:a |the |my )?(?:noose|rope)|(?:gun|pistol|barrel|rifle|shotgun) (?:to|in|against|under) (?:my|me) (?:head|temple|mouth|chin)|blow my (?:brains|head) out|(?:train|railway) (?:tracks|track|line) (?:tonight|tomorrow|after|at|when|later|this)|(?:drive|driving|crash|crashing|swerve|swerving) (?:my car )?(?:off|into) (?:the |a )?(?:bridge|cliff|wall|tree|river|oncoming|truck)(?: on purpose| tonight| tomorrow|)|(?:picked|chosen|chose|set|have) (?:a |the |my )?(?:date|day|time|place|spot|method) (?:to die|to do it|for it|to end|when i)|(?:ill|i will|im going to|i am going to|gonna) do it (?:tonight|tomorrow|at \\d+|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|this weekend|when everyone|after everyone|once everyone)|(?:ive|i have|i got|got) (?:everything|it all|the stuff|what i need) (?:ready|planned|sorted)`,
    "(?:rope|gun|blade|knife|pistol|rifle|shotgun) (?:\\w+ ){0,5}(?:for the (?:climb|hunt|battle|raid|ambush|quest|fight|duel)|to (?:hunt|fight|climb|cut the|defend|slay)|orc|orcs|dragon|enemy|bandit|bandits)|(?:date|day|time|place) (?:for|to) (?:our|the|my) (?:wedding|date|dinner|party|trip|meeting|interview)",
  ),
  together("plan", "en", [
    "(?:doing|do) it",
    "(?:when|once|after|while) (?:everyone|everybody|they|my (?:parents|family|wife|husband|mom|mum|dad|flatmates|roommates?)|nobody|no one|noone)(?:s|re)? (?:is |are |has |have |goes |go |leaves |leave |gets |get |falls |fall |fell )?(?:out|gone|asleep|away|sleeping|left|at work|to sleep|to bed|to work|not home|in bed)",
  ]),
  together(
    "plan",
    "en",
    [
      `rope|noose|guns?|pistol|razor|razors|blades|charcoal|${PILL_WORDS}`,
      "tonight|tonights the night|tomorrow|this weekend|its happening|happening|at midnight|(?:on|for) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|when everyone|i know the code",
      "i|im|ive|my|bought|got",
    ],
    "(?:for|to) (?:the|our|a|my) (?:climb|climbing|hike|hiking|camping|camp|boat|tent|hunt|hunting|range|shooting range|gym|cattle|horses|washing|laundry|swing|zipline|clothesline|project|class|play|show)|(?:hunting|camping|climbing|sailing|fishing|skipping|tug of war)|(?:headache|flu|cold|migraine|antibiotics|vitamins|allergy|allergies|hay fever|doctor said|prescribed)",
  ),
  together(
    "plan",
    "en",
    [
      "roof|rooftop|bridge|ledge|balcony|edge|building|cliff|tower|top floor|window",
      "(?:im|i m|i am|ill|i ll|i will|gonna|going to|about to|ready to|want to|wanna) jump|and jumping|and jump|then jump|then jumping",
    ],
    "(?:jump|jumping) (?:into|in to|onto|on|in) (?:the |a |your |his |her )?(?:water|sea|ocean|lake|river|pool|waves|sand|net|arms|saddle|dragon|back)|dragon|dragons|gryphon|griffin|wings|parachute|bungee|glide|glider|base jump|swim|with you|together|for joy|the queue|the line|puddle",
  ),
  phrase(
    "plan",
    "en",
    "(?:going to|gonna|ill|i ll|i will|want to|wanna|about to|plan to|planning to) (?:drive|driving|swerve|crash|steer) (?:my car |the car )?(?:off|into) (?:\\w+ ){0,4}(?:on purpose|tonight|now|tomorrow|at full speed|this weekend|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))|(?:going to|gonna|ill|i ll|i will|want to|wanna|about to|plan to|planning to) (?:drive|driving|swerve|crash|steer) (?:my car |the car )?(?:off|into)(?: the| a)?(?: \\w+)?$|(?:walk|walking|swim|swimming|wade|wading) (?:out )?(?:into|to) (?:the )?(?:sea|ocean|river|dam|lake|water|waves) (?:\\w+ ){0,5}(?:and )?(?:not|never) (?:come|coming|swim|swimming) back|(?:im|i m|i am|ill|i ll|i will|gonna|going to|want to|wanna|planning to|plan to|about to|decided to)(?: \\w+){0,4} (?:step|stepping|jump|jumping|throw myself|throwing myself|lie|lying|walk|walking) (?:down )?in front of (?:a|the|an) (?:\\w+ )?(?:train|bus|truck|car|lorry|taxi)|(?:building|bridge|roof|cliff|tower|ledge) (?:\\w+ ){0,4}(?:tall|high) enough|(?:going|go|gonna|heading) (?:\\w+ ){0,6}to end it(?:$| all)|(?:dam|river|sea|lake|ocean|bridge|tracks|railway|cliff) and (?:walking|walk|wading|wade|jumping|jump|stepping|step|lying|lie) (?:in|off|down|into it)(?:$| tonight| now)|(?:picked|chosen|chose|found|scouted) (?:a |the |my )?(?:spot|place|date|day|time|tree|bridge|building)(?= .*(?<![a-z0-9])(?:bridge|rope|tracks|cliff|building|roof|jump|tonight|midnight|going at|pills|end it|do it)(?![a-z0-9]))",
    "into the sunset|(?:picked|chosen|chose|found) (?:a |the |my )?(?:spot|place|date|day|time) (?:for|to) (?:our|the|a|my) (?:picnic|wedding|date|dinner|party|trip|meeting|interview|holiday|braai|camp|photos?|proposal)",
  ),
  // Goodbyes: notes and letters, last messages, giving things away.
  together("goodbye", "en", [
    "(?:wrote|written|writing|left|leaving|finished|typed) (?:the|my|a) (?:note|notes|letter|letters|will)",
    "goodbye|good bye|goodbyes|farewell|pills|forever|for good|last|final|wont be (?:here|around|back)|not coming back|tonight|said goodbye",
  ]),
  together("goodbye", "en", [
    "goodbye|bye|farewell|thank you for everything|said my goodbyes|i love (?:her|him|you|them) and goodbye",
    "(?:wont|will not|not|never) (?:be )?(?:back|coming back|here|around|talk(?:ing)? again|see you again|speak again)(?! (?:until|till|til|for|before|after|in|tomorrow|later|soon|today|tonight|next|on|at|this)(?![a-z0-9]))",
  ]),
  together("goodbye", "en", [
    "(?:gave|giving|give) (?:away )?(?:all )?my (?:stuff|things|belongings|possessions)|(?:deleted|deleting) (?:all )?my (?:socials|accounts|social media|profiles)",
    "tonight|tonights the night|forever|wont need|for good|goodbye|last",
  ]),
  together("goodbye", "en", [
    "said my goodbyes",
    "tonight|tonights the night|its time|for good|forever|im ready|ready now",
  ]),
  phrase(
    "goodbye",
    "en",
    "(?:tell|please tell) (?:\\w+ ){1,3}i (?:loved|always loved|have always loved) (?:her|him|them|you)|(?:deleted|deleting|delete) (?:all )?my (?:accounts|socials|social media|profiles)(?: \\w+){0,4} (?:goodbye|this is my goodbye|last message|final message)|this is (?:my )?goodbye(?! to (?:the|my|this|our) (?:old|job|house|flat|city|town|apartment|summer|school|team|office))|goodbye (?:\\w+ )?(?:forever|for good)|(?:youll|you will|you ll|theyll|they will) (?:all )?know why|(?:whoever|anyone who|the person who|who ever) (?:finds|reads) (?:me|this)|(?:last|final) (?:one|person) (?:i|ill|i ll) (?:ever )?(?:talk|talked|speak|spoke|talk to|talked to|will talk|will ever talk)|(?:doesnt|does not|dont|didnt|wont|do not) know (?:its|it s|it is|it was|this is|this was|that its|that this is) (?:the|my) last|my final (?:message|words|note|letter)|(?:(?:gave|giving|give|gave away|rehomed|rehoming) (?:away )?my (?:cat|dog|pets?|things|stuff|belongings|plants|books|clothes) (?:\\w+ ){0,5}(?:because|since|as|coz|cause|cos) i (?:wont|will not|am not going to|m not going to|im not going to) be (?:around|here|alive|able))",
  ),
  phrase(
    "goodbye",
    "en",
    "(?:suicide|goodbye|good bye|farewell) (?:note|notes|letter|letters|message|messages|video|post|text|texts)|(?:my|this is my|here is my|heres my|writing my|wrote my|written my|leaving my|left my|sending my|sent my) (?:final|last) (?:note|notes|letter|letters|message|messages|video|post|words)(?! (?:was|is|got|didnt|did|sent|said|came out|might|may|sounded|seemed|before|to you was|in the chat|about))|(?:writing|wrote|written|write|leaving|left|typed|typing|finished) (?:my |a |the )?(?:goodbye|farewell|final|last) (?:note|notes|letter|letters|messages|words)|(?:this is|this will be|consider this|these are|here is) (?:my|the) (?:last|final|goodbye|farewell) (?:message|text|post|words|goodbye|letter|note|time)",
    "goodbye (?:note|letter|message|video|post)s? (?:from|of|in|for) (?:the|a|his|her|their) (?:\\w+ )?(?:chat|series|season|book|game|quest|king|queen|war|battle|campaign|class|course|episode|character|hero)|(?:last|final) (?:message|letter|text|video|post) (?:from|about|of|in) (?:the|a|my|his|her|their|your) (?:\\w+ )?(?:chat|group|series|season|book|game|quest|king|queen|war|battle|campaign|class|course|episode)|(?:last|final) (?:message|letter|note) (?:he|she|they|my (?:grandmother|grandfather|gran|mom|mum|dad|father|mother)) (?:\\w+ )?(?:wrote|sent|left)|last (?:message|text) (?:i sent|you sent|before (?:bed|work|sleep|i sleep|the))",
  ),
  phrase(
    "goodbye",
    "en",
    "(?:wont|will not|will no longer|wont be|im not going to|not going to|im not gonna|not gonna|will not be) (?:be )?(?:here|around|alive) (?:tomorrow|anymore|any more|much longer|by (?:tomorrow|morning|the morning|monday|the weekend)|for much longer|after tonight|next week|in the morning|when you wake(?: up)?|to see (?:tomorrow|the morning|another day|christmas|my birthday))|by the time you read this|(?:giving|gave|give) (?:away )?(?:all )?(?:my|of my) (?:things|stuff|belongings|possessions|clothes|books|cat|dog|pets|plants|games|money) (?:away )?(?:because|since|before|as) (?:i|im)|(?:giving|gave) away (?:all )?(?:my|of my) (?:things|stuff|belongings|possessions)|(?:tell|please tell) (?:my|everyone|them|my family|my mom|my mum|my dad|my parents|my kids|my sister|my brother) (?:\\w+ ){0,3}(?:im sorry|i love them|i loved them|goodbye|its not their fault|it wasnt their fault)|(?:goodbye|bye) (?:forever|for good|world|cruel world|everyone forever|to everyone forever)|(?:say|saying|said) (?:my )?(?:goodbyes|goodbye) (?:to everyone|to everybody|to the world|to my family|to everything|for good|forever)|(?:this is|its) goodbye (?:for good|forever)|(?:wont|will not) (?:need|be needing) (?:it|them|these|my \\w+) (?:anymore|any more|where im going|after tonight)",
    "(?:wont|will not) be (?:here|around) (?:tomorrow|next week|much longer|by monday|for much longer) (?:because|as|since|so|i have|im (?:going|travelling|traveling|flying|away|busy|working|at|on))|goodbye forever (?:to|my) (?:my|this) (?:old|job|ex)|bye forever,? (?:my )?(?:ex|job|work)",
  ),
];

/**
 * Further English wordings, each seen in a corpus written without the rules: what a first reading of "wanting to
 * die" misses (see docs/security.md, "The corpus").
 */
const ENGLISH_MORE: CrisisPhrase[] = [
  phrase(
    "passive",
    "en",
    `if (?:a|the|some) (?:taxi|car|bus|truck|train|lorry) (?:hit|hits|ran over|runs over|took) me (?:\\w+ ){0,5}(?:i )?(?:wouldnt|would not|wont) (?:even |really |honestly )?(?:mind|care)|(?:hoping|hope|praying|wishing) (?:that )?(?:thats|that is|its|it is|this is|it will be|itll be|this will be|tonight is|tonight will be) (?:the|my) last (?:time|night|day|one|sleep)|(?:dont|do not|wouldnt|would not) (?:even |really )?care if i (?:die|died|dont wake|never wake|get hit|got hit|live or die)|(?:life|it all|everything|existence) (?:\\w+ ){0,5}waiting (?:for it )?to (?:be over|end|finish)|(?:nobody|no one|noone) (?:needs|wants) me (?:alive|here|around|anymore|any more)`,
  ),
  together("passive", "en", [
    "(?:had|have|got|gave me) (?:a|one|two|three|a few|few|\\w+) (?:month|months|week|weeks|day|days|year) (?:left|to live)",
    "relieved|wouldnt be sad|would not be sad|wouldnt mind|good news|glad|happy about it|thank god",
  ]),
  phrase(
    "passive",
    "en",
    `(?:keep|kept|always|still|constantly|been|started|start|stop) (?:\\w+ )?(?:wanting|wishing|hoping|praying|longing) (?:to |i could |i would )?(?:die|be dead|not exist|not wake up|disappear forever)|(?:point|reason|use) (?:of|in|to) (?:staying|being|keep|keeping|going|carrying) (?:alive|on living|living|on|going)|(?:pray|prays|praying|prayed|hope|hopes|hoping|hoped|wish|wishes|wishing) (?:that )?(?:i|something|someone|a car|a bus|a truck|a taxi|the plane|the car|god|it) (?:\\w+ ){0,8}(?:takes me|take me|kills me|kill me|hits me|hit me|runs me over|goes down|crashes|doesnt stop|wont stop|dont wake|never wake|dont survive|die|dies)|(?:press|pressed|push|pushed) a button (?:\\w+ ){0,3}(?:stop existing|disappear|not exist|die|never been born|end it)|(?:dont|do not) (?:want|wanna) to (?:be|stay) (?:here|alive|around) (?:by|in the|tomorrow|until|till|another)`,
    `(?:pray|hope|wish) (?:that )?(?:the|my|our) (?:enemy|dragon|team|side|boss)|(?:god|it) (?:\\w+ ){0,3}(?:takes|take) me (?:home|there|back|away from here to)`,
  ),
  together("passive", "en", [
    "stop existing|cease existing|cease to exist|stop being alive|not be alive anymore|not exist anymore|stop breathing forever",
    "i|id|im|ive|me|my",
  ]),
  phrase(
    "burden",
    "en",
    `(?:im|i m|i am|i feel like|feel like|being|just) (?:\\w+ ){0,2}dead weight|(?:take|remove|get|taking|removing) myself out of (?:the picture|the way|this world|everyones way|everyone s way|the equation|their lives)|out of (?:the|everyones|their) way (?:permanently|for good|forever)|if i (?:wasnt|werent|was not|were not|wasn t) alive|(?:if|when|once) (?:im|i m|i am) (?:not|no longer) (?:around|here|alive|there) (?:anymore|any more|permanently|for good)|(?:one|a) (?:\\w+ )?(?:person|people) too many (?:\\w+ ){0,3}(?:its|it s|it is|thats|that s) me|(?:my )?life insurance (?:would|will|could|might) (?:\\w+ ){0,3}(?:help|pay|cover|be|do|look after)|(?:wont|will not|wont be) (?:be )?(?:a problem|a burden|trouble|in (?:your|anyones|their) way) (?:much|for much|any) longer`,
  ),
  phrase(
    "ending",
    "en",
    `(?:im|i m|i am|ill|i ll|i will|i think im|going to|gonna|ready to|decided to) (?:\\w+ ){0,3}(?:end|ending|finish|finishing) (?:it|things|everything|it all|my story)(?:$| not with you| not you| with me| tonight| for real| after| when| once| i| its| im)|my (?:story|life) ends (?:\\w+ ){0,3}(?:for real|tonight|today|here|in real life|irl|not the)|(?:going|go|gone|leaving) (?:somewhere|to a place|where) (?:\\w+ ){0,3}(?:doesnt|does not|wont|cant|will not|doesn t) hurt (?:anymore|any more|ever again)`,
    "(?:end|finish) (?:it|things) (?:with|between) (?:him|her|them|my (?:boyfriend|girlfriend|husband|wife|partner|ex)|you and|us)",
  ),
  together("burden", "en", [
    "better (?:if )?i (?:go|went|leave|die|disappear|am gone)",
    "free|relieved|better off|burden|only make work|too much|in the way",
  ]),
  phrase(
    "ending",
    "en",
    `(?:ready|want|wanna|need) to be done (?:with (?:all of it|everything|it all|life|living|this life|existing)|for good|forever)|(?:ending|end|finishing|finish) my (?:own )?(?:story|life|chapter)(?: \\w+){0,3} (?:in real life|irl|for real)|pull(?:ing)? the plug on (?:myself|me|my life|it all|everything)|(?:switch|switching|turn|turning|shut|shutting|power|powering) myself (?:off|down)|(?:after|when|once) (?:im|i am|i m) (?:gone|dead)|(?:wont|will not|not going to|not gonna) be alive (?:to|for|by|tomorrow|next|much|after|anymore)`,
  ),
  together("ending", "en", [
    "(?:doing|do|finishing|finish|ending|end) it",
    "(?:after|when|once|while) (?:everyone|everybody|they|my \\w+)(?:s|re)? (?:is |are |has |have |goes |go |falls |fall |gets |get )?(?:asleep|gone|out|away|sleeping|at \\w+|to sleep|to bed)",
  ]),
  phrase(
    "self-injury",
    "en",
    `(?:hide|hiding|hid|cover|covering|covered) (?:up )?(?:my |the |all the |all my )(?:cuts|scars|burns|wounds)|(?:scratched|scratching|cut|cutting|scraped|scraping|carved|carving|burned|burnt|burning) (?:\\w+ ){0,3}(?:my )?(?:wrists?|arms?|thighs?|legs?|skin|stomach) (?:raw|open|to bleed|until|till|with a|with my|again)|(?:took|take|taking|broke|break|breaking|got) (?:the |my |a )?(?:pencil )?sharpener apart|(?:want|wanna|need) to go deeper|(?:blade|razor) (?:\\w+ ){0,3}not for (?:pencils|shaving|crafts)|(?:cut|cutting|went) (?:\\w+ ){0,3}deeper this time|(?:^|i|ive|i ve|just|again|last night) cut (?:deep|deeper|again)(?:$| last| tonight| this| again| and)|(?:marks|cuts|scars|burns) (?:\\w+ ){0,4}(?:i did (?:them|it) myself|did them to myself|self inflicted)|(?:got|get|getting|took|take|taking) (?:the |my )?(?:blade|razor|blades|razors) out|slef ?harm\\w*`,
    "(?:scratched|cut|scraped|burned|burnt) (?:\\w+ ){0,3}(?:on|by|while|when) (?:the|a|my) (?:\\w+ )?(?:fence|bush|branch|thorn|cat|dog|stove|oven|pan|kettle|iron|knife while)",
  ),
  together(
    "overdose",
    "en",
    [
      `${PILL_WORDS}`,
      "(?:right )?(?:here )?(?:next to me|in my hand|beside me|in front of me|counted out|lined up|all counted|on my desk ready)",
    ],
    "(?:headache|prescribed|doctor|pharmacy|vitamins|remember to take|for my (?:back|head|flu|cold))",
  ),
  phrase(
    "overdose",
    "en",
    `(?:took|taken|swallowed|downed|had) (?:too many|a lot|loads|way too many|too much)(?: \\w+)? (?:on purpose|deliberately)|(?:drank|took|swallowed|downed) (?:a |the )?(?:whole |full )?(?:bottle|box|packet|strip) of ${PILLS}|(?:vodka|alcohol|wine|booze|whiskey|whisky|beer|gin|rum|brandy|liquor) (?:\\w+ ){0,2}(?:with|and|w) (?:all )?(?:my |the |some )?(?:\\w+ )?${PILLS}|(?:mix|mixed|mixing) (?:all )?(?:my |the |some )?(?:\\w+ )?${PILLS} (?:with|and) (?:the |some |a bottle of |half a bottle of )?(?:alcohol|vodka|wine|booze|whiskey|whisky|beer|gin|rum|brandy)|(?:lethal|fatal|deadly|killing|toxic|overdose) (?:dose|doses|amount|quantity|number)|how many (?:\\w+ ){0,3}${PILLS} (?:\\w+ ){0,3}(?:to die|to kill|would kill|does it take|is lethal|is fatal|to not wake)|(?:necked|necking|downed|downing|chugged|chugging|swallowed|took|popped|ate) (?:all|all of|the whole|a whole|every one of) (?:my |the |of my )?(?:\\w+ )?${PILLS}`,
    "(?:dose|doses) (?:of|for) (?:the|a|my|your) (?:\\w+ )?(?:dragon|horse|beast|monster|potion|spell)|(?:lethal|deadly) (?:dose|amount) of (?:\\w+ )?(?:poison|venom|nightshade|potion|magic|sarcasm|cuteness|charm)",
  ),
  phrase(
    "slang",
    "en",
    `alt ?f ?4 (?:\\w+ ){0,2}(?:life|myself|me|it all|everything|irl)|(?:become|becoming|turn into|turning into) a ghost (?:for real|irl|in real life|for good|tonight)|(?:yeet|yeeting|yeeted|throw|throwing|launch|launching|fling|flinging|chuck|chucking|hurl|hurling) myself (?:off|from|in front of|into|under|out of)`,
    "(?:yeet|yeeting|throw|throwing|launch|launching|fling|flinging) myself (?:into|in to) (?:the |your |his |her )?(?:arms|bed|pool|sea|lake|water|work|battle|fight|fray|adventure|books|studies|project)",
  ),
  together(
    "slang",
    "en",
    [
      "this isnt the character|this is not the character|not the character|not my character|not the story|not in the story|not the rp|not rp|out of character|ooc|irl|in real life|real life not|for real not|not even joking|im not joking|no joke",
      "die|dying|dead|death|kill|suicide|end it|end things|hurt myself|bridge|jump|pills|overdose|cut|cutting|alive|gone forever|ghost|exist|disappear|goodbye|bye everyone",
    ],
    "(?:dying|die|dead|died) (?:of|from|laughing|to|for)|(?:ooc|out of character)(?: \\w+){0,8} (?:kill|dies|die|death|dead) (?:the|him|her|them|a|your|my character)|(?:kill|kills|killed) (?:the|him|her|them|my character|your character)",
  ),
  together("plan", "en", [
    "rope|noose|razor blades|charcoal|a gun|the gun",
    "not for (?:camping|climbing|the|work|a project|hiking|crafts|the garden|the boat)",
  ]),
  together("plan", "en", [
    "(?:gave|given|rehomed|giving) (?:away )?my (?:cat|dog|pets?|things|stuff|belongings)",
    "sorted|ready|arranged|in order|(?:for|on) (?:friday|saturday|sunday|monday|tuesday|wednesday|thursday|tonight|tomorrow)",
  ]),
  together("plan", "en", [
    "dam|bridge|sea|river|cliff|tracks|lake|ocean|roof|railway",
    "(?:dont|do not|not|never|wont|will not) (?:come|coming|be coming) back(?! (?:until|till|til|without|before|for|in))",
  ]),
  phrase(
    "plan",
    "en",
    `(?:researching|researched|research|looking up|looked up|look up|googling|googled|searching|searched) (?:\\w+ ){0,3}(?:how high|how tall|how far|methods|ways to die|how to die|painless ways|how many pills|how to kill myself|how to end it|lethal doses?|suicide methods)|(?:picked|chosen|chose|decided on|settled on) (?:a |the |my )?(?:method|way)(?: to do it| to go)?|(?:picked|chosen|decided on) one(?:$| tomorrow| tonight| friday| saturday| sunday| monday| tuesday| wednesday| thursday)|(?:know|knew|found|checked|picked|chose|chosen) which (?:bridge|building|roof|cliff|tree|train|pills)|(?:check|checked|checking|see|saw|seeing|measure|measured) (?:how )?(?:high|tall) (?:it is|the \\w+ is|enough)|(?:its|it s|it is|the \\w+ is|roof is|bridge is|mine is|this one is) (?:high|tall) enough|(?:guns?|pistol|rifle|shotgun) (?:\\w+ ){0,5}(?:i know the code|loaded|the code now)`,
    `(?:high|tall) enough (?:to (?:reach|see|hang|climb|get|touch|stand)|for (?:the|a|my|our) (?:\\w+ )?(?:flag|banner|dragon|tree|kite|shelf|basket))|which (?:bridge|building|train) (?:to take|do i take|should we|goes|is the|is faster)`,
  ),
  together("goodbye", "en", [
    "(?:wrote|written|writing|left|leaving|finished) (?:the|my|a|all the|all my)? ?(?:note|notes|letter|letters)",
    "saturday|sunday|monday|tuesday|wednesday|thursday|friday|when my \\w+(?:s| is) (?:away|out|gone)|tonight|tomorrow",
  ]),
  together("goodbye", "en", [
    "(?:it wasnt|its not|it isnt|it is not|it was not|wasnt|this isnt|this is not) (?:your|anyones|their|his|her) fault",
    "goodbye|bye|love you|forgive me|finds my phone|find my phone|read this",
  ]),
  phrase(
    "goodbye",
    "en",
    `goodbye (?:for real|for good|forever|for ever)|(?:gave|giving|give) away (?:my |all my )?(?:cat|dog|pets?|books|clothes|guitar|games|plants|things|stuff)(?: \\w+){0,6} (?:say (?:bye|goodbye)|goodbye|bye|wont need|last)|(?:wont|will not|not going to|never going to) be (?:logging on|logging in|online|on here|back|coming back|talking|here) (?:\\w+ ){0,2}(?:again|ever|after tonight)(?! (?:until|till|til|before|for|next|this|on))|(?:been|was|its been|it was) (?:really )?nice knowing you(?:$| i| im| goodbye| bye| its| thank)|(?:thank|thanks) (?:you )?for being the (?:only|last) one(?: who| that)? (?:listened|cared|was there)(?:$| \\w+ goodbye| goodbye| bye)`,
    "(?:wont|will not) be (?:logging on|online|on here|back|here) (?:again )?(?:until|till|before|for|next|this|on)|nice knowing you(?: \\w+){0,4} (?:dragon|beast|hydra|boss|orc|orcs|kraken|battle|fight|duel)",
  ),
];

// Afrikaans. "Myself" is "myself" or "my"; the negation "nie … nie" brackets the verb.
const AFRIKAANS: CrisisPhrase[] = [
  phrase(
    "direct",
    "af",
    "(?:myself|my|mysef) (?:\\w+ ){0,2}(?:doodmaak|dood maak|dood te maak|dood te skiet|doodmaak nie|om die lewe bring|om die lewe te bring|ophang|op te hang|ophan|skiet|vergiftig|verdrink)|selfmoord|selfdood|my (?:eie )?lewe (?:te )?(?:neem|beeindig|beindig|eindig)|(?:beeindig|beindig|neem) my (?:eie )?lewe",
    "(?:hy|sy|hulle|sy broer|haar|my (?:oom|tante|neef|niggie|oupa|ouma|vriend|broer|suster)) (?:het )?(?:\\w+ )?selfmoord gepleeg",
  ),
  phrase(
    "passive",
    "af",
    "(?:wil|wens|wou) (?:net )?(?:nie meer )?(?:\\w+ )?(?:dood|sterf|doodgaan)(?: gaan)?|wil nie meer (?:leef|lewe|wakker word|hier wees|bestaan)|wens ek was (?:dood|nooit gebore)|(?:geen|nie n) rede (?:om|meer om) (?:te )?(?:leef|lewe)|(?:moeg|sat|keelvol) (?:vir|van) (?:die )?(?:lewe|leef|lewe self)|nooit weer wakker (?:word|te word)|kan nie meer (?:aangaan|so aangaan|leef|lewe)|ek kan nie meer nie",
    "(?:sy|hy|hulle) wil (?:\\w+ )?dood",
  ),
  phrase(
    "burden",
    "af",
    "(?:ek is|is ek) (?:net )?(?:n|'n) las|(?:almal|hulle|my familie) (?:sal|is|sou) (?:\\w+ )?beter af (?:wees )?sonder my|niemand sal (?:my )?(?:mis|omgee|agterkom)",
  ),
  phrase(
    "ending",
    "af",
    "(?:maak|sit) (?:n|'n) (?:einde|end) aan (?:alles|my lewe|dit)|(?:klaar|gedaan|done) met (?:die lewe|lewe|leef|alles)|dit (?:\\w+ ){0,2}(?:vanaand|vandag|more) klaarmaak|ek wil dit (?:alles )?(?:beeindig|eindig|klaarmaak)",
  ),
  phrase(
    "self-injury",
    "af",
    "(?:myself|my) (?:\\w+ )?(?:sny|seermaak|seer maak|brand|krap|slaan) (?:weer|aspris|doelbewus|tot)|(?:sny|brand) (?:weer )?myself|(?:wil|gaan) myself (?:\\w+ )?(?:sny|seermaak|seer maak|brand)|myself (?:\\w+ ){0,2}(?:gesny|gebrand|seergemaak|gekrap)|(?:het|ek het) (?:weer |alweer )?(?:my )?gesny|my (?:arm|arms|pols|polse|been|bene|vel|dye) (?:\\w+ )?(?:gesny|gebrand|gekrap|oopgesny)|selfbeskadiging|self beskadig",
  ),
  phrase(
    "overdose",
    "af",
    "(?:al|al my|al die) (?:\\w+ ){0,3}(?:pille|slaappille|pilletjies|tablette|medisyne) (?:\\w+ )?(?:gedrink|geneem|gesluk|ingesluk)|oordosis|(?:al|al my|n hele|die hele|n bottel) (?:my )?(?:pille|pilletjies|medisyne|tablette) (?:\\w+ )?(?:gedrink|geneem|ingesluk|gesluk|drink|neem|sluk)|(?:drink|neem|sluk) al my (?:pille|medisyne|tablette)",
  ),
  phrase(
    "plan",
    "af",
    "(?:van|af) (?:die |n )?(?:brug|gebou|dak|krans|toring) (?:af )?(?:spring|te spring)|(?:spring|gooi myself) (?:van|voor) (?:die |n )?(?:brug|gebou|dak|trein|krans)",
  ),
  phrase(
    "goodbye",
    "af",
    "(?:totsiens|tot siens|vaarwel) (?:vir altyd|vir ewig|almal)|(?:my )?(?:laaste|afskeids) ?(?:brief|briewe|boodskap|briefie)|sal nie (?:meer )?(?:more|hier) (?:wees|hier wees)",
  ),
];

// isiZulu and isiXhosa share the reflexive "-zi-" of "ukuzibulala" (to kill oneself) and "ukufa" (to die).
const NGUNI: CrisisPhrase[] = [
  stem("direct", "zu", "zibulal"),
  phrase(
    "passive",
    "zu",
    "ngifuna ukufa|ngifisa ukufa|ngithanda ukufa|angisafuni ukuphila|angifuni ukuphila|angisafuni ukuba khona|ngikhathele ukuphila|ngikhathele impilo|ngiyafisa sengathi ngingafa|kungcono ngife|kungcono ukufa|akusekho sizathu sokuphila|angisakwazi ukuqhubeka",
  ),
  phrase(
    "passive",
    "xh",
    "ndifuna ukufa|ndinqwenela ukufa|andisafuni ukuphila|andifuni ukuphila|andisafuni ukubakho|ndidiniwe kukuphila|ndidiniwe bubomi|kungcono ndife|kungcono ukufa|akukho sizathu sokuphila|andisakwazi ukuqhubeka",
  ),
  phrase("burden", "zu", "ngingumthwalo|ngiwumthwalo|akekho ozongikhumbula|akekho ongangikhumbula"),
  phrase("burden", "xh", "ndingumthwalo|akukho mntu uza kundikhumbula|akukho mntu unokundikhumbula"),
  stem(
    "burden",
    "zu",
    "ngcono ngaphandle kwam|ngingasekho|ndingasekho|ngingekho emhlabeni|ndingekho ehlabathini",
  ),
  stem("self-injury", "zu", "zilimaz|zisik|zenzakalis|zonzakalis"),
  phrase(
    "overdose",
    "zu",
    "(?:ngiphuze|ngigwinye|ngithathe) (?:wonke|onke|zonke|yonke) (?:\\w+ )?(?:amaphilisi|izidakamizwa|imishanguzo|imithi)|amaphilisi amaningi (?:ngamabomu|ukuze ngife)|(?:ngiphuze|ngigwinye|ngithathe) amaphilisi amaningi",
  ),
  phrase(
    "overdose",
    "xh",
    "(?:ndiginye|ndisele|ndithathe|kusela|kuginya|ukusela|ukuginya|kuthatha) (?:zonke|onke|wonke|yonke) (?:\\w+ )?(?:iipilisi|amayeza|iipilisi zam)|iipilisi ezininzi ukuze ndife",
  ),
  phrase(
    "goodbye",
    "zu",
    "sala kahle kuze kube phakade|ngeke ngibe khona kusasa|lena yincwadi yami yokugcina",
  ),
  phrase("goodbye", "xh", "sala kakuhle ngonaphakade|andizukubakho ngomso|le yileta yam yokugqibela"),
];

// Spanish. Accents are dropped by the views: "daño" is "dano", "tomé" is "tome".
const SPANISH: CrisisPhrase[] = [
  phrase(
    "direct",
    "es",
    "(?:matarme|me voy a matar|me quiero matar|quiero matarme|voy a matarme|suicidarme|me voy a suicidar|me quiero suicidar|quitarme la vida|me quito la vida|acabar con mi vida|terminar con mi vida|poner fin a mi vida|ahorcarme|(?:tirarme|me voy a tirar|me quiero tirar|me tiro|aventarme|lanzarme) (?:de|del|desde|por|al|a las|bajo) (?:un |el |la |una )?(?:puente|edificio|techo|ventana|balcon|vias|tren|metro|azotea))|suicidio|suicida|suicidar",
    "(?:se|su|sus) (?:\\w+ )?suicid|(?:libro|pelicula|serie|cancion|noticia) (?:sobre|de) (?:el )?suicidio",
  ),
  phrase(
    "passive",
    "es",
    "(?:me quiero|quiero|quisiera|deseo|ojala) (?:\\w+ )?(?:morir|morirme|estar muerto|estar muerta|desaparecer para siempre|no despertar|no existir)|(?:no|ya no) (?:quiero|deseo|tengo ganas de) (?:seguir )?(?:vivir|viviendo|viva|vivo|despertar|existir|estar aqui)|no (?:tengo|hay) (?:ninguna )?razon (?:para|de) (?:vivir|seguir)|(?:cansado|cansada|harto|harta) de (?:vivir|la vida|existir)|no (?:puedo|aguanto) (?:mas|seguir) (?:con )?(?:la vida|vivir|viviendo|asi)|ojala no despertar|morirme ya",
    "(?:me muero|me moria|muero) de (?:risa|hambre|ganas|sueno|verguenza|calor|frio)",
  ),
  phrase(
    "burden",
    "es",
    "(?:soy|me siento) (?:una|un) (?:carga|estorbo)|(?:estarian|estaria|estarias|vivirian|seria) mejor sin mi|(?:a nadie|nadie) (?:le )?(?:importaria|me extranaria|notaria)",
  ),
  phrase(
    "ending",
    "es",
    "(?:acabar|terminar) con (?:todo|esto) (?:de una vez|para siempre|hoy|esta noche)|(?:quiero|voy a) (?:acabar|terminar) con todo|ya no puedo mas con (?:la vida|todo)",
  ),
  phrase(
    "self-injury",
    "es",
    "(?:cortarme|me corto|me corte|me estoy cortando|volvi a cortarme|me (?:volvi|vuelvo|he vuelto) a cortar|hacerme dano|me hago dano|lastimarme|me lastimo|quemarme|me quemo|autolesion\\w*)(?! (?:el pelo|las unas|el cabello|con el papel))",
  ),
  phrase(
    "overdose",
    "es",
    "sobredosis|(?:tome|tomar|me tome|trague|tragarme|me trague|tomarme) (?:todas|todos|un frasco de|una caja de|muchas|muchos) (?:mis |las |los |de )?(?:pastillas|pildoras|medicamentos|remedios|calmantes)",
  ),
  phrase(
    "goodbye",
    "es",
    "(?:esta|este) es mi (?:despedida|ultimo mensaje|adios)|(?:carta|nota|mensaje) de despedida|(?:adios|adios a todos) para siempre|este es mi ultimo mensaje|(?:ya no|no) estare (?:aqui|mas) manana",
  ),
];

// Portuguese (Brazil and Portugal). "Não" is "nao" in the views.
const PORTUGUESE: CrisisPhrase[] = [
  phrase(
    "direct",
    "pt",
    "(?:me matar|matar me|vou me matar|quero me matar|suicidar|me suicidar|suicidar me|tirar (?:a )?minha (?:propria )?vida|acabar com (?:a )?minha vida|por fim a minha vida|me enforcar|me jogar (?:de|da|do|na|no|em frente)(?: \\w+)?|(?:vou|quero|vai|posso) pular (?:da|de|do) (?:ponte|predio|janela|viaduto|penhasco|prédio))|suicidio|suicida",
    "(?:se|seu|sua) (?:\\w+ )?suicid|(?:livro|filme|serie|musica|noticia|prevencao|taxa|taxas) (?:sobre|de|do) (?:o )?suicidio",
  ),
  phrase(
    "passive",
    "pt",
    "(?:quero|queria|desejo|gostaria de) (?:\\w+ )?(?:morrer|estar morto|estar morta|sumir para sempre|desaparecer para sempre|nao acordar|nao existir)|(?:nao|ja nao) (?:quero|aguento|consigo) (?:mais )?(?:viver|continuar vivendo|continuar a viver|existir|acordar)|nao aguento mais (?:a vida|viver|isso tudo)|(?:nenhum|sem|mais) motivo (?:para|pra) (?:viver|continuar)|(?:cansado|cansada) de (?:viver|existir|a vida)|queria nunca ter nascido|(?:nunca mais|nao) acordar(?: mais)?$|dormir (?:e nunca mais acordar|para sempre|pra sempre)",
    "(?:morrer|morrendo) de (?:rir|fome|vontade|sono|vergonha|calor|frio)",
  ),
  phrase(
    "burden",
    "pt",
    "(?:sou|me sinto) (?:um|uma) (?:peso|fardo|estorvo)|(?:estariam|ficariam|estaria|ficaria|seria|seriam|viveriam|viveria) melhor sem mim|ninguem (?:sentiria|vai sentir) (?:a )?minha falta",
  ),
  phrase(
    "ending",
    "pt",
    "(?:acabar|terminar) com tudo (?:de vez|hoje|esta noite|para sempre)|(?:quero|vou) (?:acabar|terminar) com tudo|dar um fim em tudo",
  ),
  phrase(
    "self-injury",
    "pt",
    "(?:me cortar|me corto|me cortei|cortar me|me machucar|me machuco|me machuquei|me ferir|me queimar|automutila\\w*|autolesao)(?! (?:o cabelo|as unhas|com papel))",
  ),
  phrase(
    "overdose",
    "pt",
    "(?:tomei|engoli) (?:a|uma) (?:cartela|caixa|frasco)(?: inteira| inteiro)? (?:de )?(?:remedio|remedios|comprimidos|pilulas|calmantes)(?: inteira| inteiro)?|(?:tomei|tomar|engoli|engolir) (?:todos|todas|uma caixa|um frasco|muitos|muitas) (?:os |as |de )?(?:meus |minhas )?(?:remedios|comprimidos|pilulas|calmantes)",
  ),
  phrase(
    "goodbye",
    "pt",
    "(?:carta|bilhete|mensagem) de despedida|adeus para sempre|(?:essa|esta) e (?:a )?minha ultima mensagem|nao vou estar aqui amanha",
  ),
];

// French. "Ne … plus" often loses its "ne" in writing: "je veux plus vivre".
const FRENCH: CrisisPhrase[] = [
  phrase(
    "direct",
    "fr",
    "me suicider|me tuer|me flinguer|me pendre|me foutre en lair|mettre fin a (?:mes jours|ma vie)|en finir avec (?:la vie|ma vie)|(?:pense|penser|pensees|idees|envie) (?:au|de|du|suicidaires?) ?suicide|suicidaire|me jeter (?:dun|du|sous|par)(?: \\w+)?",
    "(?:il|elle|ils|elles|son|sa|ses) (?:\\w+ )?(?:sest suicide|suicid)",
  ),
  phrase(
    "passive",
    "fr",
    "(?:je veux|j veux|jveux|envie de|je voudrais|je souhaite|jaimerais|jai envie de) (?:\\w+ )?(?:mourir|crever|disparaitre pour toujours|ne plus exister|ne pas me reveiller|plus me reveiller)|(?:je ne veux plus|je veux plus|jveux plus|plus envie de) (?:\\w+ )?(?:vivre|exister|me reveiller)|(?:aucune|pas de|plus de) raison de vivre|(?:fatigue|fatiguee|marre) de (?:vivre|la vie|exister)|(?:jen peux plus|je nen peux plus) de (?:vivre|la vie)|(?:ne jamais|ne plus|plus jamais|jamais) me reveiller|mendormir (?:pour toujours|et ne)",
    "mourir de (?:rire|faim|envie|froid|chaud|honte)",
  ),
  phrase(
    "burden",
    "fr",
    "(?:je suis|j suis|jsuis) (?:un|une) (?:fardeau|poids)|(?:seraient|serait|vivraient|serais) mieux sans moi|personne ne (?:me regrettera|remarquera|sen rendra compte)",
  ),
  phrase(
    "ending",
    "fr",
    "(?:en|den) finir (?:une bonne fois|pour de bon|pour toujours|ce soir|aujourdhui|avec (?:tout|la vie|ma vie))|(?:en|den) finir$|je vais en finir|je veux en finir|envie den finir",
  ),
  phrase(
    "self-injury",
    "fr",
    "me scarifier|scarification|me couper (?:encore|les bras|les poignets|volontairement|expres)|je me coupe (?:encore|les bras|les poignets)|je me suis (?:encore |de nouveau |a nouveau )?(?:coupe|coupee|scarifie|scarifiee|brule|brulee|fait du mal|mutile|mutilee)|me faire du mal|me bruler|mautomutiler|automutilation",
  ),
  phrase(
    "overdose",
    "fr",
    "surdose|(?:pris|avale|avaler|prendre) (?:toutes|tous|une boite de|un tube de) (?:mes |les )?(?:pilules|cachets|medicaments|comprimes)|(?:pris|avale|avaler|prendre) (?:toute la|une|la) (?:boite|plaquette|tube)(?: entiere)? (?:de |dun )?(?:cachets|medicaments|pilules|comprimes|somniferes)",
  ),
  phrase(
    "goodbye",
    "fr",
    "lettre dadieu|(?:adieu|au revoir) pour toujours|cest mon dernier message|je ne serai plus (?:la|ici|en vie) demain|(?:plus|pas) en vie demain",
  ),
];

// German. "Ü", "ä", "ö" lose their dots in the views: "Überdosis" is "uberdosis".
const GERMAN: CrisisPhrase[] = [
  phrase(
    "direct",
    "de",
    "mich (?:\\w+ )?(?:umbringen|umbring|umzubringen|toten|zu toten|erhangen|aufhangen|aufzuhangen|erschiessen|zu erschiessen|vergiften|zu vergiften)|(?:bringe|bring) mich (?:\\w+ ){0,3}um|mir (?:das|mein) leben (?:zu )?nehmen|(?:selbstmord|suizid)(?:gedanken|gefahrdet)?|suizidal|mich (?:von|vor) (?:der|einer|einen|dem|die) (?:\\w+ )?(?:brucke|zug|hochhaus|dach)",
    "(?:er|sie|sein|seine|ihr|ihre) (?:\\w+ )?(?:hat sich umgebracht|selbstmord begangen)|(?:buch|film|serie|lied) (?:uber|uber den) (?:selbstmord|suizid)",
  ),
  phrase(
    "passive",
    "de",
    "(?:ich will|ich mochte|ich wunschte|will|mochte) (?:\\w+ ){0,3}(?:sterben|tot sein|nicht mehr leben|nicht mehr aufwachen|nicht mehr existieren|einfach verschwinden|fur immer verschwinden)|(?:will|mochte|kann) nicht mehr (?:leben|weiterleben|weitermachen|existieren|aufwachen)|(?:kein|keinen) grund (?:mehr )?(?:zu leben|zum leben|weiterzuleben)|(?:mude|satt) (?:vom|des) leben|lebensmude|wunschte ich ware (?:tot|nie geboren)|nie (?:wieder|mehr) aufwachen",
  ),
  phrase(
    "burden",
    "de",
    "(?:ich bin|bin) (?:nur )?(?:eine|ne) (?:last|belastung)|(?:waren|ware|ginge es) (?:\\w+ )?besser (?:dran )?ohne mich|niemand (?:wurde|wird) mich vermissen",
  ),
  phrase(
    "ending",
    "de",
    "(?:allem|dem allen|dem ganzen|alles|meinem leben) (?:ein )?ende (?:setzen|machen|bereiten)|(?:setze|mache|bereite) (?:\\w+ ){0,3}(?:meinem leben|allem) ein ende|(?:schluss|ende) machen (?:mit allem|mit dem leben|fur immer)|(?:mach|mache|machen) (?:\\w+ ){0,3}schluss (?:\\w+ ){0,2}(?:fur immer|mit allem|mit dem leben|mit mir)|ich mache schluss (?:mit allem|fur immer)",
  ),
  phrase(
    "self-injury",
    "de",
    "mich (?:\\w+ ){0,3}(?:ritzen|schneiden|verletzen|verbrennen|geritzt|geschnitten|verletzt|verbrannt)|ritze mich|ritzen|selbstverletz\\w*|mir (?:\\w+ )?(?:weh tun|wehtun|schaden)",
  ),
  phrase(
    "overdose",
    "de",
    "uberdosis|(?:alle|eine packung|die ganze packung|viele) (?:meine |meiner |die )?(?:tabletten|pillen|medikamente) (?:\\w+ ){0,2}(?:genommen|geschluckt|nehmen|schlucken)",
  ),
  phrase(
    "goodbye",
    "de",
    "abschiedsbrief|(?:lebt wohl|tschuss|auf wiedersehen) fur immer|das ist meine letzte nachricht|morgen bin ich nicht mehr (?:da|hier)",
  ),
];

/**
 * isiXhosa rather than isiZulu: the phrases of both are tagged "zu" where they share their stems; the first person
 * ("ndi-", "andi-", "kwam") tells isiXhosa apart ("ngi-", "angi-", "kwami" in isiZulu).
 *
 * @example
 * nguniLanguage("ndifuna ukuzibulala"); // "xh"
 */
export function nguniLanguage(view: string): "zu" | "xh" {
  return /(?<![a-z])(?:ndi|andi|nda|ndiza)[a-z]*|(?<![a-z])kwam(?![a-z])|(?<![a-z])nceda(?![a-z])/.test(view)
    ? "xh"
    : "zu";
}

/** Every phrase family, English first (most messages are English, and the first match names the language). */
export const CRISIS_PHRASES: readonly CrisisPhrase[] = [
  ...ENGLISH,
  ...ENGLISH_MORE,
  ...AFRIKAANS,
  ...NGUNI,
  ...SPANISH,
  ...PORTUGUESE,
  ...FRENCH,
  ...GERMAN,
];
