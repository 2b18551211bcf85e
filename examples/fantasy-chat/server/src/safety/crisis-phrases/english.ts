// English crisis phrase families: direct wording, wishes not to live, being a burden, ending it, self-injury,
// overdoses, slang, plans and goodbyes, each with the exceptions that keep fantasy, idioms and talk about others out.
import {
  I,
  MEAN_TO,
  PILLS,
  PILL_WORDS,
  RELATIONS,
  SELF,
  WANT_TO,
  FIRST_PERSON,
  topic,
} from "./english-words.js";
import { phrase, together, type CrisisPhrase } from "./phrase.js";

/** The English phrase families, as first written. */
export const ENGLISH: CrisisPhrase[] = [
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
    "(?:scratch|scratched|scratching|cut|cutting|burn|burned|burnt|burning|hit|hitting|punch|punched|punching|pinch|pinched|pinching|bite|bit|biting|pick|picked|picking) (?:at )?(?:my )?(?:arms|arm|wrists|wrist|legs|leg|thighs|thigh|skin|stomach|hands|hand|face|head) (?:\\w+ ){0,2}(?:until|till|til|so) (?:they|it|i|my \\w+) (?:bleed|bleeds|bled|burns|bruise|bruised|bruises|break|breaks|broke|split|cant feel|go numb)|(?:urge|urges|tempted|craving|cravings|itch) to (?:cut|burn|hurt|harm|bleed)|(?:want|wanna|need|going|gonna|have) (?:to )?(?:cut|burn) (?:deeper|again|tonight|so bad|so badly|really bad|real bad)|(?:because|coz|cause|cos|as) i (?:wanted|want|needed|need) (?:it|myself|me) to (?:hurt|bleed|suffer)|(?:punch|punched|punching|hit|hitting|bang|banged|banging|slam|slammed|slamming) (?:the |my |a )?(?:wall|walls|head|mirror|fist|fists) (?:\\w+ ){0,5}(?:on purpose|deliberately|until|till|til|to feel|so i can feel|so it hurts)",
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
    "kms|kmss|kmsss|k m s|unalive|unaliving|unalived|un alive|sewerslide|sewer slide|sewerside|self delete|self deleting|delete myself|deleting myself|ctb|catch the bus (?:for good|forever|tonight|im done|i m done|i am done|and never)|catching the bus (?:for good|forever|tonight)|time (?:for me )?to catch the bus|commit toaster bath|toaster bath|game end myself|rope myself|roping|rope szn|neck myself|necking myself|bridge time|the rope thing|rope thing|log off life|logging off life|forever nap|eternal nap|permanent nap|eternal sleep|(?:ready|going|gonna|want|wanna|about|time) (?:to )?rope(?! (?:the|a|in|them|him|her|cattle|calves|horses|it|off|up|down|together|bridge))|yeet myself off|alt f4 my life|alt f4 myself|log out of life",
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
