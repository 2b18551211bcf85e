// Sexual content involving minors, matched against a text's safety views (see normalise-text.ts), in English,
// Afrikaans, Spanish, Portuguese, French and German: a term that names such material on its own, or a minor and a
// sexual word in one text. Both come in two strengths: an explicit minor (an age under 18, a school year, "underage",
// "schoolgirl") with any sexual word ("sleep with me" included), a child or a kid only with an unmistakably sexual
// word ("naked", "seduce"), so that "my kid wants to sleep with me tonight, the storm scares him" passes.

import { wholeWords as words } from "./whole-words.js";

/** Terms that on their own name sexual material involving children. */
const ALWAYS_REFUSED = words(
  "child ?porn\\w*|kiddie ?porn|kiddy ?porn|cp pics|csam|pedo|pedos|pedophil\\w*|paedo|paedos|paedophil\\w*|pedofil\\w*|lolicon|shotacon|jailbait|kinderporno\\w*|pornografia infantil|pedopornografi\\w*|pedopornographie",
);

// Ages 12 to 17 as words, in each language read; ages under 12 and words that are also other words ("once", "elf",
// "ten") are read only with "years old" and the like (below).
const TEEN_WORDS = [
  "eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen",
  "twaalf|dertien|veertien|vyftien|sestien|sewentien",
  "doce|trece|catorce|quince|dieciseis|diecisiete|diez y seis|diez y siete",
  "onze|treze|catorze|quatorze|quinze|dezesseis|dezasseis|dezessete|dezassete",
  "douze|treize|seize|dix sept",
  "zwolf|dreizehn|vierzehn|funfzehn|sechzehn|siebzehn",
].join("|");
const CHILD_AGE_WORDS = [
  "one|two|three|four|five|six|seven|eight|nine|ten",
  "een|twee|drie|vier|vyf|ses|sewe|agt|nege|tien|elf",
  "uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once",
  "um|dois|quatro|cinco|sete|oito|nove|dez",
  "un|deux|trois|quatre|cinq|sept|huit|neuf|dix",
  "eins|zwei|funf|sechs|sieben|acht|neun|zehn",
].join("|");
const UNDER_18 = `(?:[1-9]|1[0-7]|0[1-9]|${TEEN_WORDS}|${CHILD_AGE_WORDS})`;
const TENS =
  "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|twintig|dertig|veertig|veinte|treinta|cuarenta|vinte|trinta|quarenta|vingt|trente|quarante|zwanzig|dreissig|vierzig";
/** What follows a number when it is not an age ("15 minutes", "16 times", "15 years ago", "12 dragons"). */
const NOT_AGE =
  "am|pm|h|hrs|hours|hour|min|mins|minutes|minute|sec|seconds|days|day|weeks|week|months|month|years|year|yrs|yr|times|time|km|miles|mile|metres|meters|feet|foot|inches|kg|kilos|pounds|lbs|percent|rand|dollars|euros|bucks|cm|mm|people|men|women|guys|of|more|left|or so|in a row|o clock|oclock|x|to \\d+|dragons|horses|swords|arrows|steps|goals|points|kids|children|babies|books|pages|chapters|episodes|levels|coins|pieces|kisses|hugs|roses|candles|soldiers|warriors|knights|orcs|apples|beers|drinks|cups|glasses|games|cards|stars|gb|mb|pack|inch|ft";
/** What comes before a bare number when it is not an age ("chapter 15", "at 15", "room 12", "top 10"). */
const NOT_AGE_BEFORE =
  "chapter|page|level|room|number|no|nr|episode|season|part|volume|vol|at|since|after|before|from|in|on|by|around|about|till|until|to|the|top|act|scene|step|day|week|round|floor|table|gate|row|book|ch|pg|lvl|rank|tier|wave|stage|sector|door|stop|line|bus|route|highway|road|street|house|flat|unit|psalm|verse|grade|year|form|std|klas|klasse|graad|times|x|under|over|rated|size|channel|minute|hour";

