import type { CrisisLanguage } from "./crisis-language.js";

/**
 * The reply sent instead of role-play when a message tells of a risk to the writer's life or body: warm, out of
 * character, with free crisis lines (South Africa first, as Realmheart is priced for it), a way to find one
 * anywhere, and the emergency number. One per language whose crisis wording is recognised, written for this app
 * (see docs/security.md, "Crisis language").
 */
const CRISIS_REPLIES: Readonly<Record<CrisisLanguage, string>> = {
  en:
    "I'm stepping out of our story for a moment, because you matter more than any tale. " +
    "It sounds like you are carrying something very heavy, and you don't have to carry it alone. " +
    "In South Africa you can call the SADAG Suicide Crisis Helpline free on 0800 567 567 or Lifeline on 0861 322 322, day or night; " +
    "anywhere else, findahelpline.com lists free, confidential lines in your country. " +
    "If you are in immediate danger, please call your local emergency number (112 from any mobile phone). " +
    "I'm here, and we can keep talking whenever you want.",
  af:
    "Ek stap vir 'n oomblik uit ons storie, want jy is belangriker as enige verhaal. " +
    "Dit klink asof jy iets baie swaar dra, en jy hoef dit nie alleen te dra nie. " +
    "In Suid-Afrika kan jy die SADAG Selfmoord-krisislyn gratis bel by 0800 567 567 of Lifeline by 0861 322 322, dag of nag; " +
    "elders lys findahelpline.com gratis, vertroulike hulplyne in jou land. " +
    "As jy nou in gevaar is, bel asseblief jou plaaslike noodnommer (112 vanaf enige selfoon). " +
    "Ek is hier, en ons kan verder praat wanneer jy wil.",
  zu:
    "Ngiyaphuma endabeni yethu okwesikhashana, ngoba wena ubaluleke ukwedlula noma iyiphi indaba. " +
    "Kuzwakala sengathi uthwele umthwalo osindayo kakhulu, futhi akudingeki uwuthwale wedwa. " +
    "ENingizimu Afrika ungashayela i-SADAG Suicide Crisis Helpline mahhala ku-0800 567 567 noma i-Lifeline ku-0861 322 322, imini nobusuku; " +
    "kwamanye amazwe, i-findahelpline.com inezinombolo zosizo zamahhala nezimfihlo ezweni lakho. " +
    "Uma usengozini manje, sicela ushayele inombolo yezimo eziphuthumayo (112 kunoma yimuphi umakhalekhukhwini). " +
    "Ngilapha, futhi singaqhubeka nokukhuluma noma nini lapho ufuna.",
  xh:
    "Ndiphuma ebalini lethu okomzuzwana, kuba ubaluleke ngaphezu kwalo naliphi na ibali. " +
    "Kuvakala ngathi uthwele umthwalo onzima kakhulu, kwaye akunyanzelekanga ukuba uwuthwale wedwa. " +
    "EMzantsi Afrika ungatsalela i-SADAG Suicide Crisis Helpline simahla ku-0800 567 567 okanye i-Lifeline ku-0861 322 322, emini nasebusuku; " +
    "kwamanye amazwe, i-findahelpline.com inezinombolo zoncedo zasimahla neziyimfihlo kwilizwe lakho. " +
    "Ukuba usengozini ngoku, nceda utsalele inombolo yongxamiseko (112 kuyo nayiphi na iselfowuni). " +
    "Ndikhona, kwaye singaqhubeka sithetha nanini na xa ufuna.",
  es:
    "Salgo un momento de nuestra historia, porque tú importas más que cualquier relato. " +
    "Parece que llevas algo muy pesado, y no tienes que cargarlo a solas. " +
    "En Sudáfrica puedes llamar gratis a la línea de crisis de SADAG al 0800 567 567 o a Lifeline al 0861 322 322, de día o de noche; " +
    "en España, la línea 024 atiende gratis a toda hora, y en cualquier otro país findahelpline.com reúne líneas gratuitas y confidenciales. " +
    "Si estás en peligro ahora mismo, llama a tu número de emergencias (112 desde cualquier móvil). " +
    "Estoy aquí, y podemos seguir hablando cuando quieras.",
  pt:
    "Vou sair da nossa história por um momento, porque você importa mais do que qualquer conto. " +
    "Parece que você está carregando algo muito pesado, e não precisa carregar isso sozinho. " +
    "Na África do Sul você pode ligar de graça para a linha de crise da SADAG no 0800 567 567 ou para a Lifeline no 0861 322 322, de dia ou de noite; " +
    "no Brasil, o CVV atende de graça no 188, e em qualquer outro país o findahelpline.com reúne linhas gratuitas e confidenciais. " +
    "Se você estiver em perigo agora, ligue para o número de emergência local (112 de qualquer celular). " +
    "Estou aqui, e podemos continuar conversando quando você quiser.",
  fr:
    "Je sors un instant de notre histoire, parce que tu comptes plus que n'importe quel récit. " +
    "On dirait que tu portes quelque chose de très lourd, et tu n'as pas à le porter seul. " +
    "En Afrique du Sud, tu peux appeler gratuitement la ligne de crise de SADAG au 0800 567 567 ou Lifeline au 0861 322 322, jour et nuit ; " +
    "en France, le 3114 répond gratuitement à toute heure, et ailleurs findahelpline.com liste des lignes gratuites et confidentielles. " +
    "Si tu es en danger immédiat, appelle le numéro d'urgence local (112 depuis n'importe quel portable). " +
    "Je suis là, et nous pouvons continuer à parler quand tu veux.",
  de:
    "Ich trete für einen Moment aus unserer Geschichte heraus, denn du bist wichtiger als jede Erzählung. " +
    "Es klingt, als würdest du etwas sehr Schweres tragen, und du musst es nicht allein tragen. " +
    "In Südafrika erreichst du die SADAG-Krisenhotline kostenlos unter 0800 567 567 oder Lifeline unter 0861 322 322, Tag und Nacht; " +
    "in Deutschland ist die TelefonSeelsorge kostenlos unter 0800 111 0 111 erreichbar, und anderswo listet findahelpline.com kostenlose, vertrauliche Hilfen. " +
    "Wenn du gerade in Gefahr bist, ruf bitte den Notruf an (112 von jedem Handy). " +
    "Ich bin da, und wir können weiterreden, wann immer du möchtest.",
};

