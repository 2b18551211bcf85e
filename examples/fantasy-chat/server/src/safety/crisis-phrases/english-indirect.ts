// English wordings that say it without saying it: the ones a first reading of "wanting to die" missed in the corpus
// sets written without the rules (see docs/security.md), across every family.
import { PILLS, PILL_WORDS } from "./english-words.js";
import { phrase, together, type CrisisPhrase } from "./phrase.js";

/**
 * Further English wordings, each seen in a corpus written without the rules: what a first reading of "wanting to
 * die" misses (see docs/security.md, "The corpus").
 */
const FIRST_READINGS: CrisisPhrase[] = [
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
    `(?:keep|kept|always|still|constantly|been|started|start|stop) (?:\\w+ )?(?:wanting|wishing|hoping|praying|longing) (?:to |i could |i would )?(?:die|be dead|not exist|not wake up|disappear forever)|(?:point|reason|use) (?:of|in|to) (?:me )?(?:still )?(?:staying|being|keep|keeping|going|carrying) (?:alive|on living|living|on|going|here)|(?:pray|prays|praying|prayed|hope|hopes|hoping|hoped|wish|wishes|wishing) (?:\\w+ ){0,3}(?:that )?(?:i|something|someone|a car|a bus|a truck|a taxi|the taxi|the bus|the truck|the train|a train|the driver|the plane|the car|god|it|death|cancer) (?:\\w+ ){0,8}(?:takes me|take me|kills me|kill me|hits me|hit me|runs me over|goes down|crashes|doesnt stop|wont stop|dont wake|never wake|dont survive|die|dies)|(?:press|pressed|push|pushed) a button (?:\\w+ ){0,3}(?:stop existing|disappear|not exist|die|never been born|end it)|(?:dont|do not) (?:want|wanna) to (?:be|stay) (?:here|alive|around) (?:by|in the|tomorrow|until|till|another)`,
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
    `(?:hide|hiding|hid|cover|covering|covered) (?:up )?(?:my |the |all the |all my )(?:cuts|scars|burns|wounds)|(?:hit|hitting|bang|banging|banged|slam|slamming|slammed) my head (?:against|on|into) (?:\\w+ ){0,4}(?:until|till|til|again|on purpose)|(?:scratched|scratching|cut|cutting|scraped|scraping|carved|carving|burned|burnt|burning) (?:\\w+ ){0,3}(?:my )?(?:wrists?|arms?|thighs?|legs?|skin|stomach) (?:raw|open|to bleed|until|till|with a|with my|again)|(?:took|take|taking|broke|break|breaking|got) (?:the |my |a )?(?:pencil )?sharpener apart|(?:want|wanna|need) to go deeper|(?:blade|razor) (?:\\w+ ){0,3}not for (?:pencils|shaving|crafts)|(?:cut|cutting|went) (?:\\w+ ){0,3}deeper this time|(?:^|i|ive|i ve|just|again|last night) cut (?:deep|deeper|again)(?:$| last| tonight| this| again| and)|(?:marks|cuts|scars|burns) (?:\\w+ ){0,4}(?:i did (?:them|it) myself|did them to myself|self inflicted)|(?:got|get|getting|took|take|taking) (?:the |my )?(?:blade|razor|blades|razors) out|slef ?harm\\w*`,
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
    "(?:throw|throwing|threw|fling|flinging|hurl|hurling) myself in front of (?:the |an |a |his |her )?(?:arrow|arrows|blade|sword|spear|bolt|spell|blow|dragon|beast|attack|you|him|her)|meant for you|(?:yeet|yeeting|throw|throwing|launch|launching|fling|flinging) myself (?:into|in to) (?:the |your |his |her )?(?:arms|bed|pool|sea|lake|water|work|battle|fight|fray|adventure|books|studies|project)",
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
    "(?:gave|given|rehomed|giving) (?:away )?(?:most of |all of )?my (?:cat|dog|pets?|things|stuff|belongings)",
    "sorted|ready|arranged|in order|(?:for|on) (?:friday|saturday|sunday|monday|tuesday|wednesday|thursday|tonight|tomorrow)|goodbye|say bye|wanted to say|before i go",
  ]),
  together("plan", "en", [
    "dams?|bridges?|sea|river|cliffs?|tracks|lake|ocean|roof|railway|mountains|woods|forest",
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

/**
 * Wordings the fifth corpus set held (written without the rules, like the others): what a hint says without a word
 * of death in it.
 */
const HINTS: CrisisPhrase[] = [
  phrase(
    "passive",
    "en",
    `(?:wouldnt|would not|wont) (?:even )?mind if (?:the|my|a) (?:plane|flight|car|bus|taxi|train) (?:\\w+ ){0,3}(?:went down|goes down|crashed|crashes|crash|hit me|hits me)|(?:fell|fall|falling) asleep at the wheel (?:\\w+ ){0,5}(?:fine by me|wouldnt mind|good|honestly fine|so be it)|(?:let it happen|let (?:it|death|the cancer|the illness|the sickness) take me) (?:\\w+ ){0,2}(?:and )?(?:not|never|wouldnt|wont|would not) (?:even )?fight`,
  ),
  phrase(
    "burden",
    "en",
    `if (?:their|our|my kids|the kids) (?:mum|mom|dad|mother|father|wife|husband) (?:wasnt|werent|was not|were not) (?:around|here|alive)|if i (?:wasnt|werent|was not|were not) (?:here|around|alive) (?:anymore|any more) (?:\\w+ ){0,3}(?:theyd|they would|everyone would|hed|shed|they could|would finally|could finally)|(?:remove|removing|erase|erasing|delete|deleting) myself (?:permanently|for good|forever|from (?:their|the|this|everyones) (?:lives|life|world|picture|story))`,
  ),
  phrase(
    "ending",
    "en",
    `(?:ready|want|wanna|need) to be (?:finished|done|gone|over)(?: \\w+){0,3} (?:for good|forever|with everything|with it all|with life)|(?:write|writing|wrote) myself out (?:of )?(?:\\w+ ){0,4}(?:for good|forever|permanently|real)|put an end to (?:me|myself|my life|my existence|it all)|(?:final|last) chapter(?: \\w+){0,6} (?:not for my character|not my character|for me|irl|in real life|for real)`,
  ),
  together("ending", "en", [
    "finish what i started",
    "properly this time|this time for real|last year|last time|for good",
  ]),
  together("self-injury", "en", [
    "(?:arms?|wrists?|legs?|thighs?)(?: s| is| are)? bleeding|bleeding (?:again|a bit|through)",
    "i did it again|did it again|did it to myself|on purpose",
  ]),
  together("self-injury", "en", [
    "fresh cuts|new cuts|fresh scars|fresh burns",
    "sleeves|again|hide|hiding|my arm|my arms|my legs|my thighs|bc|because|coz",
  ]),
  together("self-injury", "en", [
    "(?:razor|blade|knife|pills|rope)s? (?:is |are |s )?(?:in my hand|in my hands|right here)",
    "talk me out|using it|use it|do it|or dont",
  ]),
  phrase(
    "overdose",
    "en",
    `(?:going to|gonna|gna|will|ll|wanna|want to|about to|ready to) od(?:$| tonight| now| on| again| today)|enough (?:of (?:my |the )?)?(?:${PILLS} )?(?:stashed|stockpiled|hoarded|saved up|put away)|(?:would|will|could|does|can|is) (?:\\w+ ){0,6}${PILLS} (?:\\w+ ){0,3}(?:do it|kill me|be enough|be lethal|finish me)`,
  ),
  phrase(
    "plan",
    "en",
    `(?:picked|chosen|chose) (?:the|a|my) (?:bridge|building|cliff|tree|rope|method|roof) and (?:the|a|my) (?:date|day|time|night|place|spot)|(?:chosen|picked|set|decided on) (?:the )?(?:night|day|date|time) (?:i die|i go|ill die|to die|i end it|i do it)|(?:researching|researched|looking up|looked up|googling|googled) (?:\\w+ ){0,3}(?:quickest|easiest|painless|best|fastest) ways? to (?:die|go|do it|end it)|(?:ive written|ive left|ive written|wrote|written|left|leaving) my note(?:$| its| on| for| in| to| and)`,
    "my note (?:for|to) (?:the |my )?(?:teacher|plumber|landlord|boss|school|delivery|driver|neighbour|neighbor|class|lecturer)",
  ),
  together(
    "plan",
    "en",
    [
      "bought (?:a |some |the )?(?:rope|noose|razor blades|charcoal|gun|pistol)",
      "didnt even look|nobody noticed|no one noticed|not for camping|today|tonight",
    ],
    "(?:for|to) (?:the|our|a|my) (?:climb|climbing|hike|hiking|camping|camp|boat|tent|garden|swing|washing|laundry|project|class|show|barbecue|braai)",
  ),
  together("plan", "en", [
    "(?:going to|gonna|ill|i will|im going to) do it|everythings ready|everything is ready",
    "(?:when|once|after|while) (?:the kids|my kids|the children|my wife|my husband|my partner|my roommate|my flatmate|my parents)(?: are| is| re| s)? (?:at|out|away|gone|asleep|with)",
  ]),
  phrase(
    "goodbye",
    "en",
    "goodnight forever|good night forever|(?:then|and then) (?:its|it s|it is|it will be|itll be) over(?:$| for good| forever)",
  ),
  together("goodbye", "en", [
    "said my goodbyes|say my goodbyes",
    "its over|it will be over|be over soon|without (?:her|him|them) knowing|now you",
  ]),
];

/** English wordings that say it without saying it (see the file's comment). */
export const ENGLISH_INDIRECT: readonly CrisisPhrase[] = [...FIRST_READINGS, ...HINTS];