/** An age under 18: "15 year old", "15yo", "aged 12", "she is 15", "a girl of fifteen", "15 años", "15 Jahre alt". */
const MINOR_AGE = words(
  [
    // "15 year old", "15yo", "15 y o", "fifteen-year-old", "15 jaar oud", "15-jarige", "15 Jahre alt"
    `(?<!(?:${TENS}) )${UNDER_18} ?(?:yo|y o|yrs old|yr old|years old|year old|year olds|years of age|yrs of age|jaar oud|jarige|jarig|jahre alt|jahrige\\w*|jahriger)`,
    // "16yrs", "14f", "15m": an age written onto its unit or a gender, as chat profiles do
    `(?:[1-9]|1[0-7])(?:yrs|yr|f|m|yof|yom|yo f|yo m)`,
    // "fünfzehnjährige", "vyftienjarige", "quinceañera" as one word
    `[a-z]*(?:zehn|zwolf|tien|twaalf)(?:jahrige\\w*|jarige)`,
    // "aged 12", "age 15", "age: 15", "edad 15", "idade 15", "alter 15"
    `(?:age|aged|agd|edad|idade|alter|ouderdom|ouderdom van|age de) ${UNDER_18}`,
    // "she is 15", "he's 16", "i'm 14", "you are 15", "only 13", "du bist 14", "jy is 15", "tiene 15 años"
    `(?:is|s|im|am|are|youre|ur|u r|hes|shes|theyre|was|turning|turned|turns|turn|only|just|barely|still|bist|bin|ist|sind|eres|es|tiene|tienes|tengo|tenia|tem|tens|tenho|tinha|a|as|ai|jai|avait|jy is|ek is|hy is|sy is) (?:only |just |barely |still |like |nur |erst |solo |apenas |seulement |net |maar )?(?:[1-9]|1[0-7]|${TEEN_WORDS})(?! (?:${NOT_AGE})(?![a-z0-9]))(?! \\d)`,
    // "she is ten", "you're eight": a child's age in words, said of a person
    `(?:shes|hes|she is|he is|youre|you are|ur|u r|im|i am) (?:only |just |barely )?(?:three|four|five|six|seven|eight|nine|ten)(?! (?:${NOT_AGE}|feet|foot|ft|inches|out of|stars)(?![a-z0-9]))`,
    // "looks about 10", "looks like she's 12"
    `(?:looks|look|looking|appears|appear|seems|seem) (?:about |around |like |maybe |barely |only |like shes |like hes )?(?:[1-9]|1[0-7]|${TEEN_WORDS}|${CHILD_AGE_WORDS})(?! (?:${NOT_AGE})(?![a-z0-9]))(?! \\d)`,
    // "de 15 años", "com 14 anos", "de 15 ans"
    `(?:de|con|com|da|a) ${UNDER_18} (?:anos|ans)`,
    // A number or a word from 12 to 17 standing alone: "make the rider 15 and seduce me", "lily (14)", "be fourteen"
    `(?<!(?:${NOT_AGE_BEFORE}) )(?:1[2-7]|${TEEN_WORDS})(?! (?:${NOT_AGE})(?![a-z0-9]))(?! \\d)`,
  ].join("|"),
);

/** A school year or level that is a minor's: "9th grade", "grade 8", "year 10 student", "in high school". */
const SCHOOL_YEAR = words(
  [
    "(?:[1-9]|1[0-2])(?:st|nd|rd|th)? ?grade(?:r|rs)?",
    "(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth) ?grade(?:r|rs)?",
    "(?:grade|gr|graad|klas|klasse) (?:[1-9]|1[0-2]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?! (?:of|at|in) (?:uni|university|college|med|law))",
    "(?:year|yr|form|std|standard|jaar) (?:[5-9]|1[0-2]|five|six|seven|eight|nine|ten|eleven|twelve)(?= (?:student|students|pupil|pupils|learner|learners|girl|girls|boy|boys|kid|kids|classroom|class|homework|teacher|at|in|and|who|she|he|you)|$)",
    "(?:im|i am|shes|hes|youre|she is|he is|you are|still|currently) in (?:year|yr|form|std|standard) (?:[1-9]|1[0-2])|form [1-5] (?:homework|student|students|pupil|pupils|learner|learners|class|girl|boy)",
    "(?:home|back|out|just) from high ?school|after high ?school today",
    "(?<!(?:was|were|back|since|met|meet|dated|knew|from|sweethearts) )(?:in|at|attends|attending|goes to|going to|still in|still at|a|an) (?:high school|highschool|secondary school|middle school|middleschool|junior high|hoerskool|laerskool|secundaria|ensino medio|lycee|gymnasium|realschule)(?! (?:reunion|sweetheart|sweethearts|friend|friends|days|years|teacher|ago))",
    "high ?school (?:girl|girls|boy|boys|student|students|pupil|pupils|freshman|sophomore|junior|cheerleader|kid|kids|senior|learner)|high ?schooler|high ?schoolers",
    "(?:freshman|sophomore|junior) (?:in|at) (?:high school|highschool)",
    "(?:au|en) (?:college|lycee|primaire)|en (?:quatrieme|troisieme|cinquieme|sixieme|seconde)",
    "(?:grado|curso|ano|annee|classe) (?:[1-9]|1[0-2])|(?:[5-9]|1[0-2])o ano|(?:[1-4]o )?de la eso",
    "(?:en|no|na|de) (?:la )?(?:secundaria|ensino fundamental|primaria)",
  ].join("|"),
);