/**
 * The crisis reply in the writer's language (English for any language not listed).
 *
 * @example
 * crisisReply("af"); // "Ek stap vir 'n oomblik uit ons storie, …"
 */
export function crisisReply(language: CrisisLanguage): string {
  return CRISIS_REPLIES[language];
}

/**
 * What a profile, title or card field that tells of a crisis is refused with (see guard-fields.ts): such a text is
 * never said back in a story, and its writer gets the crisis lines rather than a bare refusal.
 */
const CRISIS_FIELD_MESSAGES: Readonly<Record<CrisisLanguage, string>> = {
  en: "We can't put this in a story, but you matter: if you are thinking of harming yourself, call the SADAG Suicide Crisis Helpline free on 0800 567 567 (South Africa, day or night) or find a line at findahelpline.com.",
  af: "Ons kan dit nie in 'n storie gebruik nie, maar jy is belangrik: as jy daaraan dink om jouself skade aan te doen, bel die SADAG Selfmoord-krisislyn gratis by 0800 567 567 (Suid-Afrika, dag of nag) of kry 'n hulplyn by findahelpline.com.",
  zu: "Asikwazi ukukufaka lokhu endabeni, kodwa ubalulekile: uma ucabanga ukuzilimaza, shayela i-SADAG Suicide Crisis Helpline mahhala ku-0800 567 567 (eNingizimu Afrika, imini nobusuku) noma uthole usizo ku-findahelpline.com.",
  xh: "Asinakukufaka oku ebalini, kodwa ubalulekile: ukuba ucinga ukuzenzakalisa, tsalela i-SADAG Suicide Crisis Helpline simahla ku-0800 567 567 (eMzantsi Afrika, emini nasebusuku) okanye ufumane uncedo ku-findahelpline.com.",
  es: "No podemos poner esto en una historia, pero tú importas: si piensas en hacerte daño, llama gratis a la línea de crisis de SADAG al 0800 567 567 (Sudáfrica, de día o de noche) o busca una línea en findahelpline.com.",
  pt: "Não podemos colocar isto numa história, mas você importa: se está pensando em se machucar, ligue de graça para a linha de crise da SADAG no 0800 567 567 (África do Sul, dia e noite) ou encontre uma linha em findahelpline.com.",
  fr: "Nous ne pouvons pas mettre cela dans une histoire, mais tu comptes : si tu penses à te faire du mal, appelle gratuitement la ligne de crise de SADAG au 0800 567 567 (Afrique du Sud, jour et nuit) ou trouve une ligne sur findahelpline.com.",
  de: "Das können wir nicht in eine Geschichte aufnehmen, aber du bist wichtig: Wenn du daran denkst, dir etwas anzutun, ruf kostenlos die SADAG-Krisenhotline unter 0800 567 567 an (Südafrika, Tag und Nacht) oder finde Hilfe auf findahelpline.com.",
};

/**
 * The message a field telling of a crisis is refused with, in the writer's language.
 *
 * @example
 * crisisFieldMessage("en"); // "We can't put this in a story, but you matter: …"
 */
export function crisisFieldMessage(language: CrisisLanguage): string {
  return CRISIS_FIELD_MESSAGES[language];
}
