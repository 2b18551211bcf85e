// The crisis phrase families of Afrikaans, isiZulu and isiXhosa, Spanish, Portuguese, French and German: the ways
// of saying it a native speaker uses, fewer than English's (see docs/security.md for what they reach).
import { phrase, stem, type CrisisPhrase } from "./phrase.js";

// Afrikaans. "Myself" is "myself" or "my"; the negation "nie … nie" brackets the verb.
export const AFRIKAANS: CrisisPhrase[] = [
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
export const NGUNI: CrisisPhrase[] = [
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
export const SPANISH: CrisisPhrase[] = [
  phrase(
    "direct",
    "es",
    "(?:matarme|me voy a matar|me quiero matar|quiero matarme|voy a matarme|suicidarme|me voy a suicidar|me quiero suicidar|quitarme la vida|me quito la vida|acabar con mi vida|terminar con mi vida|poner fin a mi vida|ahorcarme|(?:tirarme|me voy a tirar|me quiero tirar|me tiro|aventarme|lanzarme) (?:de|del|desde|por|al|a las|bajo) (?:un |el |la |una )?(?:puente|edificio|techo|ventana|balcon|vias|tren|metro|azotea))|suicidio|suicida|suicidar",
    "(?:se|su|sus) (?:\\w+ )?suicid|(?:libro|pelicula|serie|cancion|noticia) (?:sobre|de) (?:el )?suicidio",
  ),
  phrase(
    "passive",
    "es",
    "(?:me quiero|quiero|quisiera|deseo|ojala) (?:\\w+ )?(?:morir|morirme|estar muerto|estar muerta|desaparecer para siempre|no despertar|no existir)|(?:no|ya no) (?:quiero|deseo|tengo ganas de) (?:seguir )?(?:vivir|viviendo|viva|vivo|despertar|existir|estar aqui|aqui)|(?:no|nunca) (?:despertara|despertar|despierte|volver a despertar)(?: nunca)?(?: mas)?|no (?:tengo|hay) (?:ninguna )?razon (?:para|de) (?:vivir|seguir)|(?:cansado|cansada|harto|harta) de (?:vivir|la vida|existir)|no (?:puedo|aguanto) (?:mas|seguir) (?:con )?(?:la vida|vivir|viviendo|asi)|ojala no despertar|morirme ya",
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
export const PORTUGUESE: CrisisPhrase[] = [
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
export const FRENCH: CrisisPhrase[] = [
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
export const GERMAN: CrisisPhrase[] = [
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
    "uberdosis|(?:alle|eine packung|die ganze packung|viele) (?:meine |meiner |die )?(?:\\w*tabletten|\\w*pillen|medikamente) (?:\\w+ ){0,2}(?:genommen|geschluckt|nehmen|schlucken)",
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

/** Wordings of these languages the later corpus sets held (written without the rules), after the first readings. */
export const OTHER_LANGUAGES_MORE: CrisisPhrase[] = [
  phrase(
    "overdose",
    "af",
    "(?:die hele|n hele) (?:\\w+ ){0,2}(?:pille|slaappille|pilletjies|tablette|medisyne) (?:\\w+ )?(?:gedrink|geneem|gesluk|ingesluk)",
  ),
  stem(
    "passive",
    "zu",
    "khathele ukuphila|angisafuni ukuba lapha|andisafuni ukuba apha|andisafuni ukuba lapha",
  ),
  stem(
    "goodbye",
    "zu",
    "umlayezo wami wokugcina|umyalezo wam wokugqibela|incwadi yami yokugcina|ileta yam yokugqibela",
  ),
  phrase("ending", "es", "(?:lo )?(?:termino|acabo) (?:con )?todo(?: esta noche| hoy| ya|$)"),
  phrase("goodbye", "es", "(?:cartas|notas|mensajes) de despedida"),
  phrase(
    "ending",
    "pt",
    "(?:acabo|acabar|vou acabar) com (?:a )?minha vida|(?:sumir|desaparecer) (?:de vez|para sempre|pra sempre)",
  ),
  phrase("burden", "de", "ohne mich (?:\\w+ )?besser(?: dran)?|besser dran ohne mich"),
];
