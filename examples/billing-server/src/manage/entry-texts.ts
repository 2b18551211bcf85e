// The words of the hosted page's entry (a link from customer info, which proves nothing about its holder) and of the
// sign-in mail it sends, in the languages of the other hosted pages (`manage-texts.ts`). `{title}` is the page's
// title in that language ("Manage subscription").

/** Every text the entry page and the sign-in mail show. */
export interface EntryTexts {
  /** Why the customer has to sign in first. */
  intro: string;
  /** Where the link will go, without revealing the address. */
  willEmail: string;
  /** The button that mails the link. */
  emailMe: string;
  /** The answer to the button, the same whether or not a mail went out; says how long the link works. */
  sent: string;
  sentHelp: string;
  /** Shown instead of the button when the server has no mailer (or no public URL to put in a mail). */
  noMail: string;
  /** Shown instead of the button when no purchase of the customer has an email address. */
  noEmail: string;
  /** Where else a link can come from; `{title}` is the page's title. */
  openInApp: string;
  mailSubject: string;
  mailGreeting: string;
  mailAsk: string;
  mailExpiry: string;
  mailIgnore: string;
  mailPersonal: string;
}

const en: EntryTexts = {
  intro: "To see your receipts or change your subscription, sign in with a link we email you.",
  willEmail: "We will email a sign-in link to the email address you used at checkout.",
  emailMe: "Email me a link",
  sent: "A sign-in link is on its way to the email address you used at checkout. The link works for 1 hour.",
  sentHelp:
    "Nothing after a few minutes? Check your spam folder. To protect you, we send only a few links an hour: if you asked several times, wait an hour and try again.",
  noMail: "This server does not send email, so we cannot send you a sign-in link.",
  noEmail: "We have no email address for your purchase, so we cannot send you a sign-in link.",
  openInApp: "Open “{title}” from inside the app you subscribed in.",
  mailSubject: "Your link to manage your subscription",
  mailGreeting: "Hello,",
  mailAsk: "You asked for a link to see your receipts and manage your subscription.",
  mailExpiry: "The link works for 1 hour.",
  mailIgnore: "If you did not ask for it, ignore this mail: nothing changes without the link.",
  mailPersonal: "The link is personal: please do not forward this mail.",
};

const es: EntryTexts = {
  intro:
    "Para ver tus recibos o cambiar tu suscripción, inicia sesión con un enlace que te enviamos por correo.",
  willEmail: "Enviaremos un enlace de inicio de sesión a la dirección de correo que usaste al pagar.",
  emailMe: "Envíame un enlace",
  sent: "Un enlace de inicio de sesión va de camino a la dirección de correo que usaste al pagar. El enlace funciona durante 1 hora.",
  sentHelp:
    "¿No llega en unos minutos? Revisa la carpeta de spam. Para protegerte, enviamos solo unos pocos enlaces por hora: si lo pediste varias veces, espera una hora y vuelve a intentarlo.",
  noMail: "Este servidor no envía correos, así que no podemos enviarte un enlace de inicio de sesión.",
  noEmail:
    "No tenemos ninguna dirección de correo de tu compra, así que no podemos enviarte un enlace de inicio de sesión.",
  openInApp: "Abre «{title}» desde la app en la que te suscribiste.",
  mailSubject: "Tu enlace para gestionar tu suscripción",
  mailGreeting: "Hola:",
  mailAsk: "Has pedido un enlace para ver tus recibos y gestionar tu suscripción.",
  mailExpiry: "El enlace funciona durante 1 hora.",
  mailIgnore: "Si no lo pediste, ignora este correo: nada cambia sin el enlace.",
  mailPersonal: "El enlace es personal: no reenvíes este correo.",
};

const fr: EntryTexts = {
  intro:
    "Pour voir vos reçus ou modifier votre abonnement, connectez-vous avec un lien que nous vous envoyons par e-mail.",
  willEmail: "Nous enverrons un lien de connexion à l’adresse e-mail utilisée lors de votre achat.",
  emailMe: "M’envoyer un lien",
  sent: "Un lien de connexion est en route vers l’adresse e-mail utilisée lors de votre achat. Le lien est valable 1 heure.",
  sentHelp:
    "Rien reçu après quelques minutes ? Vérifiez vos courriers indésirables. Pour vous protéger, nous n’envoyons que quelques liens par heure : si vous en avez demandé plusieurs, patientez une heure et réessayez.",
  noMail: "Ce serveur n’envoie pas d’e-mails : nous ne pouvons donc pas vous envoyer de lien de connexion.",
  noEmail:
    "Nous n’avons aucune adresse e-mail pour votre achat : nous ne pouvons donc pas vous envoyer de lien de connexion.",
  openInApp: "Ouvrez « {title} » depuis l’application dans laquelle vous vous êtes abonné.",
  mailSubject: "Votre lien pour gérer votre abonnement",
  mailGreeting: "Bonjour,",
  mailAsk: "Vous avez demandé un lien pour voir vos reçus et gérer votre abonnement.",
  mailExpiry: "Le lien est valable 1 heure.",
  mailIgnore: "Si vous ne l’avez pas demandé, ignorez cet e-mail : rien ne change sans le lien.",
  mailPersonal: "Le lien est personnel : merci de ne pas transférer cet e-mail.",
};