/** Words that say a person is a minor, with no other meaning in a sexual message. */
const MINOR_WORDS = words(
  [
    "schoolchild\\w*|schoolkid\\w*|(?:kid|child|minor|little girl|little boy|underage|teen) (?:character|oc|persona|rp|roleplay|version)|(?:still|only|just) a (?:little )?(?:boy|girl|child|kid)|not (?:a man|a woman|an adult|grown up|grown) yet|child brides?|child wife|child lover|child concubine|minor|minors|underage|underaged|under age|under aged|not of age|preteen|preteens|pre teen|tween|tweens|toddler|toddlers|infant|schoolgirl|schoolgirls|schoolboy|schoolboys|school girl|school boy|loli|lolis|lolita|shota|prepubescent|pubescent|pre pubescent|teen|teens|teenage|teenaged|teenager|teenagers|barely legal|barelylegal|jailbait|middle ?schooler\\w*|elementary school\\w*|primary school\\w*|grade school\\w*|junior high|juvenile|adolescent|adolescents|youngster|youngsters",
    "dogtertjie|meisietjie|seuntjie|minderjarig\\w*|skoolmeisie|skoolseun|tiener|tieners|laerskool\\w*|hoerskool ?(?:meisie|seun|kind)\\w*",
    "menor de edad|menores de edad|menor|menores|adolescente|adolescentes|colegiala|colegialas|colegial|chiquilla|prepuber\\w*|puberta",
    "menina|meninas|menino|meninos|crianca|criancas|menor de idade|novinha|novinho|ninfeta|pre adolescente",
    "fillette|fillettes|petite fille|petit garcon|enfant|enfants|mineur|mineure|mineurs|mineures|collegienne|collegien|lyceenne|lyceen|(?:une|un|les|des|cette|cet) ados?",
    "madchen|madel|kleiner junge|kleinen jungen|knabe|minderjahrig\\w*|schulerin|schuler|schulmadchen|schulkind\\w*|jugendliche|jugendlicher|teenagerin",
  ].join("|"),
);

/** Words for a child that also live in ordinary talk ("my kid", "the children"): a minor with a plainly sexual word. */
const CHILD_WORDS = words(
  [
    "child|children|childs|kid|kids|kiddo|kiddie|little girl|little girls|little boy|little boys|littlegirl|littleboy|young girl|young boy|younggirl|youngboy",
    "(?:n|een|die|klein|jong) kind|kinders|kindjie",
    "(?:una|la|esa|esta|mi|tu|pequena|las|unas|con una|con la) ninas?|(?:un|el|ese|este|mi|tu|pequeno|los|unos) ninos?",
    "(?:das|ein|einem|einen|kleines|kleinen|mit einem) kind|kinder|kindes",
  ].join("|"),
);

/** Unmistakably sexual words and phrases, in each language read. */
const SEXUAL = words(
  [
    "sex|sexy|sexual|sexually|sexting|sext|sexrp|sex ?rp|18 (?:stuff|rp|content|scene|scenes|things|roleplay)|adult (?:stuff|content|rp|roleplay|scene|scenes)|hook up with|hooking up with|hooked up with|beds (?:his|her|the|a|them)|bedding (?:his|her|the|a)|smut\\w*|smt|prn|sx|nkd|xxx|x rated|r18|lemon|lemons|talk dirty|dirty talk|talking dirty|dirty rp|dirty roleplay|dirty role play|turn me on|turns me on|turned on|nude|nudes|nudity|naked|nakid|nekkid|porn|porno|pornographic|erotic|erotica|fuck|fucking|fucked|fuk|fck|orgasm|orgasms|aroused|arousing|horny|breasts|boobs|boobies|tits|titties|nipples|genitals|penis|cock|dick|pussy|vagina|clit|make love|making love|made love|makes love|intercourse|molest\\w*|rape|raped|raping|rapes|seduc\\w*|undress|undressed|undressing|undresses|strips|stripped|stripping|striptease|strip for|strip naked|strip off|strip down|lewd|nsfw|grope\\w*|fondl\\w*|blowjob|handjob|oral sex|cum|cumming|masturbat\\w*|jerk off|jerking off|smut|smutty|erp|spicy rp|lingerie|panties|topless|bottomless|have sex|having sex|had sex|clothes off|take off (?:your|her|his|their) clothes|get naked|sensual|lust|lusting|lustful|kinky|kink|foreplay|steamy|bdsm|impregnat\\w*|deflower\\w*",
    "vuil rp|vuil praatjies|vuil rolspel|seks\\w*|kaal|naak|naakte|klere uittrek|klere uit|trek uit|naai haar|naai hom|vry met|poes|verlei\\w*",
    "sexo|sexual|desnuda|desnudo|desnudas|desnudos|desnudarse|desnudate|desnudar|follar\\w*|cogerla|cogerlo|porno|tetas|hacer el amor|haz el amor|cachonda|cachondo|excitada|excitado|erotic[oa]s?|violar|tocarla|manosear|seducir\\w*|seduceme|sedu[cz]c?a\\w*|rol (?:sucio|caliente)|rp (?:sucio|caliente|hot)",
    "sexo|sexual|nua|nuas|pelada|peladas|pelado|transar|transa|foder|fodendo|tesao|peitos|fazer amor|faz amor|excitada|tirar a roupa|tira a roupa|tire a roupa|erotic[oa]s?|estuprar|seduz\\w*|seduzir|safad\\w*|putaria",
    "sexe|sexuel|sexuelle|nue|nues|toute nue|baiser|baise|porno|seins|faire lamour|fais lamour|fait lamour|deshabille|deshabiller|deshabilles toi|erotique|violer|seduis\\w*|seduire|coquin\\w*|cochon\\w*",
    "sex\\w*|nackt|nackte|nackten|ficken|fick|bumsen|porno|titten|brusten|scharf auf|zieh dich (?:\\w+ ){0,3}aus|ausziehen fur mich|sich ausziehen|erotisch\\w*|vergewaltig\\w*|befummel\\w*|verfuhr\\w*|versaut\\w*|schmutzig\\w* rp",
  ].join("|"),
);

/** Words that are sexual in a sexual request and innocent elsewhere: only with an explicit minor. */
const SUGGESTIVE = words(
  [
    "(?:sleep|sleeps|sleeping|slept) (?:with (?:me|you|him|her|them|us|the king|the prince|the queen|the princess|the general|the lord|the knight|a man|an older man|a woman|an older woman)|together)|(?:sleep|sleeps|sleeping|slept) with (?:my|your|his|her|their|a|an|the) (?!(?:lights?|light on|nightlight|night light|door|window|tv|radio|fan|dog|cat|puppy|kitten|teddy|bear|blanket|toy|toys|dolls?)(?![a-z]))[a-z0-9]+|(?:in|into|to|come to|share my|get in) bed (?:with )?(?:me|you|him|her)|lover|lovers|hook up|hooks up|spicy|naughty|explicit|wedding night|make it hot|make out with|making out with|made out with|hook up with|hooking up with|touch me|touch you|touch her|touch him|be mine tonight|spend the night with",
    "slaap saam met|slaap by my",
    "(?:acuestate|acostarte|acostarse|acostarme|acuestese|duerme|dormir) con (?:ella|el|migo|conmigo|ella|ellos)|acuestate con",
    "dormir com (?:ela|ele|migo|comigo)|transar com",
    "coucher avec|dors avec moi",
    "mit (?:ihr|ihm|mir|dir) schlafen|schlaf mit mir",
  ].join("|"),
);

/**
 * Why a text's view is refused as sexual content involving minors, or null: a term that names such material, an
 * explicit minor (an age under 18, a school year, a word such as "underage") with a sexual or suggestive word, or a
 * child word with a plainly sexual one.
 *
 * @example
 * minorSexualContent("she is 15, undress her"); // "minor-sexual"
 * minorSexualContent("my kid wants to sleep with me tonight"); // null
 */
export function minorSexualContent(view: string): "always-refused" | "minor-sexual" | null {
  if (ALWAYS_REFUSED.test(view)) return "always-refused";
  const sexual = SEXUAL.test(view);
  if (!sexual && !SUGGESTIVE.test(view)) return null;
  if (MINOR_WORDS.test(view) || MINOR_AGE.test(view) || SCHOOL_YEAR.test(view)) return "minor-sexual";
  return sexual && CHILD_WORDS.test(view) ? "minor-sexual" : null;
}