const de: EntryTexts = {
  intro:
    "Um deine Belege zu sehen oder dein Abo zu ändern, melde dich mit einem Link an, den wir dir per E-Mail schicken.",
  willEmail: "Wir schicken einen Anmeldelink an die E-Mail-Adresse, die du beim Kauf angegeben hast.",
  emailMe: "Link per E-Mail schicken",
  sent: "Ein Anmeldelink ist unterwegs an die E-Mail-Adresse, die du beim Kauf angegeben hast. Der Link gilt 1 Stunde.",
  sentHelp:
    "Nach ein paar Minuten nichts angekommen? Sieh im Spam-Ordner nach. Zu deinem Schutz schicken wir nur wenige Links pro Stunde: Wenn du mehrmals angefragt hast, warte eine Stunde und versuche es erneut.",
  noMail: "Dieser Server verschickt keine E-Mails, daher können wir dir keinen Anmeldelink schicken.",
  noEmail:
    "Zu deinem Kauf ist keine E-Mail-Adresse hinterlegt, daher können wir dir keinen Anmeldelink schicken.",
  openInApp: "Öffne „{title}“ in der App, in der du das Abo abgeschlossen hast.",
  mailSubject: "Dein Link zur Verwaltung deines Abos",
  mailGreeting: "Hallo,",
  mailAsk: "Du hast einen Link angefordert, um deine Belege zu sehen und dein Abo zu verwalten.",
  mailExpiry: "Der Link gilt 1 Stunde.",
  mailIgnore: "Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail: Ohne den Link ändert sich nichts.",
  mailPersonal: "Der Link ist persönlich: Bitte leite diese E-Mail nicht weiter.",
};

const pt: EntryTexts = {
  intro:
    "Para ver os seus recibos ou alterar a sua subscrição, inicie sessão com uma ligação que lhe enviamos por e-mail.",
  willEmail: "Enviaremos uma ligação de início de sessão para o endereço de e-mail que usou na compra.",
  emailMe: "Enviar-me uma ligação",
  sent: "Uma ligação de início de sessão está a caminho do endereço de e-mail que usou na compra. A ligação funciona durante 1 hora.",
  sentHelp:
    "Não chegou nada após alguns minutos? Verifique a pasta de spam. Para sua proteção, enviamos apenas algumas ligações por hora: se pediu várias vezes, aguarde uma hora e tente novamente.",
  noMail: "Este servidor não envia e-mails, por isso não lhe podemos enviar uma ligação de início de sessão.",
  noEmail:
    "Não temos nenhum endereço de e-mail da sua compra, por isso não lhe podemos enviar uma ligação de início de sessão.",
  openInApp: "Abra «{title}» dentro da aplicação em que fez a subscrição.",
  mailSubject: "A sua ligação para gerir a subscrição",
  mailGreeting: "Olá,",
  mailAsk: "Pediu uma ligação para ver os seus recibos e gerir a sua subscrição.",
  mailExpiry: "A ligação funciona durante 1 hora.",
  mailIgnore: "Se não a pediu, ignore este e-mail: nada muda sem a ligação.",
  mailPersonal: "A ligação é pessoal: não reencaminhe este e-mail.",
};

const ar: EntryTexts = {
  intro: "لعرض إيصالاتك أو تغيير اشتراكك، سجّل الدخول عبر رابط نرسله إلى بريدك الإلكتروني.",
  willEmail: "سنرسل رابط تسجيل الدخول إلى عنوان البريد الإلكتروني الذي استخدمته عند الشراء.",
  emailMe: "أرسل لي رابطًا",
  sent: "رابط تسجيل الدخول في طريقه إلى عنوان البريد الإلكتروني الذي استخدمته عند الشراء. يعمل الرابط لمدة ساعة واحدة.",
  sentHelp:
    "لم يصلك شيء بعد بضع دقائق؟ تحقّق من مجلد الرسائل غير المرغوب فيها. لحمايتك نرسل عددًا قليلًا من الروابط في الساعة: إذا طلبته عدة مرات، فانتظر ساعة ثم حاول مرة أخرى.",
  noMail: "لا يرسل هذا الخادم رسائل بريد إلكتروني، لذا لا يمكننا إرسال رابط تسجيل الدخول إليك.",
  noEmail: "لا يوجد لدينا عنوان بريد إلكتروني لعملية الشراء، لذا لا يمكننا إرسال رابط تسجيل الدخول إليك.",
  openInApp: "افتح «{title}» من داخل التطبيق الذي اشتركت فيه.",
  mailSubject: "رابط إدارة اشتراكك",
  mailGreeting: "مرحبًا،",
  mailAsk: "طلبت رابطًا لعرض إيصالاتك وإدارة اشتراكك.",
  mailExpiry: "يعمل الرابط لمدة ساعة واحدة.",
  mailIgnore: "إذا لم تطلبه، فتجاهل هذه الرسالة: لا يتغير شيء دون الرابط.",
  mailPersonal: "الرابط شخصي: يُرجى عدم إعادة توجيه هذه الرسالة.",
};

/** The entry page's and sign-in mail's languages: those of the other hosted pages (a parity test checks it). */
export const ENTRY_LOCALES: Record<string, EntryTexts> = { en, es, fr, de, pt, ar };

/**
 * The entry texts of `locale` (a language `pickManageLocale` chose), English for one they do not speak.
 *
 * @example
 * entryTexts("fr").emailMe; // "M’envoyer un lien"
 */
export const entryTexts = (locale: string): EntryTexts => ENTRY_LOCALES[locale] ?? ENTRY_LOCALES.en!;
